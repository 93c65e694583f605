import { z } from 'zod';
import {
  Id,
  Instant,
  LIMITS,
  PageQuery,
  SortDirectionParam,
  SearchParam,
  UserSummary,
  cursorPage,
  optionalParam,
} from './common.js';
import { OotdDto } from './clothes.js';
import { multilineText } from './safe-text.js';
import { ko } from './texts.ko.js';
import { Precipitation, PrecipitationType, SkyStatus, Temperature } from './weather.js';

export const FeedWeather = z.object({
  weatherId: z.string(),
  skyStatus: SkyStatus,
  precipitation: Precipitation,
  temperature: Temperature,
});

export const FeedDto = z.object({
  id: z.string(),
  createdAt: Instant,
  updatedAt: Instant,
  author: UserSummary,
  weather: FeedWeather,
  ootds: z.array(OotdDto),
  content: z.string(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  likedByMe: z.boolean(),
});
export type FeedDto = z.infer<typeof FeedDto>;

const FeedContent = multilineText(LIMITS.feedContentMax, ko.feeds.contentRequired, ko.feeds.contentTooLong);

export const FeedCreateRequest = z.object({
  authorId: Id,
  weatherId: Id,
  clothesIds: z.array(Id).max(LIMITS.feedClothesMax),
  content: FeedContent,
});
export type FeedCreateRequest = z.infer<typeof FeedCreateRequest>;

export const FeedUpdateRequest = z.object({ content: FeedContent });
export type FeedUpdateRequest = z.infer<typeof FeedUpdateRequest>;

export const FEED_SORT_FIELDS = ['createdAt', 'likeCount'] as const;
export const FeedListQuery = PageQuery.extend({
  sortBy: optionalParam(z.enum(FEED_SORT_FIELDS)).transform((v) => v ?? 'createdAt'),
  sortDirection: SortDirectionParam,
  keywordLike: SearchParam,
  skyStatusEqual: optionalParam(SkyStatus),
  precipitationTypeEqual: optionalParam(PrecipitationType),
  authorIdEqual: optionalParam(Id),
});
export type FeedListQuery = z.infer<typeof FeedListQuery>;
export const FeedPage = cursorPage(FeedDto);

export const FeedIdParams = z.object({ feedId: Id });

export const CommentDto = z.object({
  id: z.string(),
  createdAt: Instant,
  feedId: z.string(),
  author: UserSummary,
  content: z.string(),
});
export type CommentDto = z.infer<typeof CommentDto>;

export const CommentCreateRequest = z.object({
  feedId: Id,
  authorId: Id,
  content: multilineText(LIMITS.commentMax, ko.feeds.commentRequired, ko.feeds.commentTooLong),
});
export type CommentCreateRequest = z.infer<typeof CommentCreateRequest>;

export const CommentListQuery = PageQuery;
export const CommentPage = cursorPage(CommentDto);

/** Ours (docs/api.md §9.8): `GET /api/clothes/{clothesId}/wear?limit`. */
export const ClothesWearQuery = z.object({
  limit: optionalParam(z.coerce.number().int().min(1).max(LIMITS.clothesWearFeedsMax)).transform(
    (v) => v ?? LIMITS.clothesWearFeedsDefault,
  ),
});
export type ClothesWearQuery = z.infer<typeof ClothesWearQuery>;

/** Ours (docs/api.md §9.8): how often the caller wore a garment, and the newest OOTDs it is in. */
export const ClothesWearDto = z.object({
  wearCount: z.number().int(),
  lastWornAt: Instant.nullable(),
  feeds: z.array(FeedDto),
});
export type ClothesWearDto = z.infer<typeof ClothesWearDto>;
