import type { FastifyBaseLogger } from 'fastify';
import {
  ko,
  type CursorPage,
  type FollowCreateRequest,
  type FollowDto,
  type FollowSummaryDto,
  type FollowerListQuery,
  type FollowingListQuery,
} from '@otboo/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { toPage } from '../../lib/cursor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { must } from '../../lib/must.js';
import { searchTerm } from '../../lib/text-search.js';
import { toUserSummary } from '../../lib/user-summary.js';
import type { Notifier } from '../notifications/index.js';
import type { FollowListSide, FollowRow, FollowsRepo } from './follows.repo.js';

export interface FollowsServiceDeps {
  db: Db;
  followsRepo: FollowsRepo;
  notifier: Notifier;
  log: FastifyBaseLogger;
}

export function toFollowDto(row: FollowRow): FollowDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    followee: toUserSummary(row.followee),
    follower: toUserSummary(row.follower),
  };
}

const userNotFound = () => notFound(ko.users.notFound, 'UserNotFoundException');
const SORT = { sortBy: 'createdAt', sortDirection: 'DESCENDING' } as const;

export function createFollowsService({ db, followsRepo, notifier, log }: FollowsServiceDeps) {
  async function list(
    side: FollowListSide,
    userId: string,
    q: FollowerListQuery | FollowingListQuery,
  ): Promise<CursorPage<FollowDto>> {
    const nameLike = searchTerm(q.nameLike);
    const page = { cursor: q.cursor, idAfter: q.idAfter, limit: q.limit };
    const toFollowPage = (rows: FollowRow[], total: number) =>
      toPage(rows, q.limit, total, SORT, (r) => ({ sortKey: r.createdAt, id: r.id }), toFollowDto);
    if (nameLike === undefined) {
      const { rows, total } = await followsRepo.page(db, side, page);
      // A row proves the user exists (a follow references both people); an empty page's count tells.
      if (total === undefined) throw userNotFound();
      return toFollowPage(rows, total);
    }
    if (!(await followsRepo.userExists(db, userId))) throw userNotFound();
    const [rows, total] = await Promise.all([
      followsRepo.search(db, side, { ...page, nameLike }),
      followsRepo.count(db, side, nameLike),
    ]);
    return toFollowPage(rows, total);
  }

  return {
    /** The caller follows someone else; 409 twice; the followee is told. */
    async follow(actor: Actor, input: FollowCreateRequest): Promise<FollowDto> {
      if (input.followerId !== actor.userId)
        throw forbidden(ko.follows.followerMismatch, 'FollowerMismatchException');
      if (input.followeeId === actor.userId)
        throw badRequest(ko.follows.self, { followeeId: ko.follows.self }, 'SelfFollowException');
      const { row, notes } = await db.transaction(async (tx) => {
        if (!(await followsRepo.userExists(tx, input.followeeId))) throw userNotFound();
        const id = await followsRepo.insert(tx, actor.userId, input.followeeId);
        if (!id) throw conflict(ko.follows.already, 'AlreadyFollowingException');
        const row = must(
          await followsRepo.find(tx, id),
          'the follow inserted in this transaction reads back',
        );
        const notes = await notifier.record(tx, [
          {
            receiverId: input.followeeId,
            title: ko.follows.followedNotificationTitle,
            content: ko.follows.followedNotificationContent(row.follower.name),
            kind: 'FOLLOW',
            sourceUserId: actor.userId,
          },
        ]);
        return { row, notes };
      });
      // Stored already: a failed fan-out is only logged (SSE replays from the store).
      notifier.publish(notes).catch((err: unknown) => log.error({ err }, 'publishing notifications failed'));
      return toFollowDto(row);
    },

    /** Unfollow; only the follower may. */
    async unfollow(actor: Actor, followId: string): Promise<void> {
      const pair = await followsRepo.findPair(db, followId);
      if (!pair) throw notFound(ko.follows.notFound, 'FollowNotFoundException');
      if (pair.followerId !== actor.userId)
        throw forbidden(ko.follows.notFollower, 'FollowNotFollowerException');
      if (!(await followsRepo.delete(db, followId)))
        throw notFound(ko.follows.notFound, 'FollowNotFoundException');
    },

    async summary(actor: Actor, userId: string): Promise<FollowSummaryDto> {
      const s = await followsRepo.summary(db, userId, actor.userId);
      if (!s) throw userNotFound();
      return {
        followeeId: userId,
        followerCount: s.followerCount,
        followingCount: s.followingCount,
        followedByMe: s.followedByMeId !== null,
        followedByMeId: s.followedByMeId,
        followingMe: s.followingMe,
      };
    },

    /** People who follow `followeeId`, newest first, searchable by their name. */
    followers: (_actor: Actor, q: FollowerListQuery) => list({ followeeId: q.followeeId }, q.followeeId, q),

    /** People `followerId` follows, newest first, searchable by their name. */
    followings: (_actor: Actor, q: FollowingListQuery) => list({ followerId: q.followerId }, q.followerId, q),
  };
}
export type FollowsService = ReturnType<typeof createFollowsService>;
