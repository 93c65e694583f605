import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { createClothes, signInApi } from '../support/api.js';
import { garmentPng } from '../support/images.js';
import { signIn } from '../support/login.js';
import { startOpenMeteoFake } from '../support/open-meteo.js';
import { saveProfileLocation } from '../support/profiles.js';
import { startServer, type E2EServer } from '../support/server.js';
import { createUser } from '../support/users.js';

/**
 * The first paint a phone on a slow network sees (issues 18 and 23): the login page and the signed-in weather home,
 * each loaded with an empty cache (no service worker, no HTTP cache, no saved queries), and the home of a returning
 * user (service worker, HTTP cache and saved queries warm from an earlier visit, the session cookie present; LCP
 * then is today's outfit kept on the phone) in chromium at 390×844 with the CPU 4× slower and 'fast 3G' (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up). For each it records
 * the largest contentful paint, the total blocking time (the part over 50 ms of every long task after the first
 * contentful paint, until the page is quiet; blockingMs counts the long tasks before it too), and what was downloaded: JS+CSS decoded and on the wire, fonts.
 * It asserts nothing; the figures go to the console and to .bench/web-first-paint.json. BENCH_RUNS (default 3)
 * loads per page, medians reported; BENCH_WEB_DIST serves another build (e.g. a copy of an earlier dist).
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const VIEWPORT = { width: 390, height: 844 };
const SEOUL = { latitude: 37.5665, longitude: 126.978 };
const FAST_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const QUIET_MS = 2_000;
const resultsFile = fileURLToPath(new URL('../../.bench/web-first-paint.json', import.meta.url));

const test = base.extend<object, { server: E2EServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures.
    async ({}, use) => {
      // The home shows the forecast of a loopback Open-Meteo, as in the journeys.
      const openMeteo = await startOpenMeteoFake();
      const webDist = process.env.BENCH_WEB_DIST;
      const server = await startServer({
        env: { OPEN_METEO_URL: openMeteo.url, ...(webDist ? { WEB_DIST_DIR: path.resolve(webDist) } : {}) },
      });
      await use(server);
      await server.stop();
      await openMeteo.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

interface PagePerf {
  fcp: number;
  /** When the first garment of the outfit was on the page (0: never). */
  outfit: number;
  /** When the last script the page loaded had arrived (the service worker's ones included). */
  scriptsDone: number;
  lcp: number;
  lcpElement: string;
  longTasks: [start: number, duration: number][];
}

/**
 * Runs in the page before its scripts: records paints and long tasks as they happen (as text: this project is
 * typed for Node, not the DOM).
 */
