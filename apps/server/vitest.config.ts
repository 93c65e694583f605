import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

// Three projects: unit tests once, HTTP suites once per database (scripts/test.mjs picks which run).
export default defineConfig({
  resolve: { alias: { '@otboo/contract': contract } },
  test: {
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['test/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
