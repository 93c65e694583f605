import { test as base } from '@playwright/test';
import { startOpenMeteoFake } from './open-meteo.js';
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

/**
 * `test` whose worker server asks a loopback Open-Meteo (journeys that need a forecast or a stored weather day);
 * `mode: 'error500'` makes the provider answer every request with a 500.
 */
export function testWithOpenMeteo(options?: Parameters<typeof startOpenMeteoFake>[0]) {
  // The files that take the default fake share one `test`: Playwright keys a worker by its fixtures' functions, so
  // they share workers (a server and a browser started once) instead of each starting its own. A scenario is a
  // function, so other options always get a `test` of their own.
  if (options === undefined) return (withDefaultOpenMeteo ??= withOpenMeteoTest({}));
  return withOpenMeteoTest(options);
}

let withDefaultOpenMeteo: ReturnType<typeof withOpenMeteoTest> | undefined;

function withOpenMeteoTest(options: Parameters<typeof startOpenMeteoFake>[0]) {
  return test.extend<object, { server: E2EServer }>({
    server: [
      // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures.
      async ({}, use) => {
        const openMeteo = await startOpenMeteoFake(options);
        const server = await startServer({ env: { OPEN_METEO_URL: openMeteo.url } });
        await use(server);
        await server.stop();
        await openMeteo.close();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
  });
}

export { expect } from '@playwright/test';
