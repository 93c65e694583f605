import { ko, type Location } from '@otboo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ReverseGeocoder } from '../../adapters/geocoder/reverse-geocoder.js';
import { latLonToGrid, type GridCell } from './kma-grid.js';
import { nearestRegion } from './region-table.js';

/** The projection is singular at the south pole; nothing lives there that a 5 km cell would miss. */
const MAX_GRID_LATITUDE = 89.9;

/** The KMA grid cell of any valid coordinate (finite integers, also far outside Korea). */
export function gridOf(latitude: number, longitude: number): GridCell {
  const lat = Math.max(-MAX_GRID_LATITUDE, Math.min(MAX_GRID_LATITUDE, latitude));
  return latLonToGrid(lat, longitude);
}

/** Names from the embedded table, or a coordinate label far from Korea: never empty. */
export function tableNames(latitude: number, longitude: number): string[] {
  return nearestRegion(latitude, longitude)?.names ?? [ko.weather.coordinateLabel(latitude, longitude)];
}

export interface LocationResolver {
  /** Grid cell and Korean region names of a point (validated coordinates). Never throws for a provider. */
  resolve(latitude: number, longitude: number): Promise<Location>;
  /** Region names only. */
  names(latitude: number, longitude: number): Promise<string[]>;
}

/**
 * Kakao Local answers when configured (its names are the current 행정동), the embedded KMA table when it
 * is not or when it fails, and a coordinate label outside Korea. Kakao answers are remembered per ~10 m.
 */
export function createLocationResolver(deps: {
  geocoder?: ReverseGeocoder;
  log?: FastifyBaseLogger;
}): LocationResolver {
  const remembered = new LRUCache<string, string[]>({ max: 10_000 });

  async function names(latitude: number, longitude: number): Promise<string[]> {
    if (deps.geocoder) {
      const key = `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
      const known = remembered.get(key);
      if (known) return [...known];
      try {
        const found = await deps.geocoder.regionNames(latitude, longitude);
        if (found) {
          remembered.set(key, found);
          return [...found];
        }
      } catch (err) {
        deps.log?.warn({ err }, 'reverse geocoding failed; using the embedded region table');
      }
    }
    return tableNames(latitude, longitude);
  }

  return {
    names,
    async resolve(latitude, longitude) {
      const { x, y } = gridOf(latitude, longitude);
      return { latitude, longitude, x, y, locationNames: await names(latitude, longitude) };
    },
  };
}
