import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClothesAttributeDto, FeedListQuery } from '@otboo/contract';
import type { Executor } from '../../db/client.js';
import {
  attributeDefs,
  clothes,
  clothesAttributes,
  feedClothes,
  feedCounts,
  feedLikes,
  feeds,
  follows,
  profiles,
  users,
  weatherForecasts,
} from '../../db/schema/index.js';
import { afterCursor } from '../../lib/cursor.js';
import { containsText } from '../../lib/text-search.js';
import { userSummaryColumns } from '../../lib/user-summary.js';

/** A garment as stored in a feed (snapshot), before URLs are made. */
export interface FeedGarmentRow {
  clothesId: string | null;
  name: string;
  type: string;
  imageKey: string | null;
  thumbnailKey: string | null;
  attributes: ClothesAttributeDto[];
}

/**
 * Everything a `FeedDto` shows, in one statement: the feed, its author, its forecast, its garments (json_agg
 * over the feed's snapshot rows) and whether the viewer liked it.
 */
function feedColumns(viewerId: string) {
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
    likedByMe: sql<boolean>`exists (select 1 from ${feedLikes} where ${feedLikes.feedId} = ${feeds.id} and ${feedLikes.userId} = ${viewerId})`,
    garments: sql<FeedGarmentRow[]>`coalesce((
      select json_agg(json_build_object('clothesId', fc.clothes_id, 'name', fc.name, 'type', fc.type,
        'imageKey', fc.image_key, 'thumbnailKey', fc.thumbnail_key, 'attributes', fc.attributes) order by fc.position)
      from ${feedClothes} fc where fc.feed_id = ${feeds.id}), '[]'::json)`,
  };
}

function selectFeeds(db: Executor, viewerId: string) {
  return db
    .select(feedColumns(viewerId))
    .from(feeds)
    .innerJoin(users, eq(users.id, feeds.authorId))
    .leftJoin(profiles, eq(profiles.userId, feeds.authorId))
    .innerJoin(weatherForecasts, eq(weatherForecasts.id, feeds.weatherId));
}

export type FeedRow = Awaited<ReturnType<ReturnType<typeof selectFeeds>['execute']>>[number];

// Its own alias, so the subquery never reads the author joined in the outer query.
const keywordAuthors = alias(users, 'keyword_authors');

/**
 * Keyword over the content and the author's name. The author side is a list of matching user ids computed once
 * (an init plan), so each side can use its own index and PostgreSQL can OR the two bitmaps.
 */
function keywordCondition(term: string): SQL {
  const authors = sql`array(select ${keywordAuthors.id} from ${users} ${keywordAuthors} where ${containsText(keywordAuthors.name, term)})`;
  return sql`(${containsText(feeds.content, term)} or ${feeds.authorId} = any(${authors}))`;
}

export interface FeedFilters {
  keyword?: string;
  skyStatus?: FeedListQuery['skyStatusEqual'];
  precipitationType?: FeedListQuery['precipitationTypeEqual'];
  authorId?: string;
}

function filterConditions(f: FeedFilters): SQL[] {
  const conditions: SQL[] = [];
  if (f.keyword !== undefined) conditions.push(keywordCondition(f.keyword));
  if (f.skyStatus) conditions.push(eq(feeds.skyStatus, f.skyStatus));
  if (f.precipitationType) conditions.push(eq(feeds.precipitationType, f.precipitationType));
  if (f.authorId) conditions.push(eq(feeds.authorId, f.authorId));
  return conditions;
}

export interface FeedPageQuery {
  filters: FeedFilters;
  sortBy: FeedListQuery['sortBy'];
  sortDirection: FeedListQuery['sortDirection'];
  cursor?: string;
  idAfter?: string;
  limit: number;
}

