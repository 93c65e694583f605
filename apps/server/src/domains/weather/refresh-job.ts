import type { WeatherDto } from '@otboo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { addDays, seoulParts } from '../../lib/seoul-time.js';
import { processJobLock, type JobLock } from '../../lib/job-lock.js';
import { createScheduler } from '../../lib/scheduler.js';
import type { GridCell } from './kma-grid.js';
import type { WeatherRepo } from './weather.repo.js';

/** Stored forecasts older than this that describe a past day and no feed uses are deleted. */
const KEEP_FORECASTS_MS = 3 * 86_400_000;

export interface RefreshJobDeps {
  db: Db;
  repo: WeatherRepo;
  log: FastifyBaseLogger;
  refreshMs: number;
  /** First run after start (default 10 s). */
  scheduleDelayMs?: number;
  /** Keeps instances on one database from refreshing at the same moment (default: this process only). */
  jobLock?: JobLock;
  /** Stops the run between cells once the service closes. */
  signal: AbortSignal;
  refreshCell(cell: GridCell, aheadMs: number): Promise<WeatherDto[]>;
  alertTomorrowChanges(cell: GridCell, days: WeatherDto[]): Promise<void>;
}

/** The scheduled refresh of every saved location's cell, with tomorrow's alerts and pruning. */
export function createRefreshJob(deps: RefreshJobDeps) {
  const { db, repo, log, refreshMs } = deps;

  /** Refresh every saved location's cell, check tomorrow there, prune old forecasts. */
  async function refreshSavedLocations(): Promise<void> {
    const cells = await repo.savedCells(db);
    for (const cell of cells) {
      if (deps.signal.aborted) return;
      try {
        // Also what would expire within a tenth of a period: a saved cell is then rarely found expired by its user.
        await deps.alertTomorrowChanges(cell, await deps.refreshCell(cell, refreshMs / 10));
      } catch (err) {
        log.warn({ err, cell }, 'scheduled weather refresh of a cell failed');
      }
    }
    const now = Date.now();
    const pruned = await repo.prune(db, new Date(now - KEEP_FORECASTS_MS), addDays(seoulParts(now).date, -2));
    if (pruned > 0) log.info({ pruned }, 'pruned old weather forecasts');
  }

  const jobLock = deps.jobLock ?? processJobLock;
  /**
   * The scheduled run: on one instance only, so instances started together do not each ask the provider for
   * every saved cell (the others find the fresh batch at their next run). True when this instance ran it.
   */
  const runScheduledRefresh = () => jobLock.runExclusive('otboo:weather-refresh', refreshSavedLocations);

  const scheduler = createScheduler({
    name: 'weather refresh',
    initialDelayMs: deps.scheduleDelayMs ?? 10_000,
    periodMs: refreshMs,
    job: async () => void (await runScheduledRefresh()),
    log,
  });

  return {
    refreshSavedLocations,
    runScheduledRefresh,
    start: () => scheduler.start(),
    stop: () => scheduler.stop(),
  };
}
