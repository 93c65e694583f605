import { defineConfig } from '@playwright/test';
import base, { browsers, project } from '../playwright.config.js';

/**
 * `npm run bench:web`: the first-paint measurement (first-paint.bench.ts) on the e2e setup — the machine's
 * chromium, a server per worker on loopback. It prints figures and asserts none: a measurement, not a test.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.bench.ts',
  // One page load at a time: a measurement shares the CPU with nothing.
  workers: 1,
  // Its own output folder: a journey run at the same time empties ../test-results.
  outputDir: './test-results',
  timeout: 600_000,
  // Tracing and screenshots would slow the very page loads being measured.
  use: { ...base.use, trace: 'off', screenshot: 'off' },
  // The whole browser a phone runs, not the journeys' headless shell, where there is one: the figures in
  // docs/scaling.md were taken with it.
  projects: [project(browsers.full ?? browsers.fast)],
});
