import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { follows, profiles, users } from '../../db/schema/index.js';
import {
  afterCursor,
  keysetOrder,
  newestFirstAfter,
  newestFirstCursor,
  type NewestFirstShape,
} from '../../lib/cursor.js';
import { countedPage } from '../../lib/counted-page.js';
import { literalLimit, preparedStatements } from '../../lib/prepared.js';
import { containsText } from '../../lib/text-search.js';

const followerUser = alias(users, 'follower_user');
const followerProfile = alias(profiles, 'follower_profile');
const followeeUser = alias(users, 'followee_user');
const followeeProfile = alias(profiles, 'followee_profile');

const followColumns = {
  id: follows.id,
  createdAt: follows.createdAt,
  follower: {
    userId: followerUser.id,
    name: followerUser.name,
    imageKey: followerProfile.imageKey,
    externalImageUrl: followerProfile.externalImageUrl,
  },
  followee: {
    userId: followeeUser.id,
    name: followeeUser.name,
    imageKey: followeeProfile.imageKey,
    externalImageUrl: followeeProfile.externalImageUrl,
  },
};

/** Follows with both people, and a list page's count of its whole list (null where one follow is read). */
function selectFollows(db: Executor, total: SQL<number | null> = sql<null>`null`) {
  return db
    .select({ ...followColumns, total })
    .from(follows)
    .innerJoin(followerUser, eq(followerUser.id, follows.followerId))
    .leftJoin(followerProfile, eq(followerProfile.userId, follows.followerId))
    .innerJoin(followeeUser, eq(followeeUser.id, follows.followeeId))
    .leftJoin(followeeProfile, eq(followeeProfile.userId, follows.followeeId));
}
export type FollowRow = Awaited<ReturnType<ReturnType<typeof selectFollows>['execute']>>[number];

/** Which side of the relation a list is about: a user's followers, or the users they follow. */
export type FollowListSide = { followeeId: string } | { followerId: string };

/** The list's owner, plus the other side's name filter (the people shown are the ones searched). */
function listConditions(side: FollowListSide, nameLike: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if ('followeeId' in side) {
    conditions.push(eq(follows.followeeId, side.followeeId));
    if (nameLike !== undefined) conditions.push(containsText(followerUser.name, nameLike));
  } else {
    conditions.push(eq(follows.followerId, side.followerId));
    if (nameLike !== undefined) conditions.push(containsText(followeeUser.name, nameLike));
  }
  return conditions;
}

const userIdValue = sql.placeholder('userId');
const viewerIdValue = sql.placeholder('viewerId');

/** A user's follow counts and the viewer's relation to them, one statement built once (lib/prepared.ts). */
const summaryStatement = preparedStatements(
  (db: Executor) =>
    db
      .select({
        // Explicit aliases: drizzle leaves columns unqualified in a one-table select, which a subquery would misread.
        followerCount: sql<number>`(select count(*)::int from ${follows} f where f.followee_id = ${userIdValue})`,
        followingCount: sql<number>`(select count(*)::int from ${follows} f where f.follower_id = ${userIdValue})`,
        followedByMeId: sql<
          string | null
        >`(select f.id from ${follows} f where f.follower_id = ${viewerIdValue} and f.followee_id = ${userIdValue})`,
        followingMe: sql<boolean>`exists (select 1 from ${follows} f where f.follower_id = ${userIdValue} and f.followee_id = ${viewerIdValue})`,
      })
      .from(users)
      .where(eq(users.id, userIdValue))
      .limit(1),
  () => '',
);

/** What changes the text of a follow list page's statement (the list without a name search). */
interface FollowPageShape extends NewestFirstShape {
  side: 'followers' | 'followings';
  limit: number;
}

/**
 * A page of a user's followers or followings carrying the whole list's count, one statement built once per shape
 * (lib/prepared.ts): one round trip where the page, its count and the user's existence took three.
 */
