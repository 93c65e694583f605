import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { chromium as playwrightChromium, type TestInfo } from '@playwright/test';

/** The browser the journeys drive, and what its process needs besides the environment it inherits. */
export interface Browser {
  executablePath: string;
  env: Record<string, string>;
  /** Where it came from, printed once: a run says which browser its screenshots were taken with. */
  source: 'system' | 'playwright' | 'npm package';
}

/** Debian's and other distributions' chromium, then Chrome: what a developer's machine most likely has. */
const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Whether the binary runs here (a path hidden by a bind mount, or a broken install, does not). */
function runs(path: string): boolean {
  if (!existsSync(path)) return false;
  try {
    execFileSync(path, ['--version'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * The libraries a Chromium needs that a machine with only Node may lack (NSS), shipped by the package for Amazon
 * Linux and unpacked only there by the package itself; unpacked here with the system `tar` (every Linux has one).
 */
function unpackLibraries(packageBin: string): string {
  const target = join(tmpdir(), 'otboo-chromium-libs');
  const lib = join(target, 'lib');
  if (!existsSync(join(lib, 'libnss3.so'))) {
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-x', '-C', target], {
      input: brotliDecompressSync(readFileSync(join(packageBin, 'al2023.tar.br'))),
    });
  }
  return lib;
}

/** The system's chromium when one runs, else Playwright's own when `npx playwright install chromium` put one there. */
function findFullChromium(): Browser | undefined {
  const system = SYSTEM_BROWSERS.find(runs);
  if (system) return { executablePath: system, env: {}, source: 'system' };
  const own = playwrightChromium.executablePath();
  if (runs(own)) return { executablePath: own, env: {}, source: 'playwright' };
  return undefined;
}

/**
 * The headless shell inside the npm package `@sparticuz/chromium` (a registry download like every other
 * dependency; `playwright install` needs a CDN this machine cannot reach), when it runs here: the package ships a
 * binary for linux-x64 only.
 */
async function findHeadlessShell(): Promise<Browser | undefined> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  const packaged = (await import('@sparticuz/chromium')).default;
  const executablePath = await packaged.executablePath();
  const packageBin = join(
    dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')),
    '..',
    '..',
    'bin',
  );
  const libs = unpackLibraries(packageBin);
  const env = {
    LD_LIBRARY_PATH: [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
    // The package's fontconfig set-up (unpacked next to the binary) when the machine has none of its own.
    ...(existsSync('/etc/fonts/fonts.conf') ? {} : { FONTCONFIG_PATH: join(tmpdir(), 'fonts') }),
  };
  return { executablePath, env, source: 'npm package' };
}

/** The browsers of a run: `fast` drives most journeys, `full` those that need the whole platform, if there is one. */
export interface Browsers {
  fast: Browser;
  full: Browser | undefined;
}

/**
 * The chromiums for `npm test` on any machine with Node and npm (docs/architecture.md §Browser journeys). Most
 * journeys run in the npm package's headless shell where it runs: it draws the same pages with half the CPU of a
 * whole browser's headless mode (all journeys: 6.9 min instead of 13.4 here). The few that need what the shell
 * lacks (`FULL_BROWSER_TAG`) run in the system's chromium, or Playwright's own; without one they are skipped,
 * each saying why. Where the shell does not run (any platform but linux-x64), the whole browser runs everything.
 * The app bundles its Korean fonts, so the pages render the same in each.
 */
export async function findBrowsers(): Promise<Browsers> {
  const full = findFullChromium();
  const shell = await findHeadlessShell();
  const fast = shell ?? full;
  if (!fast)
    throw new Error(
      'no chromium runs here: install one (Debian: apt-get install chromium), or use linux-x64',
    );
  return { fast, full };
}

/** The tag of a journey that needs a whole browser, not the headless shell. */
export const FULL_BROWSER_TAG = '@full-browser';

/**
 * Why the journey's browser cannot carry it, or undefined when it can: the headless shell has no notifications
 * (probed: after `grantPermissions(['notifications'])` it still answers `Notification.permission` 'denied'), and
 * its offline reload found no kept weather (seen, cause not found: its `navigator.onLine`, `offline` event and
 * idle callbacks behave as in a whole browser). A journey tagged `FULL_BROWSER_TAG` runs in the shell only when
 * the machine has no other chromium, and is then skipped with this reason (`.ci/run` has Debian's: nothing is
 * skipped there).
 */
export function lacksWholeBrowser(testInfo: TestInfo): string | undefined {
  return testInfo.project.metadata.browserSource === 'npm package'
    ? `no whole chromium on this machine: the npm package's headless shell lacks notifications and kept offline data`
    : undefined;
}
