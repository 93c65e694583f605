import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FeedListQuery } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import { estimatedRows } from '../../db/planner.js';
import { rowsOf } from '../../db/rows.js';
import {
  clothes,
  feedClothes,
  feedCounts,
  feedLikes,
  feeds,
  follows,
  profiles,
  users,
  weatherForecasts,
} from '../../db/schema/index.js';
import { afterCursor, keysetAfter, keysetOrder, parseCursor } from '../../lib/cursor.js';
import { literalLimit, preparedStatements, runPrepared } from '../../lib/prepared.js';
import { containsText } from '../../lib/text-search.js';
import { userSummaryColumns } from '../../lib/user-summary.js';
import type { ClothesApi, OotdGarment } from '../clothes/index.js';
import { must } from '../../lib/must.js';

/** A garment as stored in a feed (snapshot), before URLs are made. */
export type FeedGarmentRow = OotdGarment;

// The viewer's like as a join on the primary key: one index probe per shown feed. (As an EXISTS in the select
// list PostgreSQL may instead hash every like the viewer ever gave.)
const myLike = alias(feedLikes, 'my_like');

/**
 * Everything a `FeedDto` shows, in one statement: the feed, its author, its forecast, its garments (json_agg
 * over the feed's snapshot rows) and whether the viewer liked it (`myLike`, joined in `selectFeeds`).
 */
function feedColumns() {
  return {
    id: feeds.id,
    content: feeds.content,
    likeCount: feeds.likeCount,
    commentCount: feeds.commentCount,
    createdAt: feeds.createdAt,
    updatedAt: feeds.updatedAt,
    author: userSummaryColumns,
    weather: {
      id: weatherForecasts.id,
      skyStatus: weatherForecasts.skyStatus,
      precipitationType: weatherForecasts.precipitationType,
      precipitationAmount: weatherForecasts.precipitationAmount,
      precipitationProbability: weatherForecasts.precipitationProbability,
      temperatureCurrent: weatherForecasts.temperatureCurrent,
      temperatureMin: weatherForecasts.temperatureMin,
      temperatureMax: weatherForecasts.temperatureMax,
      temperatureComparedToDayBefore: weatherForecasts.temperatureComparedToDayBefore,
    },
    likedByMe: sql<boolean>`(${myLike.userId} is not null)`,
    garments: sql<FeedGarmentRow[]>`coalesce((
      select json_agg(json_build_object('clothesId', fc.clothes_id, 'name', fc.name, 'type', fc.type,
        'imageKey', fc.image_key, 'thumbnailKey', fc.thumbnail_key, 'attributes', fc.attributes) order by fc.position)
      from ${feedClothes} fc where fc.feed_id = ${feeds.id}), '[]'::json)`,
  };
}

/** `total`: the list's totalCount as a column of a page's statement (see pageStatement), else null. */
function selectFeeds(
  db: Executor,
  viewerId: string | Placeholder,
  total: SQL<number | null> = sql<number | null>`null::int`,
) {
  return db
    .select({ ...feedColumns(), total })
    .from(feeds)
    .innerJoin(users, eq(users.id, feeds.authorId))
    .leftJoin(profiles, eq(profiles.userId, feeds.authorId))
    .innerJoin(weatherForecasts, eq(weatherForecasts.id, feeds.weatherId))
    .leftJoin(myLike, and(eq(myLike.feedId, feeds.id), eq(myLike.userId, viewerId)));
}

export type FeedRow = Awaited<ReturnType<ReturnType<typeof selectFeeds>['execute']>>[number];

// Its own alias, so the subquery never reads the author joined in the outer query.
const keywordAuthors = alias(users, 'keyword_authors');

/** Beyond this many name matches the author side stays a subquery instead of a list of ids. */
export const KEYWORD_AUTHOR_IDS_MAX = 1_000;

