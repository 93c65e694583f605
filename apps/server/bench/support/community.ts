import { seed } from '../seed.js';
import { scratchDataDir, scratchPostgres } from './servers.js';
import type { BenchContext } from './types.js';

/**
 * The seeded community (bench/seed.ts) a scenario runs over: the database in FEEDS_BENCH_DATABASE_URL when given
 * (seeded beforehand, e.g. `npm run seed -- --scale=1`), else a scratch database seeded at the scale in
 * `scaleVariable` (default 0.05) that `close` drops; and a scratch DATA_DIR for the server either way.
 */
export async function seededCommunity(
  ctx: BenchContext,
  scaleVariable: string,
): Promise<{ url: string; dataDir: string; close(): Promise<void> }> {
  const given = process.env.FEEDS_BENCH_DATABASE_URL;
  const scratch = given ? undefined : await scratchPostgres();
  const data = await scratchDataDir();
  const close = async () => {
    await data.remove();
    await scratch?.drop();
  };
  try {
    if (scratch) {
      const scale = Number(process.env[scaleVariable] ?? '0.05');
      const started = performance.now();
      await seed(scratch.url, scale);
      ctx.log(`seeded scale ${scale} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { url: given ?? scratch!.url, dataDir: data.dir, close };
}
