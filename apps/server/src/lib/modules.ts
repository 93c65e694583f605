import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Storage } from '../adapters/storage/storage.js';
import type { PageFetcherOptions } from '../adapters/page-fetcher/page-fetcher.js';
import type { EventBus } from '../realtime/event-bus.js';
import type { JobLock } from './job-lock.js';

/**
 * A domain's routes with their services bound. A module's one routes plugin mounts its sub-plugins at their full
 * URL prefixes (docs/api.md), so app.ts registers every module the same way (docs/architecture.md §Modules).
 */
export type Routes = FastifyPluginAsyncZod;

/**
 * What every domain module is given: the database, the log, the parsed configuration (each module reads its own
 * part and builds its own repositories and adapters from it) and the infrastructure the app shares. A module
 * names what it needs from other modules beside these, as parts of their `api`.
 */
export interface ModuleDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: Config;
  /** Carries events to the other instances (LISTEN/NOTIFY, Redis, or in process). */
  bus: EventBus;
  /** Where uploaded and fetched images are kept. */
  storage: Storage;
  /** Background jobs run on one instance at a time when several share a PostgreSQL database. */
  jobLock: JobLock;
  /** Fetching outside pages and images (LINK_IMPORT_ALLOW_PRIVATE; tests keep every connection on loopback). */
  pages: Pick<PageFetcherOptions, 'allowPrivate' | 'connect'>;
}

/**
 * The one shape of a domain module (`create<Domain>Module(deps)`, always async): `api` is all another domain, a
 * job, the realtime plugin or a benchmark may use; `routes` is its one routes plugin; `lifecycle` its first-start
 * work and background jobs.
 */
export interface Module<Api> {
  api: Api;
  routes: Routes;
  lifecycle: Lifecycle;
}

/**
 * What a module does besides answering requests. The app runs `bootstrap` before it listens, `start` once it
 * listens (server.ts, test/support/start-server.ts) and `stop` when it closes, before the database closes.
 */
export interface Lifecycle {
  /** First-start work on the database (defaults, the administrator): idempotent, safe on every instance. */
  bootstrap?(): Promise<void>;
  /** Starts background jobs (unref'd timers: they never keep the process alive). */
  start?(): void;
  /** Stops the jobs and waits for the work in progress; safe when they never started. */
  stop?(): Promise<void>;
  /** Runs once the app has closed (no request left), before the event bus and the database close. */
  close?(): Promise<void>;
}

/**
 * The modules' lifecycles as one, given in dependency order: bootstraps and starts run in that order, stops in
 * reverse, so a job stops before the jobs it hands work to (the morning outfit before the push queue).
 */
export function combineLifecycles(lifecycles: readonly Lifecycle[]): Required<Lifecycle> {
  return {
    async bootstrap() {
      for (const l of lifecycles) await l.bootstrap?.();
    },
    start() {
      for (const l of lifecycles) l.start?.();
    },
    async stop() {
      for (const l of [...lifecycles].reverse()) await l.stop?.();
    },
    async close() {
      for (const l of [...lifecycles].reverse()) await l.close?.();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain modules' first-start work and background jobs (stopped by the app's close). */
    lifecycle: Pick<Required<Lifecycle>, 'bootstrap' | 'start'>;
  }
}
