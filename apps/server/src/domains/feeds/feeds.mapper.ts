import type { ClothesType, FeedDto, OotdDto } from '@otboo/contract';
import { fileUrl } from '../../adapters/storage/storage.js';
import { toUserSummary } from '../../lib/user-summary.js';
import type { FeedGarmentRow, FeedRow } from './feeds.repo.js';

/** A garment of a feed as it was posted (URLs of the copied image keys). */
export function toOotdDto(g: FeedGarmentRow): OotdDto {
  return {
    clothesId: g.clothesId,
    name: g.name,
    imageUrl: fileUrl(g.imageKey),
    thumbnailUrl: fileUrl(g.thumbnailKey),
    type: g.type as ClothesType,
    attributes: g.attributes,
  };
}

export function toFeedDto(row: FeedRow): FeedDto {
  const w = row.weather;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: toUserSummary(row.author),
    weather: {
      weatherId: w.id,
      skyStatus: w.skyStatus,
      precipitation: {
        type: w.precipitationType,
        amount: w.precipitationAmount,
        probability: w.precipitationProbability,
      },
      temperature: {
        current: w.temperatureCurrent,
        min: w.temperatureMin,
        max: w.temperatureMax,
        comparedToDayBefore: w.temperatureComparedToDayBefore,
      },
    },
    ootds: row.garments.map(toOotdDto),
    content: row.content,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    likedByMe: row.likedByMe,
  };
}
