import { LRUCache } from 'lru-cache';
import { LIMITS, type ClosetInsightsDto } from '@otboo/contract';
import { fileUrl } from '../../../adapters/storage/storage.js';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { closetGaps, type ClosetGap, type OutfitEngine } from './closet-gaps.js';
import type { InsightsRepo } from './insights.repo.js';

export interface InsightsServiceDeps {
  db: Db;
  repo: InsightsRepo;
  engine: OutfitEngine;
}

/** Users whose season gaps are remembered (each a handful of short texts). */
const GAPS_CACHE_USERS = 10_000;

/**
 * The closet report (docs/api.md §9.4), always the caller's own closet. Counts come from one aggregate query per
 * request; the season gaps, which need every garment's profile, are worked out again only when the closet or the
 * attribute definitions changed since the last report (the version is read in the same query).
 */
export function createInsightsService({ db, repo, engine }: InsightsServiceDeps) {
  const gapsByUser = new LRUCache<string, { version: string; gaps: ClosetGap[] }>({ max: GAPS_CACHE_USERS });

  async function gapsOf(ownerId: string, version: string, totalCount: number): Promise<ClosetGap[]> {
    const cached = gapsByUser.get(ownerId);
    if (cached?.version === version) return cached.gaps;
    const gaps = totalCount === 0 ? [] : closetGaps(engine, await repo.closet(db, ownerId));
    gapsByUser.set(ownerId, { version, gaps });
    return gaps;
  }

  return {
    async insights(actor: Actor): Promise<ClosetInsightsDto> {
      const s = await repo.summary(db, actor.userId, LIMITS.closetInsightsListMax);
      const gaps = await gapsOf(actor.userId, s.closetVersion, s.totalCount);
      return {
        totalCount: s.totalCount,
        byType: s.byType,
        byColor: s.byColor,
        wear: s.wear.map((w) => ({
          clothesId: w.clothesId,
          name: w.name,
          type: w.type,
          imageUrl: fileUrl(w.imageKey),
          thumbnailUrl: fileUrl(w.thumbnailKey),
          wearCount: w.wearCount,
          lastWornAt: new Date(w.lastWornAt).toISOString(),
        })),
        neverWorn: s.neverWorn.map((n) => ({
          clothesId: n.clothesId,
          name: n.name,
          type: n.type,
          imageUrl: fileUrl(n.imageKey),
          thumbnailUrl: fileUrl(n.thumbnailKey),
          createdAt: new Date(n.createdAt).toISOString(),
        })),
        wornCount: s.wornCount,
        neverWornCount: s.totalCount - s.wornCount,
        gaps,
      };
    },
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