/**
 * Keyword over the content and the author's name. The authors are normally resolved beforehand
 * (`keywordAuthorIds`), so PostgreSQL plans with the actual ids (none, usually) instead of guessing the size of a
 * subquery: that guess made it walk a million rows for a rare word. `useIndex: false` leaves the content index
 * out (see containsText): for a keyword most feeds contain, the list then walks its sort index and checks each
 * row, which reaches a page after a few rows.
 */
function keywordCondition(term: string, authorIds: readonly string[] | undefined, useIndex: boolean): SQL {
  const content = containsText(feeds.content, term, { index: useIndex });
  if (authorIds === undefined) {
    const named = sql`array(select ${keywordAuthors.id} from ${users} ${keywordAuthors} where ${containsText(keywordAuthors.name, term)})`;
    return sql`(${content} or ${feeds.authorId} = any(${named}))`;
  }
  if (authorIds.length === 0) return content;
  // One array parameter rather than a list: the statement text stays the same whatever the number of ids.
  return sql`(${content} or ${feeds.authorId} = any(${sql.param([...authorIds])}::uuid[]))`;
}

/** Which feeds a list shows: the query's own filters, and its keyword (trimmed) with the users it names. */
export interface FeedFilters extends Partial<
  Pick<FeedListQuery, 'skyStatusEqual' | 'precipitationTypeEqual' | 'authorIdEqual'>
> {
  keyword?: string | undefined;
  /** Users whose name contains the keyword; undefined = match the names inside the query (too many to list). */
  keywordAuthorIds?: readonly string[] | undefined;
}

function filterConditions(f: FeedFilters, keywordIndex = true): SQL[] {
  const conditions: SQL[] = [];
  if (f.keyword !== undefined) conditions.push(keywordCondition(f.keyword, f.keywordAuthorIds, keywordIndex));
  if (f.skyStatusEqual) conditions.push(eq(feeds.skyStatus, f.skyStatusEqual));
  if (f.precipitationTypeEqual) conditions.push(eq(feeds.precipitationType, f.precipitationTypeEqual));
  if (f.authorIdEqual) conditions.push(eq(feeds.authorId, f.authorIdEqual));
  return conditions;
}

/** One page of the list as planned by feed-list.ts: what to read, and how. */
export interface FeedPagePlan extends Pick<
  FeedListQuery,
  'sortBy' | 'sortDirection' | 'cursor' | 'idAfter' | 'limit'
> {
  filters: FeedFilters;
  /** Whether a keyword goes through the content index or is checked row by row (containsText). */
  keywordIndex: boolean;
  /** Whether to run it as a prepared statement (lib/prepared.ts). */
  prepared: boolean;
}

/** `limit + 1` rows of the page after `conditions` (see FeedsRepo.pageQuery). */
function pageOf(
  db: Executor,
  viewerId: string | Placeholder,
  q: FeedPagePlan,
  conditions: (SQL | undefined)[],
  total?: SQL<number | null>,
) {
  const sortColumn = q.sortBy === 'likeCount' ? feeds.likeCount : feeds.createdAt;
  const order = keysetOrder(q.sortDirection, sortColumn, feeds.id);
  // The page's ids first, the joins and garments for those rows only: otherwise PostgreSQL may join every
  // candidate of a keyword before sorting out the page (1,000 author lookups for an 11-row page).
  const pageIds = db
    .select({ id: feeds.id })
    .from(feeds)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(literalLimit(q.limit + 1));
  return selectFeeds(db, viewerId, total)
    .where(inArray(feeds.id, pageIds))
    .orderBy(...order);
}

/**
 * The totalCount of a list without a keyword as a scalar subquery (run once per statement), with the filters'
 * values as placeholders: the same answer as `countQuery` (a sum over `feed_counts`, or an index-backed count by
 * author). In the count by author `feeds` is its own scan, so the filter binds to it, not to the page's rows.
 */
