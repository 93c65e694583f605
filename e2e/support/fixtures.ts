import { test as base } from '@playwright/test';
import { startServer, type E2EServer } from './server.js';

/** `test` with a server per worker (started once, shared by the journeys that worker runs). */
export const test = base.extend<object, { server: E2EServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures.
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect } from '@playwright/test';
