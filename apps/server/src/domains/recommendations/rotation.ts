import { LRUCache } from 'lru-cache';
import { outfitSignature, type Recommendation } from './engine/recommend.js';

/** The outfit now shown for a day: what recommending it again needs (the engine is deterministic). */
export interface CurrentOutfit {
  /** The garments marked as shown when it was chosen. */
  shown: ReadonlySet<string>;
  /** The garments it was asked to keep ('이 옷 빼기' keeps the rest of the outfit). */
  keep: readonly string[];
}

/** One user's "다른 옷 추천" round for one day. */
export interface RotationState {
  /** Garments shown in this round; they score lower, so the next answer uses the alternatives. */
  shown: Set<string>;
  /** Outfits shown in this round; meeting one again means the alternatives are used up. */
  signatures: Set<string>;
  current: CurrentOutfit | null;
  touchedAt: number;
}

export interface RotationOptions {
  /** A round ends after this long without a request (the next answer is the best outfit again). */
  idleMs?: number;
  maxEntries?: number;
  /** Outfits one round may hold before it starts over. */
  maxOutfits?: number;
  now?: () => number;
}

/** Recommends with the garments shown so far marked and the given garments kept. */
export type RunRecommendation = (shown: ReadonlySet<string>, keep: readonly string[]) => Recommendation;

/**
 * In-memory rotation state keyed by user and weather (docs/recommendations.md §5). Each instance keeps its own;
 * losing it only means the next answer is the best outfit again.
 */
export function createRotationStore(options: RotationOptions = {}) {
  // A day's outfit stays until the user asks for another: a round outlives a morning's idle hours.
  const idleMs = options.idleMs ?? 24 * 60 * 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const maxOutfits = options.maxOutfits ?? 50;
  const now = options.now ?? Date.now;
  // Beyond maxEntries the least recently used round is dropped.
  const states = new LRUCache<string, RotationState>({ max: maxEntries });

  function state(key: string): RotationState {
    const t = now();
    let s = states.get(key);
    if (!s || t - s.touchedAt > idleMs) {
      s = { shown: new Set(), signatures: new Set(), current: null, touchedAt: t };
      states.set(key, s);
    }
    s.touchedAt = t;
    return s;
  }

  /** Makes `rec`, chosen with `current`, the day's outfit and a member of the round. */
  function show(s: RotationState, current: CurrentOutfit, rec: Recommendation): Recommendation {
    s.current = current;
    s.signatures.add(outfitSignature(rec.picks));
    for (const p of rec.picks) s.shown.add(p.id);
    return rec;
  }

  /** The next outfit of the round; when it is one already shown, the round starts over with the best outfit. */
  function advance(s: RotationState, run: RunRecommendation): Recommendation {
    let current: CurrentOutfit = { shown: new Set(s.shown), keep: [] };
    let rec = run(current.shown, current.keep);
    if (s.signatures.has(outfitSignature(rec.picks)) || s.signatures.size >= maxOutfits) {
      s.shown.clear();
      s.signatures.clear();
      current = { shown: new Set(), keep: [] };
      rec = run(current.shown, current.keep);
    }
    return show(s, current, rec);
  }

  return {
    /** "다른 옷 추천": the next outfit of the round (the first asks for the best one). */
    next(key: string, run: RunRecommendation): Recommendation {
      return advance(state(key), run);
    },

    /**
     * The outfit now shown for the day, chosen again the same way: the same while the closet, the weather and the
     * user's state stay the same, and what they now allow when one changed. The round's first when there is none.
     */
    current(key: string, run: RunRecommendation): Recommendation {
      const s = state(key);
      if (!s.current) return advance(s, run);
      // Chosen again the same way; when the closet changed since (an empty closet filled), what it gives now is
      // what the user sees, so it joins the round and "다른 옷 추천" moves on from it.
      const rec = run(s.current.shown, s.current.keep);
      s.signatures.add(outfitSignature(rec.picks));
      for (const p of rec.picks) s.shown.add(p.id);
      return rec;
    },

    /** The day's outfit again with `keep` in it ('이 옷 빼기'), ranked as the outfit now shown was. */
    keep(key: string, keep: readonly string[], run: RunRecommendation): Recommendation {
      const s = state(key);
      const current: CurrentOutfit = { shown: s.current?.shown ?? new Set(), keep };
      return show(s, current, run(current.shown, current.keep));
    },

    get size() {
      return states.size;
    },
  };
}
export type RotationStore = ReturnType<typeof createRotationStore>;