const OBSERVE_PERFORMANCE = `
  const perf = { fcp: 0, outfit: 0, scriptsDone: 0, lcp: 0, lcpElement: '', longTasks: [] };
  window.__perf = perf;
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[aria-label="추천 옷 목록"] article')) return;
    perf.outfit = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
  const describe = (element) =>
    element ? element.tagName.toLowerCase() + ' "' + (element.textContent || '').trim().slice(0, 30) + '"' : '(removed)';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      perf.lcp = entry.startTime;
      perf.lcpElement = describe(entry.element);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') perf.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) perf.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

interface Download {
  url: string;
  type: string;
  wire: number;
  decoded: number;
}

/** Streams that stay open for the page's life (the notification stream): never "loading". */
const STREAMS = /\/api\/sse\b|\/ws\//;

/**
 * Every response of the page's target, with its size on the wire (headers included) and decoded, and for how
 * long nothing has been loading (Playwright's 'networkidle' never comes while the notification stream is open).
 */
function recordDownloads(cdp: CDPSession) {
  const byId = new Map<string, Download>();
  const loading = new Set<string>();
  let quietSince = Date.now();
  const settle = (requestId: string) => {
    if (loading.delete(requestId) && loading.size === 0) quietSince = Date.now();
  };
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!STREAMS.test(event.request.url)) loading.add(event.requestId);
  });
  cdp.on('Network.responseReceived', (event) => {
    byId.set(event.requestId, { url: event.response.url, type: event.type ?? 'Other', wire: 0, decoded: 0 });
  });
  cdp.on('Network.dataReceived', (event) => {
    const download = byId.get(event.requestId);
    if (download) download.decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const download = byId.get(event.requestId);
    if (download) download.wire = event.encodedDataLength;
    settle(event.requestId);
  });
  cdp.on('Network.loadingFailed', (event) => settle(event.requestId));
  return {
    downloads: () => [...byId.values()],
    quietFor: () => (loading.size > 0 ? 0 : Date.now() - quietSince),
  };
}

interface Sample {
  lcpMs: number;
  fcpMs: number;
  outfitMs: number;
  scriptsDoneMs: number;
  tbtMs: number;
  blockingMs: number;
  lcpElement: string;
  jsCssKB: number;
  jsCssWireKB: number;
  scripts: number;
  fontKB: number;
  fonts: number;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * Loads `url` throttled and measures it: with every cache empty (the context's cookies stay), or `warm` with the
 * HTTP cache, the service worker and the page's storage as an earlier visit left them.
 */
async function measure(
  context: BrowserContext,
  page: Page,
  url: string,
  ready: (page: Page) => Promise<void>,
  { warm = false } = {},
) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (!warm) {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  }
  await page.goto('about:blank');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const network = recordDownloads(cdp);

  await page.goto(url);
  await ready(page);
  // Quiet: nothing loading for 2 s, so the last download's evaluation and paint are in.
  const deadline = Date.now() + 60_000;
  while (network.quietFor() < QUIET_MS && Date.now() < deadline) await page.waitForTimeout(250);
  const perf = await page.evaluate(() => {
    const { __perf, performance } = globalThis as unknown as {
      __perf: PagePerf;
      performance: { getEntriesByType(type: string): { name: string; responseEnd: number }[] };
    };
    const scripts = performance.getEntriesByType('resource').filter((e) => /\.js(\?|$)/.test(e.name));
    return { ...__perf, scriptsDone: Math.max(0, ...scripts.map((e) => e.responseEnd)) };
  });

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Network.emulateNetworkConditions', {
    ...FAST_3G,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.detach();

  const all = network.downloads();
  const code = all.filter((d) => d.type === 'Script' || d.type === 'Stylesheet');
  const fonts = all.filter((d) => d.type === 'Font');
  const sum = (list: Download[], key: 'wire' | 'decoded') => list.reduce((total, d) => total + d[key], 0);
  const blocking = (tasks: PagePerf['longTasks']) =>
    tasks.reduce((total, [, duration]) => total + Math.max(0, duration - 50), 0);
  return {
    lcpMs: Math.round(perf.lcp),
    fcpMs: Math.round(perf.fcp),
    outfitMs: Math.round(perf.outfit),
    scriptsDoneMs: Math.round(perf.scriptsDone),
    tbtMs: Math.round(blocking(perf.longTasks.filter(([start]) => start >= perf.fcp))),
    blockingMs: Math.round(blocking(perf.longTasks)),
    lcpElement: perf.lcpElement,
    jsCssKB: kb(sum(code, 'decoded')),
    jsCssWireKB: kb(sum(code, 'wire')),
    scripts: code.filter((d) => d.type === 'Script').length,
    fontKB: kb(sum(fonts, 'wire')),
    fonts: fonts.length,
  } satisfies Sample;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function summary(samples: Sample[]) {
  const [first] = samples;
  if (!first) throw new Error('no sample');
  return {
    ...first,
    lcpMs: median(samples.map((s) => s.lcpMs)),
    fcpMs: median(samples.map((s) => s.fcpMs)),
    outfitMs: median(samples.map((s) => s.outfitMs)),
    scriptsDoneMs: median(samples.map((s) => s.scriptsDoneMs)),
    tbtMs: median(samples.map((s) => s.tbtMs)),
    blockingMs: median(samples.map((s) => s.blockingMs)),
    lcpRuns: samples.map((s) => s.lcpMs),
    tbtRuns: samples.map((s) => s.tbtMs),
  };
}

test("first paint of login, of the signed-in home and of a returning user's home", async ({
  browser,
  server,
}) => {
  const results: Record<string, ReturnType<typeof summary>> = {};
  const newContext = ({ serviceWorkers = 'block' as 'block' | 'allow' } = {}) =>
    browser.newContext({
      viewport: VIEWPORT,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 3,
      serviceWorkers,
      geolocation: SEOUL,
      permissions: ['geolocation'],
    });

  const login: Sample[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext();
    await context.addInitScript(OBSERVE_PERFORMANCE);
    const page = await context.newPage();
    login.push(
      await measure(context, page, `${server.url}/#/auth/login`, (p) =>
        p.getByRole('button', { name: '로그인', exact: true }).waitFor(),
      ),
    );
    await context.close();
  }
  results.login = summary(login);

  // A user with a saved place and a closet, so that the home has an outfit (with photos) to show.
  const user = await createUser(server);
  const api = await signInApi(server, user);
  await saveProfileLocation(api, SEOUL);
  const closet = [
    { name: '네이비 니트', type: 'TOP', image: garmentPng([40, 60, 110]) },
    { name: '베이지 치노 팬츠', type: 'BOTTOM', image: garmentPng([200, 180, 140]) },
    { name: '트렌치 코트', type: 'OUTER', image: garmentPng([190, 160, 110]) },
    { name: '화이트 스니커즈', type: 'SHOES', image: garmentPng([245, 245, 245]) },
  ];
  for (const garment of closet) await createClothes(api, garment);
  const outfitShown = (p: Page) =>
    p.getByRole('list', { name: '추천 옷 목록' }).getByRole('listitem').first().waitFor();

  const home: Sample[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext();
    const page = await context.newPage();
    // Signed in at full speed; then everything but the refresh cookie is forgotten.
    page.setDefaultTimeout(60_000);
    await signIn(page, user);
    await page.evaluate(() => {
      const { localStorage, sessionStorage } = globalThis as unknown as Record<string, { clear(): void }>;
      localStorage?.clear();
      sessionStorage?.clear();
    });
    await context.addInitScript(OBSERVE_PERFORMANCE);
    home.push(
      await measure(context, page, `${server.url}/#/recommendations`, (p) =>
        p.getByRole('heading', { level: 1 }).first().waitFor(),
      ),
    );
    await context.close();
  }
  results.home = summary(home);

  const returning: Sample[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    // The earlier visit at full speed: signed in, the service worker installed and in control, the home seen
    // twice (the HTTP cache and the saved queries filled), then the page left (which writes the saved queries).
    await signIn(page, user);
    await outfitShown(page);
    await page.evaluate(async () => {
      await (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator
        .serviceWorker.ready;
    });
    await page.reload();
    await outfitShown(page);
    await page.waitForTimeout(1_500);
    await page.goto('about:blank');
    await context.addInitScript(OBSERVE_PERFORMANCE);
    returning.push(
      await measure(context, page, `${server.url}/#/recommendations`, outfitShown, { warm: true }),
    );
    await context.close();
  }
  results.returning = summary(returning);

  console.table(results);
  await mkdir(path.dirname(resultsFile), { recursive: true });
  await writeFile(
    resultsFile,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), webDist: process.env.BENCH_WEB_DIST ?? 'apps/web/dist', results }, null, 2)}\n`,
  );
});
