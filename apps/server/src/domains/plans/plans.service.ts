import {
  ko,
  PLAN_LIMITS,
  seoulToday,
  type OotdDto,
  type PlanAutoRequest,
  type PlanDto,
  type PlanRangeQuery,
  type PlanRequest,
  type WeatherDto,
} from '@otboo/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { addDays } from '../../lib/seoul-time.js';
import { awayOn, toOotdDto, type ClothesApi } from '../clothes/index.js';
import { dayAheadOf, type DayAhead, type Dresser } from '../recommendations/index.js';
import type { PlannedPiece, PlanRow, PlansRepo } from './plans.repo.js';

export interface PlansServiceDeps {
  db: Db;
  repo: PlansRepo;
  /** One user's closet, read once, dressed for days ahead by the recommendation rules. */
  dresserFor: (userId: string) => Promise<Dresser>;
  /** The five-day forecast at a point (the weather service, as GET /api/weathers answers it). */
  forecast: (latitude: number, longitude: number) => Promise<WeatherDto[]>;
  /** Planned pieces' attributes, read the closet's way (the clothes module's api). */
  clothesAttributesOf: ClothesApi['attributesOf'];
  /** The clock (tests move it). */
  now?: () => number;
}

/** The slots that must not repeat on two consecutive dates while the closet has another piece the day allows. */
const ROTATED_SLOTS = new Set(['TOP', 'BOTTOM', 'DRESS', 'OUTER']);

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** Whether a planned piece can be worn on the date: in the closet and not away (docs/api.md §10). */
const wearableOn = (p: Pick<PlannedPiece, 'archived' | 'away'>, date: string) =>
  !p.archived && !awayOn(p.away, date);

const clothesNotFound = () => notFound(ko.clothes.notFound, 'ClothesNotFoundException');

