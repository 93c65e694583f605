import type { PrecipitationType, SkyStatus } from '@otboo/contract';
import { addDays, seoulInstant, seoulParts } from '../../lib/seoul-time.js';
import { must } from '../../lib/must.js';
import { FORECAST_DAYS, REPRESENTATIVE_HOUR, type DayForecast } from './forecast-days.js';
import { distanceKm } from './geo.js';
import { readKmaCsv } from './resources.js';

/** Beyond this distance from every KMA station the normals say nothing about the place. */
export const MAX_STATION_DISTANCE_KM = 100;
/**
 * kma-normals.csv has no wind normals (see resources/kma/SOURCES.md); until the column is filled, the
 * estimate uses a typical inland surface wind, which reads as WEAK like nearly every station's monthly mean.
 */
const TYPICAL_WIND_MS = 2;

interface MonthNormal {
  tavg: number;
  tmin: number;
  tmax: number;
  precipMm: number;
  precipDays: number;
  humidity?: number;
  wind?: number;
}

export interface Station {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  months: MonthNormal[];
}

let stations: Station[] | undefined;

const optionalNumber = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

/** The 85 stations of kma-normals.csv, parsed on first use. */
function allStations(): Station[] {
  if (stations) return stations;
  const [header, ...rows] = readKmaCsv('kma-normals.csv');
  if (!header) throw new Error('kma-normals.csv has no header row');
  const col = (name: string) => header.indexOf(name);
  const c = {
    id: col('station_id'),
    name: col('name'),
    lat: col('lat'),
    lon: col('lon'),
    month: col('month'),
    tavg: col('tavg'),
    tmin: col('tmin'),
    tmax: col('tmax'),
    precipMm: col('precip_mm'),
    precipDays: col('precip_days'),
    humidity: col('humidity'),
    wind: col('wind_ms'),
  };
  const byId = new Map<number, Station>();
  for (const r of rows) {
    const id = Number(r[c.id]);
    let station = byId.get(id);
    if (!station) {
      station = {
        id,
        name: must(r[c.name], 'kma-normals.csv names each station'),
        latitude: Number(r[c.lat]),
        longitude: Number(r[c.lon]),
        months: [],
      };
      byId.set(id, station);
    }
    station.months[Number(r[c.month]) - 1] = {
      tavg: Number(r[c.tavg]),
      tmin: Number(r[c.tmin]),
      tmax: Number(r[c.tmax]),
      precipMm: Number(r[c.precipMm]),
      precipDays: Number(r[c.precipDays]),
      humidity: optionalNumber(r[c.humidity]),
      wind: optionalNumber(r[c.wind]),
    };
  }
  stations = [...byId.values()].filter((s) => s.months.length === 12 && s.months.every(Boolean));
  return stations;
}

