import { describe, expect, it } from 'vitest';
import { nearestRegion } from './region-table.js';

describe('nearestRegion', () => {
  it('names Seoul City Hall in 서울특별시 중구', () => {
    const region = nearestRegion(37.5665, 126.978);
    expect(region!.names.slice(0, 2)).toEqual(['서울특별시', '중구']);
    expect(region!.names).toHaveLength(3);
    expect(region!.distanceKm).toBeLessThan(1.5);
  });

  it('finds 명동 at its own point, and regions across the country', () => {
    expect(nearestRegion(37.557236, 126.987889)!.names).toEqual(['서울특별시', '중구', '명동']);
    expect(nearestRegion(35.1796, 129.0756)!.names[0]).toBe('부산광역시');
    expect(nearestRegion(33.4996, 126.5312)!.names.slice(0, 2)).toEqual(['제주특별자치도', '제주시']);
    expect(nearestRegion(37.4845, 130.9057)!.names.slice(0, 2)).toEqual(['경상북도', '울릉군']);
  });

  it('does not repeat Sejong as both province and city', () => {
    expect(nearestRegion(36.604528, 127.298399)!.names).toEqual(['세종특별자치시', '조치원읍']);
  });

  it('answers null far from Korea and at open sea', () => {
    expect(nearestRegion(48.8566, 2.3522)).toBeNull();
    expect(nearestRegion(35.6762, 139.6503)).toBeNull(); // Tokyo
    expect(nearestRegion(32.0, 125.0)).toBeNull(); // East China Sea
    expect(nearestRegion(-37.5665, -126.978)).toBeNull();
  });

  it('is fast once loaded', () => {
    nearestRegion(37.5, 127);
    const start = performance.now();
    for (let i = 0; i < 10_000; i++) nearestRegion(34 + (i % 400) / 100, 126 + (i % 300) / 100);
    expect((performance.now() - start) / 10_000).toBeLessThan(0.1); // ms per lookup
  });
});
