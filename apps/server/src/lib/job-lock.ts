import type pg from 'pg';

/** Runs a background job on one instance at a time. */
export interface JobLock {
  /** Runs `job` and resolves true, or resolves false at once when another instance is running the job `name`. */
  runExclusive(name: string, job: () => Promise<void>): Promise<boolean>;
}

/** One process (the embedded database): the scheduler already never runs a job twice at once. */
export const processJobLock: JobLock = {
  async runExclusive(_name, job) {
    await job();
    return true;
  },
};

/**
 * Several instances on one PostgreSQL database: a session-level advisory lock on a connection held for the
 * job's length. A try-lock, so the instances whose timers fire together skip the run instead of queueing
 * behind it; if the holder dies, its connection ends and PostgreSQL releases the lock.
 */
export function createPgJobLock(pool: pg.Pool): JobLock {
  return {
    async runExclusive(name, job) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtext($1)) as locked',
          [name],
        );
        if (!rows[0]?.locked) return false;
        try {
          await job();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch((err: Error) => {
            // A connection that cannot unlock must not go back to the pool still holding the lock.
            broken = err;
          });
        }
        return true;
      } catch (err) {
        broken ??= err as Error;
        throw err;
      } finally {
        client.release(broken);
      }
    },
  };
}
