import { defineConfig } from '@playwright/test';

// The machine's Debian chromium; `playwright install` cannot download here (docs/architecture.md).
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
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 90_000,
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
