import { describe, expect, it } from 'vitest';
import { gridToLatLon, latLonToGrid } from './kma-grid.js';

describe('latLonToGrid', () => {
  it.each([
    // Seoul City Hall (issue text), and cells from KMA's published grid table (kma-regions.csv).
    [37.5665, 126.978, 60, 127],
    [37.563569, 126.980008, 60, 127], // 서울특별시
    [35.177019, 129.076953, 98, 76], // 부산광역시 (KMA table)
    [33.496311, 126.533208, 53, 38], // 제주특별자치도 제주시 (KMA table)
  ])('%f, %f → (%i, %i)', (lat, lon, x, y) => {
    expect(latLonToGrid(lat, lon)).toEqual({ x, y });
  });
});

describe('gridToLatLon', () => {
  it('returns a point inside the same cell, near the cell of each table point', () => {
    for (const [lat, lon] of [
      [37.5665, 126.978],
      [35.177019, 129.076953],
      [33.496311, 126.533208],
      [38.2508, 128.5647],
    ] as const) {
      const cell = latLonToGrid(lat, lon);
      const centre = gridToLatLon(cell.x, cell.y);
      expect(latLonToGrid(centre.latitude, centre.longitude)).toEqual(cell);
      expect(Math.abs(centre.latitude - lat)).toBeLessThan(0.05);
      expect(Math.abs(centre.longitude - lon)).toBeLessThan(0.05);
    }
  });

  it('round-trips far from Korea too', () => {
    const cell = latLonToGrid(48.8566, 2.3522);
    const centre = gridToLatLon(cell.x, cell.y);
    expect(latLonToGrid(centre.latitude, centre.longitude)).toEqual(cell);
  });
});
