import {
  addIsoDays,
  isoDaysBetween,
  ko,
  seoulToday,
  TRIP_LIMITS,
  type Location,
  type OotdDto,
  type TripCreateRequest,
  type TripDto,
  type WeatherDto,
} from '@otboo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { seoulInstant } from '../../lib/seoul-time.js';
import type { Db } from '../../db/client.js';
import type { StoredTripDay } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { toOotdDto } from '../clothes/index.js';
import {
  engineWeatherOf,
  monthOf,
  type DayAhead,
  type Dresser,
  type EngineWeather,
} from '../recommendations/index.js';
import { climatologyDay, type DayForecast, type WeatherApi } from '../weather/index.js';
import { packTrip } from './pack.js';
import type { TripItemRow, TripRow, TripsRepo } from './trips.repo.js';

/** Days of the forecast (today and the next four): a trip's day beyond them is dressed from the normals. */
const FORECAST_DAYS = 5;
/** The hour a day is dressed for, like a forecast's later days. */
const DRESS_HOUR = 12;

export interface TripsServiceDeps {
  db: Db;
  log: FastifyBaseLogger;
  repo: TripsRepo;
  dresserFor: (userId: string) => Promise<Dresser>;
  weather: Pick<WeatherApi, 'forecast' | 'location'>;
  /** The clock (tests and benches keep the real one). */
  now?: () => number;
}

const round1 = (v: number) => Math.round(v * 10) / 10 + 0;

/**
 * A day beyond the forecast, from the weather domain's own estimate of the normals (the one it serves when the
 * provider fails): the midday temperature on the day's normal min–max curve, the normal humidity, the share of
 * wet days as the chance of precipitation (rain or snow when it reaches 50 %), the typical wind.
 */
function fromNormals(d: DayForecast): EngineWeather {
  return {
    temperature: d.temperature.current,
    min: d.temperature.min,
    max: d.temperature.max,
    humidity: d.humidity.current,
    windSpeed: d.windSpeed,
    precipitationType: d.precipitation.type,
    precipitationProbability: d.precipitation.probability,
    skyStatus: d.skyStatus,
    month: monthOf(d.date),
  };
}

/** The days of a trip with their weather. */
interface TripDayWeather extends DayAhead {
  source: StoredTripDay['source'];
}

/**
 * Trips and packing lists (docs/api.md §10): each day dressed by the recommendation rules for the weather at the
 * place (the forecast where it reaches, else the month's normals), the outfits and list stored when the trip is
 * made, the packed ticks kept per piece. Answers read the garments fresh: a piece deleted or archived since leaves
 * the trip's outfits and list.
 */