/** '이번 주 코디': plans for the days ahead, filled by hand or by the recommendation rules (docs/api.md §10). */
export function createPlansService({
  db,
  repo,
  dresserFor,
  forecast,
  clothesAttributesOf,
  now = Date.now,
}: PlansServiceDeps) {
  /** The forecast days at the user's profile location, by date; empty without a location or a forecast. */
  async function weatherByDate(userId: string): Promise<Map<string, WeatherDto>> {
    const location = await repo.locationOf(db, userId);
    if (!location) return new Map();
    try {
      const days = await forecast(location.latitude, location.longitude);
      return new Map(days.map((w) => [dayAheadOf(w).date, w]));
    } catch {
      // A plan answers without its weather when the provider fails (the week still shows what was planned).
      return new Map();
    }
  }

  /** The stored plans as the contract answers them; attributes read in one query for all of them. */
  async function toDtos(
    rows: readonly PlanRow[],
    weather: ReadonlyMap<string, WeatherDto>,
  ): Promise<PlanDto[]> {
    const attributes = await clothesAttributesOf(db, [
      ...new Set(rows.flatMap((r) => r.pieces.map((p) => p.clothesId))),
    ]);
    return rows.map((r) => ({
      date: r.date,
      clothes: r.pieces.map((p) => toOotdDto({ ...p, attributes: attributes.get(p.clothesId) ?? [] })),
      note: r.note,
      weather: weather.get(r.date) ?? null,
      unavailableClothesIds: r.pieces.filter((p) => !wearableOn(p, r.date)).map((p) => p.clothesId),
    }));
  }

  function checkRange({ from, to }: PlanRangeQuery) {
    if (from > to) throw badRequest(ko.plans.rangeInvalid, { from: ko.plans.rangeInvalid });
  }

  /** A date a plan may be set for: today (Asia/Seoul) to today + 13 days. */
  function checkPlannable(date: string) {
    const today = seoulToday(now());
    if (date < today || date > addDays(today, PLAN_LIMITS.daysAhead))
      throw badRequest(ko.plans.dateOutOfRange, { date: ko.plans.dateOutOfRange });
  }

  return {
    /** GET /api/plans?from&to: the caller's plans in the range (at most 31 days), by date. */
    async list(actor: Actor, range: PlanRangeQuery): Promise<PlanDto[]> {
      checkRange(range);
      if (daysBetween(range.from, range.to) + 1 > PLAN_LIMITS.rangeMaxDays)
        throw badRequest(ko.plans.rangeTooLong, { to: ko.plans.rangeTooLong });
      const rows = await repo.plansIn(db, actor.userId, range.from, range.to);
      return toDtos(rows, rows.length ? await weatherByDate(actor.userId) : new Map());
    },

    /**
     * PUT /api/plans/{date}: the day's pieces (the caller's own, wearable that day) and note replace its plan.
     * Unknown garment → 404, another user's → 403, archived or away that day → 409; nothing changes on an error.
     */
    async put(actor: Actor, date: string, request: PlanRequest): Promise<PlanDto> {
      checkPlannable(date);
      const ids = [...new Set(request.clothesIds)];
      const found = await repo.garments(db, ids);
      if (found.length < ids.length) throw clothesNotFound();
      if (found.some((g) => g.ownerId !== actor.userId))
        throw forbidden(ko.plans.notOwner, 'ClothesForbiddenException');
      const unwearable = found.filter((g) => !wearableOn(g, date));
      if (unwearable.length) {
        const message = ko.plans.unavailable(unwearable.map((g) => g.name).join(', '));
        throw conflict(message, 'ClothesUnavailableException', { clothesIds: message });
      }
      await db.transaction((tx) => repo.put(tx, actor.userId, date, request.note ?? null, ids));
      const rows = await repo.plansIn(db, actor.userId, date, date);
      const [plan] = await toDtos(rows, await weatherByDate(actor.userId));
      // The plan was just written; a garment deleted meanwhile may have emptied it.
      if (!plan) throw clothesNotFound();
      return plan;
    },

    /** DELETE /api/plans/{date}: the day has no plan afterwards (also when it had none). */
    async remove(actor: Actor, date: string): Promise<void> {
      await repo.remove(db, actor.userId, date);
    },

    /**
     * POST /api/plans/auto: an outfit for every date of the range without a plan, for that day's forecast at the
     * profile location, by the recommendation rules; no top, bottom, dress or outer on two consecutive dates while
     * the closet has another piece of that role the day allows (the plans of the day before `from`, of the dates in
     * between and of the day after a made plan count). A date the closet cannot dress gets no plan.
     */
    async auto(actor: Actor, range: PlanAutoRequest): Promise<PlanDto[]> {
      checkRange(range);
      const { from, to } = range;
      const location = await repo.locationOf(db, actor.userId);
      if (!location) throw badRequest(ko.plans.needsLocation, {}, 'LocationRequiredException');
      const today = seoulToday(now());
      if (from < today)
        throw badRequest(ko.plans.autoOutsideForecast, { from: ko.plans.autoOutsideForecast });
      const forecastDays = (await forecast(location.latitude, location.longitude)).map((w) => ({
        day: dayAheadOf(w),
        weather: w,
      }));
      const byDate = new Map(forecastDays.map((d) => [d.day.date, d]));
      const dates: string[] = [];
      for (let d = from; d <= to; d = addDays(d, 1)) {
        if (!byDate.has(d))
          throw badRequest(ko.plans.autoOutsideForecast, {
            [d === from ? 'from' : 'to']: ko.plans.autoOutsideForecast,
          });
        dates.push(d);
      }

      const [dresser, existing] = await Promise.all([
        dresserFor(actor.userId),
        repo.plansIn(db, actor.userId, addDays(from, -1), addDays(to, 1)),
      ]);
      const planned = new Map(existing.map((p) => [p.date, p.pieces.map((x) => x.clothesId)]));
      const rotated = (ids: readonly string[] | undefined) =>
        (ids ?? []).filter((id) => {
          const slot = dresser.slotOf(id);
          return slot !== null && ROTATED_SLOTS.has(slot);
        });

      // Dates are dressed next to a known plan first (the day before `from`, a plan in between, one just made),
      // each avoiding the rotated pieces of both its neighbours; a run of free dates after a plan goes forwards,
      // one before a plan backwards from it, so that the free days between plans alternate where the closet can.
      const made = new Map<string, { day: DayAhead; clothes: OotdDto[]; clothesIds: string[] }>();
      const free = new Set(dates.filter((d) => !planned.has(d)));
      while (free.size > 0) {
        const remaining = [...free];
        const next =
          remaining.find((d) => planned.has(addDays(d, -1)) || planned.has(addDays(d, 1))) ?? remaining[0];
        if (next === undefined) break;
        free.delete(next);
        const entry = byDate.get(next);
        if (!entry) continue; // every date was checked above
        const avoid = new Set([
          ...rotated(planned.get(addDays(next, -1))),
          ...rotated(planned.get(addDays(next, 1))),
        ]);
        const outfit = dresser.dress(entry.day, { avoid });
        const clothesIds = outfit.picks.map((p) => p.id);
        // A date the closet cannot dress gets no plan.
        if (clothesIds.length === 0) continue;
        planned.set(next, clothesIds);
        made.set(next, {
          day: entry.day,
          clothesIds,
          // The contract's OOTD shape, without the recommendation's per-piece reason.
          clothes: outfit.clothes.map(({ reason: _reason, ...piece }) => piece),
        });
      }
      const madeInOrder = dates.flatMap((date) => {
        const m = made.get(date);
        return m ? [{ date, ...m }] : [];
      });
      const stored = await db.transaction((tx) => repo.insertNew(tx, actor.userId, madeInOrder));
      return madeInOrder
        .filter((m) => stored.has(m.date))
        .map((m) => ({
          date: m.date,
          clothes: m.clothes,
          note: null,
          weather: byDate.get(m.date)?.weather ?? null,
          unavailableClothesIds: [],
        }));
    },

    /**
     * The pieces planned for the user's date that can be worn that day, by name (the morning outfit names them
     * instead of the recommendation); null when the date has no plan or none of its pieces can be worn.
     */
    async plannedNames(userId: string, date: string): Promise<string[] | null> {
      const [plan] = await repo.plansIn(db, userId, date, date);
      const names = plan?.pieces.filter((p) => wearableOn(p, date)).map((p) => p.name) ?? [];
      return names.length ? names : null;
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
