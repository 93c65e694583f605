import { z } from 'zod';
import { Id, Instant, PageQuery, SearchParam, UserSummary, cursorPage } from './common.js';

export const FollowDto = z.object({
  id: z.string(),
  createdAt: Instant,
  followee: UserSummary,
  follower: UserSummary,
});
export type FollowDto = z.infer<typeof FollowDto>;

export const FollowCreateRequest = z.object({ followeeId: Id, followerId: Id });
export type FollowCreateRequest = z.infer<typeof FollowCreateRequest>;

export const FollowSummaryDto = z.object({
  followeeId: z.string(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  followedByMe: z.boolean(),
  followedByMeId: z.string().nullable(),
  followingMe: z.boolean(),
});
export type FollowSummaryDto = z.infer<typeof FollowSummaryDto>;

export const FollowSummaryQuery = z.object({ userId: Id });

export const FollowerListQuery = PageQuery.extend({ followeeId: Id, nameLike: SearchParam });
export type FollowerListQuery = z.infer<typeof FollowerListQuery>;
export const FollowingListQuery = PageQuery.extend({ followerId: Id, nameLike: SearchParam });
export type FollowingListQuery = z.infer<typeof FollowingListQuery>;
export const FollowPage = cursorPage(FollowDto);

export const FollowIdParams = z.object({ followId: Id });
