import { describe, expect, it } from 'vitest';
import { createClosetCache } from './closet-cache.js';
import type { ClosetGarment } from './recommendations.repo.js';

const garment = (id: string, name: string, value?: string): ClosetGarment => ({
  id,
  name,
  type: 'TOP',
  imageKey: null,
  thumbnailKey: null,
  away: null,
  attributes: value
    ? [{ definitionId: 'd', definitionName: '두께', selectableValues: ['얇음', '두꺼움'], value }]
    : [],
});

describe('closet cache', () => {
  it('loads a closet once per version and reuses unchanged profiles when the version moves', async () => {
    const cache = createClosetCache();
    let loads = 0;
    const load = (garments: ClosetGarment[]) => async () => {
      loads++;
      return garments;
    };
    const v1 = await cache.closet('u', 'v1', load([garment('a', '니트'), garment('b', '반팔 티셔츠')]));
    expect(await cache.closet('u', 'v1', load([]))).toBe(v1);
    expect(loads).toBe(1);

    const v2 = await cache.closet(
      'u',
      'v2',
      load([garment('a', '니트'), garment('b', '반팔 티셔츠', '두꺼움')]),
    );
    expect(loads).toBe(2);
    // Unchanged garment: the very same profile object; changed attributes: read again.
    expect(v2.candidates[0]!.profile).toBe(v1.candidates[0]!.profile);
    expect(v2.candidates[1]!.profile).not.toBe(v1.candidates[1]!.profile);
    expect(v2.candidates[1]!.profile.lo).toBeGreaterThan(v1.candidates[1]!.profile.lo);
    expect(v2.byId.get('b')!.attributes[0]!.value).toBe('두꺼움');
  });

  it('keeps histories per version and users apart', async () => {
    const cache = createClosetCache();
    const h = await cache.history('u', '1', async () => [
      { clothesId: 'a', wornAt: new Date(0), apparent: 10 },
    ]);
    expect(await cache.history('u', '1', async () => [])).toBe(h);
    expect((await cache.history('u', '2', async () => [])).wears).toEqual([]);
    expect((await cache.history('other', '1', async () => [])).wears).toEqual([]);
  });

  it('holds a bounded number of garments, dropping the least recently used users', async () => {
    const cache = createClosetCache(3);
    const two = (p: string) => async () => [garment(`${p}1`, '니트'), garment(`${p}2`, '니트')];
    await cache.closet('a', 'v', two('a'));
    await cache.closet('b', 'v', two('b'));
    expect(cache.garmentsHeld).toBe(2);
    let reloaded = false;
    await cache.closet('a', 'v', async () => {
      reloaded = true;
      return [];
    });
    expect(reloaded).toBe(true);
  });
});
