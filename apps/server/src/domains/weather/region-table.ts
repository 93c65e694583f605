import { distanceKm } from './geo.js';
import { readKmaCsv } from './resources.js';

/** A point farther than this from every region of the table is not in Korea (or at sea). */
export const MAX_REGION_DISTANCE_KM = 50;
const BUCKET_DEG = 0.1;
/** Longitudes shift by this many buckets so every key is non-negative. */
const LON_OFFSET = 1800;
const KM_PER_DEG = 111.32;

interface Region {
  latitude: number;
  longitude: number;
  names: string[];
}

interface RegionIndex {
  buckets: Map<number, Region[]>;
  bounds: { minLat: number; maxLat: number; minLon: number; maxLon: number };
}

let index: RegionIndex | undefined;

const bucketKey = (latBucket: number, lonBucket: number) => latBucket * 4000 + (lonBucket + LON_OFFSET);

/** `["세종특별자치시","세종특별자치시","조치원읍"]` → `["세종특별자치시","조치원읍"]`. */
function namesOf(levels: readonly (string | undefined)[]): string[] {
  const names: string[] = [];
  for (const level of levels) if (level && level !== names.at(-1)) names.push(level);
  return names;
}

/**
 * The most specific regions of kma-regions.csv (a 읍면동, or a 시군구/시도 without any below it), in a
 * 0.1° bucket grid. Built on first use: about 3,600 points, a few milliseconds.
 */
function regionIndex(): RegionIndex {
  if (index) return index;
  const [header, ...rows] = readKmaCsv('kma-regions.csv');
  if (!header) throw new Error('kma-regions.csv has no header row');
  const col = (name: string) => header.indexOf(name);
  const [c1, c2, c3, cLon, cLat] = [col('level1'), col('level2'), col('level3'), col('lon'), col('lat')];
  const parents = new Set<string>();
  for (const r of rows) {
    if (r[c3]) parents.add(`${r[c1]}|${r[c2]}`);
    if (r[c2]) parents.add(`${r[c1]}|`);
  }
  const leaves = rows.filter((r) => r[c3] || !parents.has(`${r[c1]}|${r[c2] ?? ''}`));
  const buckets = new Map<number, Region[]>();
  const bounds = { minLat: Infinity, maxLat: -Infinity, minLon: Infinity, maxLon: -Infinity };
  for (const r of leaves) {
    const lat = Number(r[cLat]);
    const lon = Number(r[cLon]);
    const region: Region = { latitude: lat, longitude: lon, names: namesOf([r[c1], r[c2], r[c3]]) };
    const key = bucketKey(Math.floor(lat / BUCKET_DEG), Math.floor(lon / BUCKET_DEG));
    const bucket = buckets.get(key);
    if (bucket) bucket.push(region);
    else buckets.set(key, [region]);
    bounds.minLat = Math.min(bounds.minLat, lat);
    bounds.maxLat = Math.max(bounds.maxLat, lat);
    bounds.minLon = Math.min(bounds.minLon, lon);
    bounds.maxLon = Math.max(bounds.maxLon, lon);
  }
  index = { buckets, bounds };
  return index;
}

export interface NearestRegion {
  names: string[];
  distanceKm: number;
}

/**
 * The region of the table nearest to a point (offline), or null when none is within
 * MAX_REGION_DISTANCE_KM. Scans rings of buckets outwards and stops once no unscanned bucket can hold a
 * nearer point.
 */
export function nearestRegion(latitude: number, longitude: number): NearestRegion | null {
  const idx = regionIndex();
  const marginDeg = MAX_REGION_DISTANCE_KM / (KM_PER_DEG * Math.cos(40 * (Math.PI / 180)));
  const { minLat, maxLat, minLon, maxLon } = idx.bounds;
  if (
    latitude < minLat - marginDeg ||
    latitude > maxLat + marginDeg ||
    longitude < minLon - marginDeg ||
    longitude > maxLon + marginDeg
  ) {
    return null;
  }
  const latBucket = Math.floor(latitude / BUCKET_DEG);
  const lonBucket = Math.floor(longitude / BUCKET_DEG);
  // The narrowest a bucket gets near here (longitude degrees shrink with latitude).
  const bucketKm = BUCKET_DEG * KM_PER_DEG * Math.cos((Math.abs(latitude) + BUCKET_DEG) * (Math.PI / 180));
  const maxRing = Math.ceil(MAX_REGION_DISTANCE_KM / bucketKm) + 1;
  // Candidates are compared on a local flat projection (no trigonometry per point, within 0.5% at 50 km);
  // the answer's distance is then measured on the sphere.
  const cosLat = Math.cos(latitude * (Math.PI / 180));
  let best: Region | null = null;
  let bestSq = Infinity;
  for (let ring = 0; ring <= maxRing; ring++) {
    if (best && Math.sqrt(bestSq) * KM_PER_DEG <= (ring - 1) * bucketKm) break;
    for (let dy = -ring; dy <= ring; dy++) {
      for (let dx = -ring; dx <= ring; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const bucket = idx.buckets.get(bucketKey(latBucket + dy, lonBucket + dx));
        if (!bucket) continue;
        for (const region of bucket) {
          const x = (region.longitude - longitude) * cosLat;
          const y = region.latitude - latitude;
          const sq = x * x + y * y;
          if (sq < bestSq) {
            bestSq = sq;
            best = region;
          }
        }
      }
    }
  }
  if (!best) return null;
  const bestKm = distanceKm(latitude, longitude, best.latitude, best.longitude);
  if (bestKm > MAX_REGION_DISTANCE_KM) return null;
  return { names: [...best.names], distanceKm: bestKm };
}
