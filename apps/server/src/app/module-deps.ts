import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createStorage } from '../adapters/storage/create-storage.js';
import { createEventBus } from '../realtime/create-event-bus.js';
import { createPgJobLock, processJobLock } from '../lib/job-lock.js';
import type { ModuleDeps } from '../lib/modules.js';
import type { AppOverrides } from './overrides.js';

/** What every module is given (lib/modules.ts): the database, the log, the config and the shared infrastructure. */
export async function moduleDeps(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  overrides: AppOverrides,
): Promise<ModuleDeps> {
  return {
    db: database.db,
    log,
    config,
    storage: overrides.storage ?? (await createStorage(config.storage)),
    bus: overrides.bus ?? (await createEventBus(config.redisUrl, database, log)),
    // Background jobs run on one instance at a time when several share a PostgreSQL database.
    jobLock: database.pool ? createPgJobLock(database.pool) : processJobLock,
    pages: { allowPrivate: config.linkImportAllowPrivate, connect: overrides.pageConnector },
  };
}
