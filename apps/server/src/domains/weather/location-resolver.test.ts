import { describe, expect, it } from 'vitest';
import { createLocationResolver, gridOf, tableNames } from './location-resolver.js';

describe('location resolver', () => {
  it('labels points outside Korea with their coordinates', () => {
    expect(tableNames(48.8566, 2.3522)).toEqual(['위도 48.86, 경도 2.35']);
    expect(tableNames(-33.8688, 151.2093)).toEqual(['위도 -33.87, 경도 151.21']);
  });

  it('gives a finite grid cell anywhere, the south pole included', () => {
    for (const [lat, lon] of [
      [-90, 0],
      [90, 180],
      [-90, -180],
      [0, 0],
    ] as const) {
      const { x, y } = gridOf(lat, lon);
      expect(Number.isInteger(x) && Number.isInteger(y)).toBe(true);
      expect(Math.abs(x) < 2 ** 31 && Math.abs(y) < 2 ** 31).toBe(true);
    }
  });

  it('uses the geocoder when it answers and the table when it fails or knows nothing', async () => {
    let answer: () => Promise<string[] | null> = async () => ['서울특별시', '중구', '명동'];
    const resolver = createLocationResolver({ geocoder: { regionNames: () => answer() } });
    expect(await resolver.resolve(37.5665, 126.978)).toEqual({
      latitude: 37.5665,
      longitude: 126.978,
      x: 60,
      y: 127,
      locationNames: ['서울특별시', '중구', '명동'],
    });
    answer = async () => {
      throw new Error('down');
    };
    expect((await resolver.names(37.4, 127.1)).slice(0, 1)).toEqual(['경기도']);
    answer = async () => null;
    expect(await resolver.names(48.8566, 2.3522)).toEqual(['위도 48.86, 경도 2.35']);
  });
});
