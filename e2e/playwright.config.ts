import { defineConfig, type Project } from '@playwright/test';
import { FULL_BROWSER_TAG, findBrowsers, type Browser } from './support/chromium.js';

// The npm package's headless shell for most journeys, a whole chromium for those that need it (support/chromium.ts):
// `npm test` needs only Node and npm.
export const browsers = await findBrowsers();
// Workers load this file again: the main process says which browsers it found, once.
if (!process.env.TEST_WORKER_INDEX) {
  const { fast, full } = browsers;
  console.log(`[e2e] chromium (${fast.source}): ${fast.executablePath}`);
  if (full !== fast)
    console.log(
      `[e2e] ${FULL_BROWSER_TAG} journeys: ${full ? `chromium (${full.source}): ${full.executablePath}` : 'skipped, no whole chromium here'}`,
    );
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Browser journeys against the built app: each worker starts `apps/server/dist/server.js` on a free
 * loopback port with its own DATA_DIR (support/fixtures.ts). Build first: `npm run build` at the root.
 */
export default defineConfig({
  testDir: './specs',
  // Two servers and two browsers at once: a journey mostly waits (network, rendering), so on a 2-core machine the
  // 46 journeys took 12.4 min, where one worker took 20.3 min for 42 of them (the last CI run). Each worker has its
  // own server, database and fakes, so journeys never share state.
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 1,
  failOnFlakyTests: true,
  // The longest journeys (the closet's, the community's: a dozen steps, each screen audited at two widths) take
  // 70–90 s on two workers here; a busy machine pushed two past 90 s while still progressing (their traces).
  timeout: 150_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    // Transitions end at once (index.css honours the setting), so no screenshot or axe run catches a toast or
    // a sheet half faded: a fading toast's text once failed the contrast rule by timing alone.
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
    // A trace costs a third of a journey's time (its DOM snapshots and screencast), so it is taken only when a
    // journey that failed runs again; the run still fails (failOnFlakyTests), with the retry's trace to read.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { ...project(browsers.fast), grepInvert: new RegExp(FULL_BROWSER_TAG) },
    {
      ...project(browsers.full ?? browsers.fast),
      name: 'chromium (whole)',
      grep: new RegExp(FULL_BROWSER_TAG),
    },
  ],
});

/** A project on `browser`; its source is in the metadata for `lacksWholeBrowser` (support/chromium.ts). */
export function project(browser: Browser): Project {
  return {
    name: 'chromium',
    metadata: { browserSource: browser.source },
    use: {
      browserName: 'chromium',
      launchOptions: {
        executablePath: browser.executablePath,
        args: CHROMIUM_ARGS,
        env: { ...process.env, ...browser.env },
      },
    },
  };
}