const pageStatement = preparedStatements(
  (db: Executor, shape: FollowPageShape) => {
    const [owner, ownerColumn] =
      shape.side === 'followers' ? [follows.followeeId, 'followee_id'] : [follows.followerId, 'follower_id'];
    return selectFollows(
      db,
      // An alias of its own: the outer query's follows row must not leak into the count.
      sql<number>`(select count(*)::int from ${follows} f where f.${sql.raw(ownerColumn)} = ${userIdValue})`,
    )
      .where(and(eq(owner, userIdValue), newestFirstAfter(follows.createdAt, follows.id, shape)))
      .orderBy(...keysetOrder('DESCENDING', follows.createdAt, follows.id))
      .limit(literalLimit(shape.limit + 1));
  },
  (shape: FollowPageShape) => [shape.side, shape.cursor, shape.idAfter, shape.limit].join(','),
);

async function userExists(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return rows.length === 1;
}

/** A list's count (with a name search, of the people it finds). */
async function count(db: Executor, side: FollowListSide, nameLike: string | undefined): Promise<number> {
  const base = db.select({ n: sql<number>`count(*)::int` }).from(follows);
  const joined =
    nameLike === undefined
      ? base
      : 'followeeId' in side
        ? base.innerJoin(followerUser, eq(followerUser.id, follows.followerId))
        : base.innerJoin(followeeUser, eq(followeeUser.id, follows.followeeId));
  const [row] = await joined.where(and(...listConditions(side, nameLike)));
  return row?.n ?? 0;
}

export function createFollowsRepo() {
  return {
    userExists,

    /** The new follow's id, or null when this pair already exists (the unique key decides). */
    async insert(db: Executor, followerId: string, followeeId: string): Promise<string | null> {
      const [row] = await db
        .insert(follows)
        .values({ followerId, followeeId })
        .onConflictDoNothing()
        .returning({ id: follows.id });
      return row?.id ?? null;
    },

    async find(db: Executor, followId: string): Promise<FollowRow | undefined> {
      const [row] = await selectFollows(db).where(eq(follows.id, followId)).limit(1);
      return row;
    },

    async findPair(db: Executor, followId: string) {
      const [row] = await db
        .select({ followerId: follows.followerId, followeeId: follows.followeeId })
        .from(follows)
        .where(eq(follows.id, followId))
        .limit(1);
      return row;
    },

    async delete(db: Executor, followId: string): Promise<boolean> {
      const rows = await db.delete(follows).where(eq(follows.id, followId)).returning({ id: follows.id });
      return rows.length === 1;
    },

    /**
     * Counts and the viewer's relation to `userId` in one statement (each count an index-only scan of one side);
     * undefined when the user does not exist.
     */
    async summary(db: Executor, userId: string, viewerId: string) {
      const [row] = await summaryStatement(db, undefined, { userId, viewerId });
      return row;
    },

    /**
     * Newest first, `limit + 1` rows after the cursor, and the whole list's count that they carry. An empty page
     * checks the user and counts on its own (lib/counted-page.ts): total undefined when the user does not exist.
     */
    async page(db: Executor, side: FollowListSide, q: { cursor?: string; idAfter?: string; limit: number }) {
      const [sideName, userId] =
        'followeeId' in side
          ? (['followers', side.followeeId] as const)
          : (['followings', side.followerId] as const);
      const after = newestFirstCursor(q);
      return countedPage(
        pageStatement(db, { side: sideName, ...after.shape, limit: q.limit }, { userId, ...after.values }),
        {
          cursor: q.cursor,
          ownerMayBeMissing: true,
          count: async () => ((await userExists(db, userId)) ? count(db, side, undefined) : undefined),
        },
      );
    },

    /**
     * A name search: newest first, `limit + 1` rows after the cursor. Built per request: its plan depends on the
     * word, which a prepared statement's generic plan would not know.
     */
    search(
      db: Executor,
      side: FollowListSide,
      q: { nameLike: string; cursor?: string; idAfter?: string; limit: number },
    ) {
      const after = afterCursor(follows.createdAt, follows.id, 'DESCENDING', 'instant', q.cursor, q.idAfter);
      return selectFollows(db)
        .where(and(...listConditions(side, q.nameLike), after))
        .orderBy(...keysetOrder('DESCENDING', follows.createdAt, follows.id))
        .limit(literalLimit(q.limit + 1));
    },

    count,
  };
}
export type FollowsRepo = ReturnType<typeof createFollowsRepo>;
