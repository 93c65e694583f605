import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../../adapters/storage/storage.js';
import type { JobLock } from '../../../lib/job-lock.js';
import { createScheduler } from '../../../lib/scheduler.js';

/**
 * A link-import photo (`imports/…`) is only shown in the add-clothes form until the garment is saved, which
 * uploads it again as the garment's own image; a day later nobody is looking at it any more.
 */
export const IMPORT_PHOTO_MAX_AGE_MS = 24 * 60 * 60_000;
const SWEEP_PERIOD_MS = 60 * 60_000;

/** Deletes link-import photos older than a day, hourly, on one instance at a time. */
export function createImportsSweeper(deps: {
  storage: Storage;
  jobLock: JobLock;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  async function sweep(): Promise<number> {
    const deleted = await deps.storage.deleteOlderThan('imports', new Date(now() - IMPORT_PHOTO_MAX_AGE_MS));
    if (deleted > 0) deps.log.info({ deleted }, 'deleted unused link-import photos');
    return deleted;
  }

  const scheduler = createScheduler({
    name: 'link-import photo sweep',
    initialDelayMs: 60_000,
    periodMs: SWEEP_PERIOD_MS,
    job: async () =>
      void (await deps.jobLock.runExclusive('otboo:imports-sweep', async () => void (await sweep()))),
    log: deps.log,
  });
  return { sweep, start: scheduler.start, stop: scheduler.stop };
}
