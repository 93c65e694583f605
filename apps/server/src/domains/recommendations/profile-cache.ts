import { inferProfile, type GarmentProfile } from './engine/garment-profile.js';
import type { ClosetGarment } from './recommendations.repo.js';

/**
 * Inferred profiles by garment id, reused while the garment's name, type and attributes are unchanged (the stamp
 * compares them), so a large closet is read from its words only once. Bounded; the oldest entries go first.
 */
export function createProfileCache(maxEntries = 100_000) {
  const entries = new Map<string, { stamp: string; profile: GarmentProfile }>();
  return {
    profileOf(g: ClosetGarment): GarmentProfile {
      let stamp = `${g.type}\u0000${g.name}`;
      for (const a of g.attributes) stamp += `\u0000${a.definitionName}\u0001${a.value}`;
      const hit = entries.get(g.id);
      if (hit && hit.stamp === stamp) return hit.profile;
      const profile = inferProfile({
        id: g.id,
        name: g.name,
        type: g.type,
        attributes: g.attributes.map((a) => ({ name: a.definitionName, value: a.value })),
      });
      if (hit) entries.delete(g.id);
      entries.set(g.id, { stamp, profile });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return profile;
    },
  };
}
export type ProfileCache = ReturnType<typeof createProfileCache>;
