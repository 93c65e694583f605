import { LRUCache } from 'lru-cache';
import { outfitSignature, type Recommendation } from './engine/recommend.js';

/** One user's "다른 옷 추천" round for one day. */
export interface RotationState {
  /** Garments shown in this round; they score lower, so the next answer uses the alternatives. */
  shown: Set<string>;
  /** Outfits shown in this round; meeting one again means the alternatives are used up. */
  signatures: Set<string>;
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

/**
 * In-memory rotation state keyed by user and weather. Each instance keeps its own; losing it only means the next
 * answer is the best outfit again.
 */
export function createRotationStore(options: RotationOptions = {}) {
  const idleMs = options.idleMs ?? 30 * 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const maxOutfits = options.maxOutfits ?? 50;
  const now = options.now ?? Date.now;
  // Beyond maxEntries the least recently used round is dropped.
  const states = new LRUCache<string, RotationState>({ max: maxEntries });

  function state(key: string): RotationState {
    const t = now();
    let s = states.get(key);
    if (!s || t - s.touchedAt > idleMs) {
      s = { shown: new Set(), signatures: new Set(), touchedAt: t };
      states.set(key, s);
    }
    s.touchedAt = t;
    return s;
  }

  return {
    /**
     * The next outfit of the round: `run` recommends with the garments shown so far marked; when that gives an
     * outfit already shown, the alternatives are used up and the round starts over with the best outfit.
     */
    next(key: string, run: (shown: ReadonlySet<string>) => Recommendation): Recommendation {
      const s = state(key);
      let rec = run(s.shown);
      let signature = outfitSignature(rec.picks);
      if (s.signatures.has(signature) || s.signatures.size >= maxOutfits) {
        s.shown.clear();
        s.signatures.clear();
        rec = run(s.shown);
        signature = outfitSignature(rec.picks);
      }
      s.signatures.add(signature);
      for (const p of rec.picks) s.shown.add(p.id);
      return rec;
    },
    get size() {
      return states.size;
    },
  };
}
export type RotationStore = ReturnType<typeof createRotationStore>;