/** The nearest station with normals, or null when none is within MAX_STATION_DISTANCE_KM. */
export function nearestStation(latitude: number, longitude: number): Station | null {
  let best: Station | null = null;
  let bestKm = Infinity;
  for (const s of allStations()) {
    const km = distanceKm(latitude, longitude, s.latitude, s.longitude);
    if (km < bestKm) {
      best = s;
      bestKm = km;
    }
  }
  return bestKm <= MAX_STATION_DISTANCE_KM ? best : null;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** Normals for one calendar day; precipitation as a daily amount and the chance of a wet day. */
interface DayNormal {
  tavg: number;
  tmin: number;
  tmax: number;
  precipMmPerDay: number;
  wetDayChance: number;
  humidity?: number;
  wind?: number;
}

/**
 * Monthly normals stand for the middle of their month; a day between two middles mixes both linearly
 * (December and January are neighbours). Monthly totals become per-day rates before mixing.
 */
function normalsOn(station: Station, date: string): DayNormal {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const m = month - 1;
  const days = daysInMonth(year, m);
  const middle = (days + 1) / 2;
  const o = day >= middle ? (m + 1) % 12 : (m + 11) % 12;
  const otherDays = daysInMonth(year, o); // Dec and Jan both have 31 days, so the year never matters here
  const w = Math.abs(day - middle) / ((days + otherDays) / 2);
  const a = must(station.months[m], 'allStations keeps only stations with all 12 months');
  const b = must(station.months[o], 'allStations keeps only stations with all 12 months');
  const mix = (x: number, y: number) => x * (1 - w) + y * w;
  return {
    tavg: mix(a.tavg, b.tavg),
    tmin: mix(a.tmin, b.tmin),
    tmax: mix(a.tmax, b.tmax),
    precipMmPerDay: mix(a.precipMm / days, b.precipMm / otherDays),
    wetDayChance: mix(a.precipDays / days, b.precipDays / otherDays),
    humidity: a.humidity === undefined || b.humidity === undefined ? undefined : mix(a.humidity, b.humidity),
    wind: a.wind === undefined || b.wind === undefined ? undefined : mix(a.wind, b.wind),
  };
}

/** Temperature through the day: the normal minimum near 03:00 and maximum near 15:00 on a cosine. */
function temperatureAt(n: DayNormal, hour: number): number {
  return (n.tmax + n.tmin) / 2 + ((n.tmax - n.tmin) / 2) * Math.cos((2 * Math.PI * (hour - 15)) / 24);
}

/** Saturation vapour pressure (kPa), FAO-56 eq. 11. */
const saturation = (t: number) => 0.6108 * Math.exp((17.27 * t) / (t + 237.3));

/**
 * Relative humidity at an hour: the station's normal when the data has one, else FAO-56's method for
 * missing humidity data (dew point ≈ daily minimum temperature, ch. 3 eq. 48).
 */
function humidityAt(n: DayNormal, hour: number): number {
  if (n.humidity !== undefined) return n.humidity;
  return Math.min(100, (100 * saturation(n.tmin)) / saturation(temperatureAt(n, hour)));
}

/** The chance of a wet day (≥ 0.1 mm) is the probability; a likely wet day is snow when it stays freezing. */
function precipitationOf(n: DayNormal): { type: PrecipitationType; probability: number; amount: number } {
  const probability = Math.min(100, n.wetDayChance * 100);
  let type: PrecipitationType = 'NONE';
  if (probability >= 50) type = n.tmax <= 0 ? 'SNOW' : n.tavg <= 2 ? 'RAIN_SNOW' : 'RAIN';
  return { type, probability, amount: n.precipMmPerDay };
}

/** More days with precipitation, more cloud: an estimate, marked as such by its source. */
function skyOf(probability: number): SkyStatus {
  if (probability >= 50) return 'CLOUDY';
  if (probability >= 30) return 'MOSTLY_CLOUDY';
  return 'CLEAR';
}

/** One day estimated from a station's normals, read at `hour` (Asia/Seoul). */
function estimateDay(station: Station, date: string, hour: number): DayForecast {
  const n = normalsOn(station, date);
  const before = normalsOn(station, addDays(date, -1));
  const current = temperatureAt(n, hour);
  const humidity = humidityAt(n, hour);
  const precipitation = precipitationOf(n);
  return {
    date,
    forecastAt: seoulInstant(date, hour),
    source: 'climatology' as const,
    skyStatus: skyOf(precipitation.probability),
    precipitation,
    humidity: { current: humidity, comparedToDayBefore: humidity - humidityAt(before, hour) },
    temperature: {
      current,
      min: n.tmin,
      max: n.tmax,
      comparedToDayBefore: current - temperatureAt(before, hour),
    },
    windSpeed: n.wind ?? TYPICAL_WIND_MS,
  };
}

/**
 * Five days estimated from the 1991–2020 normals of the station nearest to a point, read at the same hours
 * a provider forecast would be (today: the hour of `now`; later days: midday). Null far from every station.
 */
export function climatologyDays(
  latitude: number,
  longitude: number,
  now: Date,
  count = FORECAST_DAYS,
): DayForecast[] | null {
  const station = nearestStation(latitude, longitude);
  if (!station) return null;
  const { date: today, hour: nowHour } = seoulParts(now);
  return Array.from({ length: count }, (_, i) =>
    estimateDay(station, addDays(today, i), i === 0 ? nowHour : REPRESENTATIVE_HOUR),
  );
}

/**
 * Any calendar day estimated from the normals at a point, at midday like a forecast's later days (a trip's days
 * beyond the forecast); null far from every station.
 */
export function climatologyDay(latitude: number, longitude: number, date: string): DayForecast | null {
  const station = nearestStation(latitude, longitude);
  return station ? estimateDay(station, date, REPRESENTATIVE_HOUR) : null;
}
