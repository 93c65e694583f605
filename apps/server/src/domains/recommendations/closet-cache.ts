import { inferProfile, type GarmentProfile } from './engine/garment-profile.js';
import type { Candidate, WearRecord } from './engine/recommend.js';
import type { ClosetGarment } from './recommendations.repo.js';

/** A user's closet as the engine needs it, valid for one closet version. */
export interface CachedCloset {
  version: string;
  garments: ClosetGarment[];
  byId: Map<string, ClosetGarment>;
  candidates: Candidate[];
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
 * Bounded by the number of garments held; the least recently used users go first.
 */
export function createClosetCache(maxGarments = 50_000) {
  const entries = new Map<string, Entry>();
  let garmentsHeld = 0;

  function entry(userId: string): Entry {
    let e = entries.get(userId);
    if (e) entries.delete(userId);
    else e = {};
    // Re-inserting keeps least-recently-used order.
    entries.set(userId, e);
    return e;
  }

  function evict() {
    for (const [userId, e] of entries) {
      if (garmentsHeld <= maxGarments || entries.size <= 1) break;
      garmentsHeld -= e.closet?.garments.length ?? 0;
      entries.delete(userId);
    }
  }

  return {
    /** The user's closet at `version`, loading it with `load` when the cached one is older. */
    async closet(
      userId: string,
      version: string,
      load: () => Promise<ClosetGarment[]>,
    ): Promise<CachedCloset> {
      const cached = entry(userId).closet;
      if (cached?.version === version) return cached;
      const garments = await load();
      // Looked up again after the await: the entry may have been evicted or replaced meanwhile.
      const e = entry(userId);
      const previous = e.closet?.profiles ?? cached?.profiles;
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
      garmentsHeld += garments.length - (e.closet?.garments.length ?? 0);
      e.closet = { version, garments, byId: new Map(garments.map((g) => [g.id, g])), candidates, profiles };
      evict();
      return e.closet;
    },

    /** The user's wear history at `version`, loading it with `load` when the cached one is older. */
    async history(
      userId: string,
      version: string,
      load: () => Promise<WearRecord[]>,
    ): Promise<CachedHistory> {
      const cached = entry(userId).history;
      if (cached?.version === version) return cached;
      const history = { version, wears: await load() };
      entry(userId).history = history;
      return history;
    },

    get garmentsHeld() {
      return garmentsHeld;
    },
  };
}
export type ClosetCache = ReturnType<typeof createClosetCache>;
