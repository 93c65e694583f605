import type { RecommendationDto, WeatherDto } from '@otboo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { JobLock } from '../../lib/job-lock.js';
import { addDays, seoulParts } from '../../lib/seoul-time.js';
import type { NotificationInput, Notifier } from '../notifications/index.js';
import { morningNotificationOf, type MorningOutfit } from './morning-outfit-text.js';
import type { DueUser, NotificationSettingsRepo } from './notification-settings.repo.js';

/**
 * The morning outfit (docs/api.md §9.3): at each user's chosen Asia/Seoul minute, one notification with today's
 * weather at the profile location and the recommended pieces by name (the planned pieces on a day with a plan,
 * docs/api.md §10), at most once per user and day.
 *
 * - Only the users due are read (a range of minutes on the partial index), in batches of `batchSize`, so memory
 *   and each transaction stay bounded however many users share a minute.
 * - A batch is claimed and notified in one transaction: one `(day, user)` row per user, inserted with the
 *   notification. Two instances racing for the same user serialize on that row; whichever commits first sends,
 *   the other inserts nothing. The job lock keeps the second instance from even preparing.
 * - After a restart (or a slow minute) users whose minute has passed and who have no row for today are served
 *   late, up to `catchUpMinutes`; never twice.
 */

export interface MorningOutfitDeps {
  db: Db;
  repo: NotificationSettingsRepo;
  notifier: Notifier;
  /** Today's forecast at a point (the weather service). */
  forecast: (latitude: number, longitude: number) => Promise<WeatherDto[]>;
  /** An outfit for the user and forecast day (the recommendations service). */
  recommend: (actor: Actor, weatherId: string) => Promise<RecommendationDto>;
  /** The pieces the user planned for the date, by name, or null ('이번 주 코디': named instead of the outfit). */
  planned?: (userId: string, date: string) => Promise<string[] | null>;
  jobLock: JobLock;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => number;
  /** Tests: run every `tickMs` instead of at each minute boundary. */
  tickMs?: number;
  batchSize?: number;
  /** Users prepared at once within a batch. */
  concurrency?: number;
  /** How late a missed minute is still served (default 180 minutes). */
  catchUpMinutes?: number;
}

export interface MorningRunResult {
  /** Notifications created by this run. */
  served: number;
  /** Users left for a later run (their weather or outfit failed). */
  failed: number;
  /** Users another instance had already served. */
  alreadyServed: number;
}

const JOB_NAME = 'otboo:morning-outfit';

/** Runs `fn` over `items` with at most `limit` at once, keeping the order of the results. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  // One iterator shared by the workers: each takes the next item when it is free.
  const pending = items.entries();
  const worker = async () => {
    for (const [i, item] of pending) out[i] = await fn(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export function createMorningOutfitJob(deps: MorningOutfitDeps) {
  const { db, repo, notifier, log } = deps;
  const now = deps.now ?? Date.now;
  const batchSize = deps.batchSize ?? 200;
  // Each user prepared holds a database connection at a time: 4 of a pool of 10 (one more holds the job lock)
  // leaves the requests of 07:00 their share.
  const concurrency = deps.concurrency ?? 4;
  const catchUpMinutes = deps.catchUpMinutes ?? 180;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let prunedDay: string | undefined;

  /** Today's forecast per grid cell for one run: one call per cell however many users live there. */
  function forecastsOfRun() {
    const byCell = new Map<string, Promise<WeatherDto | undefined>>();
    return (user: DueUser, latitude: number, longitude: number): Promise<WeatherDto | undefined> => {
      const key = user.x !== null && user.y !== null ? `${user.x}:${user.y}` : `${latitude}:${longitude}`;
      let found = byCell.get(key);
      if (!found) {
        found = deps.forecast(latitude, longitude).then((days) => days[0]);
        // A failed cell is asked again by the next user of it (the weather service has its own fallbacks).
        found.catch(() => byCell.delete(key));
        byCell.set(key, found);
      }
      return found;
    };
  }

  async function prepare(
    user: DueUser,
    todayAt: ReturnType<typeof forecastsOfRun>,
  ): Promise<MorningOutfit | null> {
    if (user.latitude === null || user.longitude === null) return { kind: 'no-location' };
    try {
      const weather = await todayAt(user, user.latitude, user.longitude);
      if (!weather) return null;
      if (!user.hasClothes) return { kind: 'empty-closet', weather };
      const planned = await deps.planned?.(user.userId, seoulParts(new Date(weather.forecastAt)).date);
      if (planned) return { kind: 'outfit', weather, pieces: planned };
      const actor: Actor = { userId: user.userId, role: 'USER', sessionId: 'morning-outfit' };
      const outfit = await deps.recommend(actor, weather.id);
      return { kind: 'outfit', weather, pieces: outfit.clothes.map((c) => c.name) };
    } catch (err) {
      log.warn({ err, userId: user.userId }, 'morning outfit not prepared; tried again next minute');
      return null;
    }
  }

  /** Serves every user due now (and those missed in the catch-up window), batch by batch. */
  async function runDue(): Promise<MorningRunResult> {
    const at = now();
    const { date: day, hour, minute } = seoulParts(at);
    const nowMinute = hour * 60 + minute;
    const result: MorningRunResult = { served: 0, failed: 0, alreadyServed: 0 };
    const todayAt = forecastsOfRun();
    let after: { minute: number; userId: string } | null = null;
    while (!stopped) {
      const due = await repo.dueUsers(db, {
        day,
        fromMinute: Math.max(0, nowMinute - catchUpMinutes),
        toMinute: nowMinute,
        after,
        limit: batchSize,
      });
      const last = due.at(-1);
      if (!last) break;
      after = { minute: last.minute, userId: last.userId };
      const prepared = await mapLimited(due, concurrency, (u) => prepare(u, todayAt));
      const ready: NotificationInput[] = [];
      due.forEach((user, i) => {
        const outfit = prepared[i];
        if (!outfit) return void result.failed++;
        const n = morningNotificationOf(outfit);
        ready.push({
          receiverId: user.userId,
          title: n.title,
          content: n.content,
          kind: n.kind,
          level: 'INFO',
          targetDate: day,
        });
      });
      if (stopped) break;
      const dtos = await db.transaction(async (tx) => {
        const claimed = await repo.claimDeliveries(
          tx,
          day,
          ready.map((r) => r.receiverId),
        );
        return notifier.record(
          tx,
          ready.filter((r) => claimed.has(r.receiverId)),
        );
      });
      result.served += dtos.length;
      result.alreadyServed += ready.length - dtos.length;
      await notifier.publish(dtos);
      if (due.length < batchSize) break;
    }
    if (prunedDay !== day && !stopped) {
      prunedDay = day;
      await repo.pruneDeliveries(db, addDays(day, -1));
    }
    if (result.served > 0 || result.failed > 0)
      log.info({ day, nowMinute, ...result }, 'morning outfits sent');
    return result;
  }

  function schedule() {
    if (stopped) return;
    // Just after the next minute starts (wall clock), or every `tickMs` in tests.
    const delay = deps.tickMs ?? 60_000 - (Date.now() % 60_000) + 500;
    timer = setTimeout(() => {
      running = deps.jobLock
        .runExclusive(JOB_NAME, async () => void (await runDue()))
        .catch((err: unknown) => log.error({ err, job: 'morning outfit' }, 'scheduled job failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, delay).unref();
  }

  return {
    runDue,
    start(): void {
      if (timer || stopped) return;
      schedule();
    },
    /** Clears the timer and waits for a run in progress (it stops between batches). */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
export type MorningOutfitJob = ReturnType<typeof createMorningOutfitJob>;
