import type { FastifyBaseLogger } from 'fastify';

export interface Scheduler {
  start(): void;
  /** Clears the timers and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs a job after `initialDelayMs`, then every `periodMs`, never two at once. Timers are unref'd: they
 * never keep the process alive.
 */
export function createScheduler(options: {
  /** What the job is, for the log when it fails. */
  name: string;
  initialDelayMs: number;
  periodMs: number;
  job: () => Promise<void>;
  log: FastifyBaseLogger;
}): Scheduler {
  let first: NodeJS.Timeout | undefined;
  let every: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const tick = () => {
    if (running || stopped) return;
    running = options
      .job()
      .catch((err: unknown) => options.log.error({ err, job: options.name }, 'scheduled job failed'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start() {
      if (first || every || stopped) return;
      first = setTimeout(tick, options.initialDelayMs).unref();
      every = setInterval(tick, options.periodMs).unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
