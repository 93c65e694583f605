import { LRUCache } from 'lru-cache';
import { LIMITS, type ClosetInsightsDto } from '@otboo/contract';
import { fileUrl } from '../../../adapters/storage/storage.js';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import type { GapGarment, InsightsRepo, ValueEntry } from './insights.repo.js';

const valueEntry = ({ imageKey, thumbnailKey, ...e }: ValueEntry) => ({
  ...e,
  imageUrl: fileUrl(imageKey),
  thumbnailUrl: fileUrl(thumbnailKey),
});

/** A temperature band in which the closet cannot make a complete outfit. */
export interface ClosetGap {
  /** The band's label in the outfit table (docs/recommendations.md §2), e.g. `4°C 이하`. */
  band: string;
  message: string;
}

export interface InsightsServiceDeps {
  db: Db;
  repo: InsightsRepo;
  /**
   * The season gaps of a closet, judged by the recommender's own engine (the recommendations module), so the
   * report and the recommendations never disagree.
   */
  closetGaps(garments: readonly GapGarment[]): ClosetGap[];
}

/** Garments listed in the reports kept in memory (each report weighs its list entries plus a few). */
const CACHE_ENTRIES = 200_000;

/**
 * The closet report (docs/api.md §9.4), always the caller's own closet. Each request first reads two small
 * version strings (the closet's and the wears'); while they are unchanged the report is answered from memory,
 * otherwise the counts come from one aggregate query, and the season gaps, which need every garment's profile,
 * are worked out again only when the closet itself changed. Versions are read on every request, so several
 * instances never answer a stale report.
 */
export function createInsightsService({ db, repo, closetGaps }: InsightsServiceDeps) {
  const reports = new LRUCache<string, { version: string; closetVersion: string; dto: ClosetInsightsDto }>({
    maxSize: CACHE_ENTRIES,
    sizeCalculation: (r) => r.dto.wear.length + r.dto.neverWorn.length + 20,
  });

  async function gapsOf(ownerId: string, closetVersion: string, totalCount: number): Promise<ClosetGap[]> {
    const cached = reports.get(ownerId);
    if (cached?.closetVersion === closetVersion) return cached.dto.gaps;
    return totalCount === 0 ? [] : closetGaps(await repo.closet(db, ownerId));
  }

  return {
    async insights(actor: Actor): Promise<ClosetInsightsDto> {
      const versions = await repo.versions(db, actor.userId);
      const version = `${versions.closet}|${versions.wear}`;
      const cached = reports.get(actor.userId);
      if (cached?.version === version) return cached.dto;
      const s = await repo.summary(db, actor.userId, LIMITS.closetInsightsListMax);
      const gaps = await gapsOf(actor.userId, versions.closet, s.totalCount);
      const dto: ClosetInsightsDto = {
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
        value: {
          totalSpent: Number(s.value.totalSpent),
          best: s.value.best.map(valueEntry),
          worst: s.value.worst.map(valueEntry),
        },
      };
      // Stored under the versions read before the summary: a change in between only means one more recount.
      reports.set(actor.userId, { version, closetVersion: versions.closet, dto });
      return dto;
    },
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
