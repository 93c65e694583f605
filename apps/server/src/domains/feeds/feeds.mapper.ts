import type { FeedDto } from '@otboo/contract';
import { toUserSummary } from '../../lib/user-summary.js';
import { toOotdDto } from '../clothes/index.js';
import type { FeedRow } from './feeds.repo.js';

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
    // Each garment as it was posted (URLs of the copied image keys).
    ootds: row.garments.map(toOotdDto),
    content: row.content,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    likedByMe: row.likedByMe,
  };
}
