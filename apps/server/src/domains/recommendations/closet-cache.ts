import { LRUCache } from 'lru-cache';
import { inferProfile, type GarmentProfile } from './engine/garment-profile.js';
import type { Candidate, WearRecord } from './engine/recommend.js';
import type { ClosetGarment } from './recommendations.repo.js';

/** A user's closet as the engine needs it, valid for one closet version. */
export interface CachedCloset {
  version: string;
  garments: ClosetGarment[];
  byId: Map<string, ClosetGarment>;
  candidates: Candidate[];
  candidateById: Map<string, Candidate>;
  /** Profiles by garment id with the stamp they were read from, reused across versions. */
  profiles: Map<string, { stamp: string; profile: GarmentProfile }>;
}

export interface CachedHistory {
  version: string;
  wears: WearRecord[];
}

interface Entry {
  closet?: CachedCloset;
  history?: CachedHistory;
}

/** What a garment's profile is read from: a change to any of it means reading it again. */
function stampOf(g: ClosetGarment): string {
  let stamp = `${g.type}\u0000${g.name}`;
  for (const a of g.attributes) stamp += `\u0000${a.definitionName}\u0001${a.value}`;
  return stamp;
}

/**
 * Per-user closets and wear histories, each kept while its version key (read from the database on every
 * request) is unchanged, so a large closet is loaded and read from its words once, not on every request.
 * Bounded by the number of garments held (a user without any counts as one); the least recently used users go
 * first, and a closet larger than the whole bound is not kept.
 */
export function createClosetCache(maxGarments = 50_000) {
  // Entries are replaced, never changed in place: the cache weighs an entry when it is set.
  const entries = new LRUCache<string, Entry>({
    maxSize: maxGarments,
    sizeCalculation: (e) => Math.max(1, e.closet?.garments.length ?? 0),
  });

  return {
    /** The user's closet at `version`, loading it with `load` when the cached one is older. */
    async closet(
      userId: string,
      version: string,
      load: () => Promise<ClosetGarment[]>,
    ): Promise<CachedCloset> {
      const cached = entries.get(userId)?.closet;
      if (cached?.version === version) return cached;
      const garments = await load();
      // Looked up again after the await: the entry may have been evicted or replaced meanwhile.
      const e = entries.get(userId);
      const previous = e?.closet?.profiles ?? cached?.profiles;
      const profiles = new Map<string, { stamp: string; profile: GarmentProfile }>();
      const candidates = garments.map((g) => {
        const stamp = stampOf(g);
        const known = previous?.get(g.id);
        const profile =
          known?.stamp === stamp
            ? known.profile
            : inferProfile({
                id: g.id,
                name: g.name,
                type: g.type,
                attributes: g.attributes.map((a) => ({ name: a.definitionName, value: a.value })),
              });
        profiles.set(g.id, { stamp, profile });
        return { id: g.id, type: g.type, profile };
      });
      const closet = {
        version,
        garments,
        byId: new Map(garments.map((g) => [g.id, g])),
        candidates,
        candidateById: new Map(candidates.map((c) => [c.id, c])),
        profiles,
      };
      entries.set(userId, { ...e, closet });
      return closet;
    },

    /** The user's wear history at `version`, loading it with `load` when the cached one is older. */
    async history(
      userId: string,
      version: string,
      load: () => Promise<WearRecord[]>,
    ): Promise<CachedHistory> {
      const cached = entries.get(userId)?.history;
      if (cached?.version === version) return cached;
      const history = { version, wears: await load() };
      entries.set(userId, { ...entries.get(userId), history });
      return history;
    },

    get garmentsHeld() {
      return entries.calculatedSize;
    },
  };
}
export type ClosetCache = ReturnType<typeof createClosetCache>;
