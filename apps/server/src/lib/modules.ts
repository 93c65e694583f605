import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.js';

/**
 * A domain's routes with their services bound. app.ts registers each under its URL prefix, so the URL map of
 * the whole API reads in one place (docs/architecture.md).
 */
export type Routes = FastifyPluginAsyncZod;

/** What every domain module is given. */
export interface ModuleDeps {
  db: Db;
  log: FastifyBaseLogger;
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
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain modules' first-start work and background jobs (stopped by the app's close). */
    lifecycle: Pick<Required<Lifecycle>, 'bootstrap' | 'start'>;
  }
}