function totalColumn(f: FeedFilters): SQL<number | null> {
  const sky = f.skyStatusEqual ? sql.placeholder('skyStatus') : undefined;
  const precipitation = f.precipitationTypeEqual ? sql.placeholder('precipitationType') : undefined;
  if (!f.authorIdEqual) {
    const where = and(
      sky ? eq(feedCounts.skyStatus, sky) : undefined,
      precipitation ? eq(feedCounts.precipitationType, precipitation) : undefined,
    );
    return sql<number>`(select coalesce(sum(${feedCounts.feedCount}), 0)::int from ${feedCounts}${where ? sql` where ${where}` : sql``})`;
  }
  const where = and(
    eq(feeds.authorId, sql.placeholder('authorId')),
    sky ? eq(feeds.skyStatus, sky) : undefined,
    precipitation ? eq(feeds.precipitationType, precipitation) : undefined,
  );
  return sql<number>`(select count(*)::int from ${feeds} where ${where})`;
}

/**
 * A page without a keyword and its list's totalCount (`total` on every row: one statement and one round trip
 * instead of two), built once per shape with its values as placeholders (lib/prepared.ts).
 */
const pageStatement = preparedStatements(
  (db: Executor, q: FeedPagePlan) => {
    const f = q.filters;
    const sortColumn = q.sortBy === 'likeCount' ? feeds.likeCount : feeds.createdAt;
    const kind = q.sortBy === 'likeCount' ? 'integer' : 'instant';
    const idAfter = q.idAfter === undefined ? undefined : sql.placeholder('idAfter');
    return pageOf(
      db,
      sql.placeholder('viewerId'),
      q,
      [
        f.skyStatusEqual ? eq(feeds.skyStatus, sql.placeholder('skyStatus')) : undefined,
        f.precipitationTypeEqual
          ? eq(feeds.precipitationType, sql.placeholder('precipitationType'))
          : undefined,
        f.authorIdEqual ? eq(feeds.authorId, sql.placeholder('authorId')) : undefined,
        q.cursor === undefined
          ? undefined
          : keysetAfter(sortColumn, feeds.id, q.sortDirection, kind, sql.placeholder('bound'), idAfter),
      ],
      totalColumn(f),
    );
  },
  (q: FeedPagePlan) =>
    [
      q.sortBy,
      q.sortDirection,
      q.limit,
      q.cursor !== undefined,
      q.idAfter !== undefined,
      !!q.filters.skyStatusEqual,
      !!q.filters.precipitationTypeEqual,
      !!q.filters.authorIdEqual,
    ].join(','),
);

/**
 * The feeds of a page by their ids, in the list's order: the second half of a keyword page through the content
 * index (FeedsRepo.keywordPage), built once per sort with the ids as one array placeholder. Its plan (a primary
 * key probe per id, then the joins) is the same whatever the word, so it is prepared; planning these joins for
 * each search was most of a keyword page's database time (≈2 ms of ≈2.5 ms on 200 feeds).
 */
