import { ko, type ClothesWearDto, type ClothesWearQuery } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { toFeedDto } from './feeds.mapper.js';
import type { FeedsRepo } from './feeds.repo.js';

export interface WearServiceDeps {
  db: Db;
  feedsRepo: FeedsRepo;
}

/**
 * The garment page's wear record (docs/api.md §9.8): how often the owner wore a garment (their OOTDs that include
 * it), when last, and the newest of those OOTDs. Lives with the feeds, which it reads as `FeedDto`s; the closet
 * domain cannot import the feeds (they import it).
 */
export function createWearService({ db, feedsRepo }: WearServiceDeps) {
  return {
    async wear(actor: Actor, clothesId: string, query: ClothesWearQuery): Promise<ClothesWearDto> {
      const garment = await feedsRepo.garmentOwner(db, clothesId);
      if (!garment) throw notFound(ko.clothes.notFound, 'ClothesNotFoundException');
      if (garment.ownerId !== actor.userId)
        throw forbidden(ko.clothes.detail.wearNotOwner, 'ClothesForbiddenException');
      const { wearCount, lastWornAt, rows } = await feedsRepo.wear(
        db,
        actor.userId,
        actor.userId,
        clothesId,
        query.limit,
      );
      return {
        wearCount,
        lastWornAt: lastWornAt?.toISOString() ?? null,
        feeds: rows.map(toFeedDto),
      };
    },
  };
}
export type WearService = ReturnType<typeof createWearService>;
