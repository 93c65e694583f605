/** What a fair queue reports about each job (tests and the benchmark watch it; nothing in production does). */
export type FairQueueEvent = { type: 'queued' | 'started' | 'finished'; owner: string };

export interface FairQueue {
  /** Runs `work` when a slot is free and it is `owner`'s turn; settles as `work` does. */
  run<T>(owner: string, work: () => Promise<T>): Promise<T>;
  /** Changes the number of slots; jobs already running finish. */
  setConcurrency(concurrency: number): void;
}

/**
 * Runs jobs at most `concurrency` at a time, fairly between owners (users). Each owner has its own FIFO; a slot
 * that frees goes to the waiting owner with the fewest jobs running, ties in turn (the owner whose last job
 * started longest ago, or never, first). So a user who arrives while another has a thousand jobs queued starts at the very next slot that frees:
 * the other's queue delays them by at most the one job that was running in it.
 *
 * Written here rather than taken from a library: p-limit and p-queue (only a dev tool's copy of p-limit is in
 * node_modules) keep one FIFO for everybody, which is exactly what let one user's import hold every decode slot.
 */
export function createFairQueue(
  concurrency: number,
  observe: (event: FairQueueEvent) => void = () => undefined,
): FairQueue {
  let slots = Math.max(1, concurrency);
  let running = 0;
  let starts = 0;
  /** Waiting jobs by owner, in the order the owners began waiting. */
  const waiting = new Map<string, (() => void)[]>();
  const runningBy = new Map<string, number>();
  /** When each owner with jobs running or waiting last had one started (0: not yet). */
  const lastStart = new Map<string, number>();

  /** The waiting owner with the fewest jobs running, ties to the one whose last job started longest ago. */
  function nextOwner(): { owner: string; jobs: (() => void)[] } | undefined {
    let chosen: { owner: string; jobs: (() => void)[] } | undefined;
    let fewest = Infinity;
    let oldest = Infinity;
    for (const [owner, jobs] of waiting) {
      const count = runningBy.get(owner) ?? 0;
      const last = lastStart.get(owner) ?? 0;
      if (count < fewest || (count === fewest && last < oldest)) {
        chosen = { owner, jobs };
        fewest = count;
        oldest = last;
      }
    }
    return chosen;
  }

  function pump() {
    while (running < slots) {
      const next = nextOwner();
      const start = next?.jobs.shift();
      if (!next || !start) return;
      const { owner, jobs } = next;
      if (jobs.length === 0) waiting.delete(owner);
      running++;
      lastStart.set(owner, ++starts);
      runningBy.set(owner, (runningBy.get(owner) ?? 0) + 1);
      start();
    }
  }

  return {
    run<T>(owner: string, work: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          observe({ type: 'started', owner });
          Promise.resolve()
            .then(work)
            .then(resolve, reject)
            .finally(() => {
              running--;
              const left = (runningBy.get(owner) ?? 1) - 1;
              if (left > 0) runningBy.set(owner, left);
              else runningBy.delete(owner);
              if (left === 0 && !waiting.has(owner)) lastStart.delete(owner);
              observe({ type: 'finished', owner });
              pump();
            });
        };
        const jobs = waiting.get(owner);
        if (jobs) jobs.push(start);
        else waiting.set(owner, [start]);
        observe({ type: 'queued', owner });
        pump();
      });
    },
    setConcurrency(next: number) {
      slots = Math.max(1, next);
      pump();
    },
  };
}