export function createTripsService({ db, log, repo, dresserFor, weather, now = Date.now }: TripsServiceDeps) {
  /** The place's forecast by date, or an empty map when the trip starts beyond it or the provider fails. */
  async function forecastByDate(
    latitude: number,
    longitude: number,
    from: string,
  ): Promise<{ days: Map<string, WeatherDto>; location: Location | null }> {
    const today = seoulToday(now());
    if (from > addIsoDays(today, FORECAST_DAYS - 1)) return { days: new Map(), location: null };
    try {
      const days = await weather.forecast(latitude, longitude);
      const byDate = new Map(days.map((d) => [seoulToday(Date.parse(d.forecastAt)), d]));
      return { days: byDate, location: days[0]?.location ?? null };
    } catch (err) {
      // No forecast at all (503): the normals answer every day, as the weather screen's fallback does.
      if (!(err instanceof AppError)) throw err;
      log.warn({ err }, 'trip: no forecast for the place; every day from the normals');
      return { days: new Map(), location: null };
    }
  }

  async function weatherOfDays(
    request: TripCreateRequest,
  ): Promise<{ days: TripDayWeather[]; location: Location }> {
    const { latitude, longitude, from, to } = request;
    const forecast = await forecastByDate(latitude, longitude, from);
    const n = isoDaysBetween(from, to) + 1;
    const days: TripDayWeather[] = [];
    for (let i = 0; i < n; i++) {
      const date = addIsoDays(from, i);
      const dayAt = new Date(seoulInstant(date, DRESS_HOUR));
      const f = forecast.days.get(date);
      if (f) {
        days.push({
          date,
          dayAt,
          weather: engineWeatherOf(f, date),
          source: f.source === 'climatology' ? 'climatology' : 'forecast',
        });
        continue;
      }
      const normal = climatologyDay(latitude, longitude, date);
      if (!normal)
        throw badRequest(ko.trips.noClimate, { to: ko.trips.noClimate }, 'TripClimateUnknownException');
      days.push({ date, dayAt, weather: fromNormals(normal), source: 'climatology' });
    }
    const location = forecast.location ?? (await weather.location(latitude, longitude));
    return { days, location };
  }

  /** The trip as answered: outfits and list from the garments still in the closet. */
  function toDto(row: TripRow, items: readonly TripItemRow[], dresser: Dresser): TripDto {
    const byId = new Map(dresser.garments.map((g) => [g.id, g]));
    const listed = new Set<string>();
    const packingList = items.flatMap((item) => {
      const g = byId.get(item.clothesId);
      if (!g) return [];
      listed.add(item.clothesId);
      const o = toOotdDto({ ...g, clothesId: g.id });
      return [
        {
          clothesId: g.id,
          name: o.name,
          type: o.type,
          imageUrl: o.imageUrl,
          thumbnailUrl: o.thumbnailUrl,
          days: item.days,
          packed: item.packed,
        },
      ];
    });
    const ootd = new Map<string, OotdDto>();
    const ootdOf = (id: string): OotdDto[] => {
      const g = byId.get(id);
      if (!g || !listed.has(id)) return [];
      let o = ootd.get(id);
      if (!o) {
        o = toOotdDto({ ...g, clothesId: g.id });
        ootd.set(id, o);
      }
      return [o];
    };
    return {
      id: row.id,
      location: row.location,
      from: row.fromDate,
      to: row.toDate,
      days: row.days.map((d) => ({
        date: d.date,
        source: d.source,
        temperature: { min: d.min, max: d.max },
        precipitationProbability: d.precipitationProbability,
        outfit: d.clothesIds.flatMap(ootdOf),
      })),
      packingList,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function owned(actor: Actor, id: string): Promise<TripRow> {
    const row = await repo.findOwned(db, actor.userId, id);
    // Another user's trip answers as an unknown one: its id tells nothing (docs/api.md §10).
    if (!row) throw notFound(ko.trips.notFound, 'TripNotFoundException');
    return row;
  }

  async function answer(actor: Actor, row: TripRow): Promise<TripDto> {
    const [items, dresser] = await Promise.all([repo.itemsOf(db, [row.id]), dresserFor(actor.userId)]);
    return toDto(row, items, dresser);
  }

  return {
    async create(actor: Actor, request: TripCreateRequest): Promise<TripDto> {
      if ((await repo.countOf(db, actor.userId)) >= TRIP_LIMITS.perUser)
        throw conflict(ko.trips.tooMany, 'TripLimitException');
      const [{ days, location }, dresser] = await Promise.all([
        weatherOfDays(request),
        dresserFor(actor.userId),
      ]);
      const packed = packTrip(dresser, days);
      const stored: StoredTripDay[] = days.map((d, i) => ({
        date: d.date,
        source: d.source,
        min: round1(d.weather.min),
        max: round1(d.weather.max),
        precipitationProbability: Math.round(d.weather.precipitationProbability),
        clothesIds: packed.days[i]?.clothesIds ?? [],
      }));
      const row = await db.transaction(async (tx) => {
        await repo.lockUser(tx, actor.userId);
        if ((await repo.countOf(tx, actor.userId)) >= TRIP_LIMITS.perUser)
          throw conflict(ko.trips.tooMany, 'TripLimitException');
        return repo.insert(tx, {
          userId: actor.userId,
          location,
          fromDate: request.from,
          toDate: request.to,
          days: stored,
          items: packed.items,
        });
      });
      const items = packed.items.map((i, position) => ({ tripId: row.id, position, packed: false, ...i }));
      return toDto(row, items, dresser);
    },

    async list(actor: Actor): Promise<TripDto[]> {
      const rows = await repo.listOf(db, actor.userId);
      if (rows.length === 0) return [];
      const [items, dresser] = await Promise.all([
        repo.itemsOf(
          db,
          rows.map((r) => r.id),
        ),
        dresserFor(actor.userId),
      ]);
      const byTrip = new Map<string, TripItemRow[]>();
      for (const item of items) {
        const list = byTrip.get(item.tripId);
        if (list) list.push(item);
        else byTrip.set(item.tripId, [item]);
      }
      return rows.map((r) => toDto(r, byTrip.get(r.id) ?? [], dresser));
    },

    async get(actor: Actor, id: string): Promise<TripDto> {
      return answer(actor, await owned(actor, id));
    },

    async setPacked(actor: Actor, id: string, clothesId: string, packed: boolean): Promise<TripDto> {
      const row = await owned(actor, id);
      if (!(await repo.setPacked(db, row.id, clothesId, packed)))
        throw notFound(ko.trips.notInList, 'TripItemNotFoundException');
      return answer(actor, row);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if (!(await repo.deleteOwned(db, actor.userId, id)))
        throw notFound(ko.trips.notFound, 'TripNotFoundException');
    },
  };
}
export type TripsService = ReturnType<typeof createTripsService>;