const byIdsStatement = preparedStatements(
  (db: Executor, q: Pick<FeedPagePlan, 'sortBy' | 'sortDirection'>) => {
    const sortColumn = q.sortBy === 'likeCount' ? feeds.likeCount : feeds.createdAt;
    return selectFeeds(db, sql.placeholder('viewerId'))
      .where(sql`${feeds.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(...keysetOrder(q.sortDirection, sortColumn, feeds.id));
  },
  (q: Pick<FeedPagePlan, 'sortBy' | 'sortDirection'>) => `${q.sortBy},${q.sortDirection}`,
);

/**
 * An author's post count and latest post, as an expression for the caller's own statement: changes with every post
 * added or removed (the recommender's wear history cache).
 */
export function historyVersionSql(authorId: string): SQL<string> {
  return sql<string>`(select count(*) || '/' || coalesce(max(f.created_at)::text, '') from feeds f where f.author_id = ${authorId})`;
}

/** What the feed's queries take from other domains. */
export interface FeedsRepoDeps {
  /** A snapshot's garment attributes, read the closet's way (the clothes module's api). */
  clothesAttributesOf: ClothesApi['attributesOf'];
}

export function createFeedsRepo({ clothesAttributesOf }: FeedsRepoDeps) {
  /** The number of all feeds, from the counters (see countQuery), built once. */
  const allFeedsCount = preparedStatements(
    (db: Executor) => repo.countQuery(db, {}),
    () => '',
  );
  const repo = {
    /**
     * `limit + 1` rows after the cursor in the requested order (keyset: sort key, then id, same direction).
     *
     * Stability while others write. By createdAt the key of a row never changes and new rows are newer than any
     * cursor, so every row that existed when paging began is returned exactly once (new ones only ever at the
     * end of an ascending walk). By likeCount the cursor is the like count of the last row *at the time that page
     * was read*; successive cursors only move forward, so they split the key space into disjoint ranges and every
     * row whose like count did not change during the walk is still returned exactly once. A row liked or unliked
     * meanwhile can cross the cursor: it may then be returned twice (once at its old, once at its new count) or
     * not at all. Nothing stateless can do better with a like-count cursor (docs/api.md fixes it as a plain decimal);
     * clients drop repeated ids (the web list stores ignore an id they already hold), and
     * test/http/feeds-paging.http.test.ts checks exactly this guarantee.
     */
    pageQuery(db: Executor, viewerId: string, q: FeedPagePlan) {
      const sortColumn = q.sortBy === 'likeCount' ? feeds.likeCount : feeds.createdAt;
      const kind = q.sortBy === 'likeCount' ? 'integer' : 'instant';
      const after = afterCursor(sortColumn, feeds.id, q.sortDirection, kind, q.cursor, q.idAfter);
      return pageOf(db, viewerId, q, [...filterConditions(q.filters, q.keywordIndex), after]);
    },

    /**
     * The page (see pageQuery), prepared when the plan says so. Without a keyword it runs a statement built once
     * per shape (filters present, sort, cursor, limit) with the values as placeholders, and every row carries
     * the list's totalCount as `total`; a keyword walk is prepared from its text (`total` null).
     */
    async page(db: Executor, viewerId: string, q: FeedPagePlan): Promise<FeedRow[]> {
      if (q.filters.keyword === undefined) {
        const bound =
          q.cursor === undefined
            ? undefined
            : parseCursor(q.sortBy === 'likeCount' ? 'integer' : 'instant', q.cursor);
        return pageStatement(db, q, {
          viewerId,
          bound: bound instanceof Date ? bound.toISOString() : bound,
          idAfter: q.idAfter,
          skyStatus: q.filters.skyStatusEqual,
          precipitationType: q.filters.precipitationTypeEqual,
          authorId: q.filters.authorIdEqual,
        });
      }
      const query = repo.pageQuery(db, viewerId, q);
      return q.prepared ? runPrepared(query) : query;
    },

    /**
     * A keyword page through the content index, in two statements: the page's ids (planned for this word: the
     * index's plan depends on it) with, when `withCount`, the search's count in the same round trip; then the
     * feeds themselves by id, prepared (byIdsStatement). `total` is null without `withCount`; `retried` is set by
     * its own second reading.
     */
    async keywordPage(
      db: Executor,
      viewerId: string,
      q: FeedPagePlan,
      withCount: boolean,
      retried = false,
    ): Promise<{ rows: FeedRow[]; total: number | null }> {
      const sortColumn = q.sortBy === 'likeCount' ? feeds.likeCount : feeds.createdAt;
      const kind = q.sortBy === 'likeCount' ? 'integer' : 'instant';
      const after = afterCursor(sortColumn, feeds.id, q.sortDirection, kind, q.cursor, q.idAfter);
      const pageIds = db
        .select({ id: feeds.id })
        .from(feeds)
        .where(and(...filterConditions(q.filters, true), after))
        .orderBy(...keysetOrder(q.sortDirection, sortColumn, feeds.id))
        .limit(literalLimit(q.limit + 1));
      const total = withCount
        ? sql`(select count(*)::int from ${feeds} where ${and(...filterConditions(q.filters))})`
        : sql`null::int`;
      const [found] = await rowsOf<{ ids: string; total: number | null }>(
        db,
        sql`select (select coalesce(json_agg(p.id), '[]')::text from (${pageIds}) p) as ids, ${total} as total`,
      );
      const ids = JSON.parse(found?.ids ?? '[]') as string[];
      const rows = ids.length === 0 ? [] : await byIdsStatement(db, q, { viewerId, ids });
      // A feed deleted between the two statements would end the page early (hasNext counts the rows): read again.
      if (rows.length < ids.length && !retried) return repo.keywordPage(db, viewerId, q, withCount, true);
      return { rows, total: found?.total ?? null };
    },

    /** Number of feeds matching the filters (see countQuery). */
    async count(db: Executor, f: FeedFilters, options: { prepared: boolean }): Promise<number> {
      const unfiltered = Object.values(f).every((v) => v === undefined);
      const query = unfiltered ? undefined : repo.countQuery(db, f);
      // The whole list's count (the home feed's) has no values at all: one statement built once.
      const [row] = !query
        ? await allFeedsCount(db, undefined, {})
        : options.prepared
          ? await runPrepared(query)
          : await query;
      return row?.n ?? 0;
    },

    /**
     * Feeds matching the filters (one row, `n`). Without a keyword or author the answer is a sum over
     * `feed_counts` (kept by triggers), so the unfiltered list never counts a million rows; otherwise an
     * index-backed count. `pageQuery` and `countQuery` return the query unexecuted, so the benchmark can EXPLAIN
     * exactly what the API runs.
     */
    countQuery(db: Executor, f: FeedFilters) {
      if (f.keyword === undefined && f.authorIdEqual === undefined) {
        const conditions: SQL[] = [];
        if (f.skyStatusEqual) conditions.push(eq(feedCounts.skyStatus, f.skyStatusEqual));
        if (f.precipitationTypeEqual)
          conditions.push(eq(feedCounts.precipitationType, f.precipitationTypeEqual));
        return db
          .select({ n: sql<number>`coalesce(sum(${feedCounts.feedCount}), 0)::int` })
          .from(feedCounts)
          .where(and(...conditions));
      }
      return db
        .select({ n: sql<number>`count(*)::int` })
        .from(feeds)
        .where(and(...filterConditions(f)));
    },

    /** Ids of users whose name contains `term`, or undefined when more than KEYWORD_AUTHOR_IDS_MAX do. */
    async authorIdsNamed(db: Executor, term: string): Promise<string[] | undefined> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(containsText(users.name, term))
        .limit(KEYWORD_AUTHOR_IDS_MAX + 1);
      return rows.length > KEYWORD_AUTHOR_IDS_MAX ? undefined : rows.map((r) => r.id);
    },

    /**
     * The planner's estimate of how many feeds match, from column statistics (the keyword as a plain ILIKE, whose
     * estimate follows the content's histogram; the grams condition's would multiply per-bigram frequencies as if
     * independent and come out far too low). Costs a plan, not a scan.
     */
    async estimateMatches(db: Executor, f: FeedFilters): Promise<number> {
      return estimatedRows(
        db,
        db
          .select({ one: sql`1` })
          .from(feeds)
          .where(and(...filterConditions(f, false))),
      );
    },

    async findDto(db: Executor, viewerId: string, feedId: string): Promise<FeedRow | undefined> {
      const [row] = await selectFeeds(db, viewerId).where(eq(feeds.id, feedId)).limit(1);
      return row;
    },

    /** A garment's owner, for the wear call's ownership check (docs/api.md §9.8). */
    async garmentOwner(db: Executor, clothesId: string): Promise<{ ownerId: string } | undefined> {
      const [row] = await db
        .select({ ownerId: clothes.ownerId })
        .from(clothes)
        .where(eq(clothes.id, clothesId))
        .limit(1);
      return row;
    },

    /**
     * How often `authorId` posted the garment, the latest such post's time, and the newest `limit` of those posts
     * as `FeedDto` rows for `viewerId`: the garment's snapshots through `feed_clothes_clothes_idx`, then their
     * feeds by primary key (a garment is in few posts). A deleted garment's snapshots lose its id, so it counts
     * nothing; the author check matches the closet report's wear count (§9.4).
     */
    async wear(db: Executor, viewerId: string, authorId: string, clothesId: string, limit: number) {
      const worn = sql`${feeds.id} in (select fc.feed_id from ${feedClothes} fc where fc.clothes_id = ${clothesId})
        and ${feeds.authorId} = ${authorId}`;
      const [totals] = await db
        .select({
          wearCount: sql<number>`count(*)::int`,
          lastWornAt: sql<Date | null>`max(${feeds.createdAt})`,
        })
        .from(feeds)
        .where(worn);
      const rows = await selectFeeds(db, viewerId)
        .where(worn)
        .orderBy(sql`${feeds.createdAt} desc, ${feeds.id} desc`)
        .limit(limit);
      const last = totals?.lastWornAt;
      return {
        wearCount: totals?.wearCount ?? 0,
        // A bare max() comes back from the pg driver as text, not as a Date.
        lastWornAt: last ? new Date(last) : null,
        rows,
      };
    },

    async findOwner(db: Executor, feedId: string): Promise<{ authorId: string } | undefined> {
      const [row] = await db
        .select({ authorId: feeds.authorId })
        .from(feeds)
        .where(eq(feeds.id, feedId))
        .limit(1);
      return row;
    },

    async findWeather(db: Executor, weatherId: string) {
      const [row] = await db
        .select({
          id: weatherForecasts.id,
          skyStatus: weatherForecasts.skyStatus,
          precipitationType: weatherForecasts.precipitationType,
        })
        .from(weatherForecasts)
        .where(eq(weatherForecasts.id, weatherId))
        .limit(1);
      return row;
    },

    /**
     * The garments as they are now, locked (FOR SHARE) until the feed's transaction ends, so one cannot be
     * deleted between this read and the snapshot insert.
     */
    async garmentsForSnapshot(db: Executor, ids: readonly string[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: clothes.id,
          ownerId: clothes.ownerId,
          name: clothes.name,
          type: clothes.type,
          imageKey: clothes.imageKey,
          thumbnailKey: clothes.thumbnailKey,
        })
        .from(clothes)
        .where(inArray(clothes.id, [...ids]))
        .for('share');
      const attributes = await clothesAttributesOf(db, ids);
      return rows.map((row) => ({ ...row, attributes: attributes.get(row.id) ?? [] }));
    },

    async insert(
      db: Executor,
      values: Pick<
        typeof feeds.$inferInsert,
        'authorId' | 'weatherId' | 'skyStatus' | 'precipitationType' | 'content'
      >,
    ): Promise<string> {
      const [row] = await db.insert(feeds).values(values).returning({ id: feeds.id });
      return must(row, 'INSERT … RETURNING of a feed').id;
    },

    async insertGarments(db: Executor, feedId: string, garments: readonly FeedGarmentRow[]) {
      if (garments.length === 0) return;
      await db.insert(feedClothes).values(garments.map((g, position) => ({ feedId, position, ...g })));
    },

    /** Content edit; false when the feed is gone. */
    async updateContent(db: Executor, feedId: string, content: string): Promise<boolean> {
      const rows = await db
        .update(feeds)
        .set({ content })
        .where(eq(feeds.id, feedId))
        .returning({ id: feeds.id });
      return rows.length === 1;
    },

    /** Deletes the feed; its garments, likes and comments go with it (FK cascade). False when already gone. */
    async delete(db: Executor, feedId: string): Promise<boolean> {
      const rows = await db.delete(feeds).where(eq(feeds.id, feedId)).returning({ id: feeds.id });
      return rows.length === 1;
    },

    async followerIds(db: Executor, userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: follows.followerId })
        .from(follows)
        .where(eq(follows.followeeId, userId));
      return rows.map((r) => r.id);
    },

    async userName(db: Executor, userId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.name;
    },
  };
  return repo;
}
export type FeedsRepo = ReturnType<typeof createFeedsRepo>;