export function createFeedsRepo() {
  return {
    /** `limit + 1` rows after the cursor in the requested order (keyset: sort key, then id, same direction). */
    async page(db: Executor, viewerId: string, q: FeedPageQuery): Promise<FeedRow[]> {
      const sortColumn = q.sortBy === 'likeCount' ? feeds.likeCount : feeds.createdAt;
      const kind = q.sortBy === 'likeCount' ? 'integer' : 'instant';
      const after = afterCursor(sortColumn, feeds.id, q.sortDirection, kind, q.cursor, q.idAfter);
      const order = q.sortDirection === 'ASCENDING' ? asc : desc;
      return selectFeeds(db, viewerId)
        .where(and(...filterConditions(q.filters), after))
        .orderBy(order(sortColumn), order(feeds.id))
        .limit(q.limit + 1);
    },

    /**
     * Feeds matching the filters. Without a keyword or author the answer is a sum over `feed_counts` (kept by
     * triggers), so the unfiltered list never counts a million rows; otherwise an index-backed count.
     */
    async count(db: Executor, f: FeedFilters): Promise<number> {
      if (f.keyword === undefined && f.authorId === undefined) {
        const conditions: SQL[] = [];
        if (f.skyStatus) conditions.push(eq(feedCounts.skyStatus, f.skyStatus));
        if (f.precipitationType) conditions.push(eq(feedCounts.precipitationType, f.precipitationType));
        const [row] = await db
          .select({ n: sql<number>`coalesce(sum(${feedCounts.feedCount}), 0)::int` })
          .from(feedCounts)
          .where(and(...conditions));
        return row?.n ?? 0;
      }
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(feeds)
        .where(and(...filterConditions(f)));
      return row?.n ?? 0;
    },

    async findDto(db: Executor, viewerId: string, feedId: string): Promise<FeedRow | undefined> {
      const [row] = await selectFeeds(db, viewerId).where(eq(feeds.id, feedId)).limit(1);
      return row;
    },

    async findOwner(db: Executor, feedId: string): Promise<{ authorId: string } | undefined> {
      const [row] = await db.select({ authorId: feeds.authorId }).from(feeds).where(eq(feeds.id, feedId)).limit(1);
      return row;
    },

    async findWeather(db: Executor, weatherId: string) {
      const [row] = await db
        .select({ id: weatherForecasts.id, skyStatus: weatherForecasts.skyStatus, precipitationType: weatherForecasts.precipitationType })
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
      const attributes = await db
        .select({
          clothesId: clothesAttributes.clothesId,
          definitionId: attributeDefs.id,
          definitionName: attributeDefs.name,
          selectableValues: attributeDefs.selectableValues,
          value: clothesAttributes.value,
        })
        .from(clothesAttributes)
        .innerJoin(attributeDefs, eq(attributeDefs.id, clothesAttributes.definitionId))
        .where(inArray(clothesAttributes.clothesId, [...ids]))
        .orderBy(asc(attributeDefs.name), asc(attributeDefs.id));
      return rows.map((row) => ({
        ...row,
        attributes: attributes
          .filter((a) => a.clothesId === row.id)
          .map(({ definitionId, definitionName, selectableValues, value }) => ({ definitionId, definitionName, selectableValues, value })),
      }));
    },

    async insert(
      db: Executor,
      values: Pick<typeof feeds.$inferInsert, 'authorId' | 'weatherId' | 'skyStatus' | 'precipitationType' | 'content'>,
    ): Promise<string> {
      const [row] = await db.insert(feeds).values(values).returning({ id: feeds.id });
      return row!.id;
    },

    async insertGarments(db: Executor, feedId: string, garments: readonly FeedGarmentRow[]) {
      if (garments.length === 0) return;
      await db.insert(feedClothes).values(garments.map((g, position) => ({ feedId, position, ...g })));
    },

    /** Content edit; false when the feed is gone. */
    async updateContent(db: Executor, feedId: string, content: string): Promise<boolean> {
      const rows = await db.update(feeds).set({ content }).where(eq(feeds.id, feedId)).returning({ id: feeds.id });
      return rows.length === 1;
    },

    /** Deletes the feed; its garments, likes and comments go with it (FK cascade). False when already gone. */
    async delete(db: Executor, feedId: string): Promise<boolean> {
      const rows = await db.delete(feeds).where(eq(feeds.id, feedId)).returning({ id: feeds.id });
      return rows.length === 1;
    },

    async followerIds(db: Executor, userId: string): Promise<string[]> {
      const rows = await db.select({ id: follows.followerId }).from(follows).where(eq(follows.followeeId, userId));
      return rows.map((r) => r.id);
    },

    async userName(db: Executor, userId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.name;
    },
  };
}
export type FeedsRepo = ReturnType<typeof createFeedsRepo>;
