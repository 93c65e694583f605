import { describe, expect, it } from 'vitest';
import { inferProfile } from './engine/garment-profile.js';
import { recommend, type Candidate, type RecommendInput } from './engine/recommend.js';
import { createRotationStore } from './rotation.js';

const closet: Candidate[] = ['반팔 A', '반팔 B', '반팔 C', '반바지 A', '반바지 B'].map((name) => {
  const type = name.startsWith('반팔') ? 'TOP' : 'BOTTOM';
  return { id: name, type, profile: inferProfile({ id: name, name, type, attributes: [] }) };
});
const base: Omit<RecommendInput, 'shown'> = {
  weather: {
    temperature: 29,
    min: 26,
    max: 31,
    humidity: 55,
    windSpeed: 1,
    precipitationType: 'NONE',
    precipitationProbability: 0,
    skyStatus: 'CLOUDY',
    month: 7,
  },
  sensitivity: 2.5,
  closet,
  history: [],
  dayAt: new Date('2026-07-01T03:00:00Z'),
  salt: 'w',
};
const run = (shown: ReadonlySet<string>, keep: readonly string[] = []) =>
  recommend({ ...base, shown, keep: closet.filter((c) => keep.includes(c.id)) });
const outfit = (r: ReturnType<typeof run>) =>
  r.picks
    .map((p) => p.id)
    .sort()
    .join(',');

describe('rotation store', () => {
  it('gives new outfits until the alternatives are used up, then starts over with the best', () => {
    const store = createRotationStore();
    const seen = [1, 2, 3].map(() => outfit(store.next('u:w', run)));
    expect(new Set(seen).size).toBe(3);
    // Every top and bottom has been shown: the round starts over.
    expect(outfit(store.next('u:w', run))).toBe(seen[0]);
    expect(outfit(store.next('u:w', run))).toBe(seen[1]);
  });

  it('moves on from the outfit shown again after the closet changed: "다른 옷 추천" never repeats it', () => {
    const store = createRotationStore();
    // The day was first shown with an empty closet, which was then filled.
    const empty = (shown: ReadonlySet<string>) => recommend({ ...base, closet: [], shown, keep: [] });
    expect(store.current('u:w', empty).picks).toEqual([]);
    const shownNow = outfit(store.current('u:w', run));
    expect(outfit(store.current('u:w', run))).toBe(shownNow);
    expect(outfit(store.next('u:w', run))).not.toBe(shownNow);
  });

  it('keeps rounds apart per key and forgets a round after it has been idle', () => {
    let now = 0;
    const store = createRotationStore({ idleMs: 1000, now: () => now });
    const first = outfit(store.next('u:w', run));
    expect(outfit(store.next('other:w', run))).toBe(first);
    now = 500;
    expect(outfit(store.next('u:w', run))).not.toBe(first);
    now = 2000;
    expect(outfit(store.next('u:w', run))).toBe(first);
  });

  it('holds a bounded number of rounds, dropping the least recently used', () => {
    let now = 0;
    const store = createRotationStore({ maxEntries: 2, now: () => now++ });
    const best = outfit(store.next('a', run));
    store.next('b', run);
    const second = outfit(store.next('a', run)); // a is now the most recent
    store.next('c', run); // evicts b
    expect(store.size).toBe(2);
    // a kept its round…
    const third = outfit(store.next('a', run));
    expect([best, second]).not.toContain(third);
    // …b lost its own and starts with the best outfit.
    expect(outfit(store.next('b', run))).toBe(best);
  });

  it('answers the outfit now shown again, however often it is asked, until another is asked for', () => {
    const store = createRotationStore();
    const first = outfit(store.current('u:w', run));
    for (let i = 0; i < 3; i++) expect(outfit(store.current('u:w', run))).toBe(first);
    const second = outfit(store.next('u:w', run));
    expect(second).not.toBe(first);
    for (let i = 0; i < 3; i++) expect(outfit(store.current('u:w', run))).toBe(second);
  });

  it('keeps the kept pieces as the outfit now shown, and counts it in the round', () => {
    const store = createRotationStore();
    const shown = store.next('u:w', run);
    const top = shown.picks.find((p) => p.slot === 'TOP')!.id;
    const swapped = store.keep('u:w', [top], run);
    expect(swapped.picks.map((p) => p.id)).toContain(top);
    expect(outfit(store.current('u:w', run))).toBe(outfit(swapped));
  });
});
