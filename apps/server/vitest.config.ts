import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

// Two projects: unit tests, and the server suites on PostgreSQL (test/support/global-setup.ts picks the server).
export default defineConfig({
  resolve: { alias: { '@otboo/contract': contract } },
  test: {
    pool: 'forks',
    // Half a suite's time is spent waiting on PostgreSQL, sockets and child processes: one worker more than the
    // cores keeps them busy (on 2 cores: 335 s instead of 396 s for the whole suite, docs/architecture.md §Tests).
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
