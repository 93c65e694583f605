import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { chromium as playwrightChromium } from '@playwright/test';

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

/**
 * The chromium for `npm test` on any machine with Node and npm (docs/architecture.md §Browser journeys): the
 * system's when one runs, else Playwright's own when `npx playwright install chromium` put one there, else the
 * headless Chromium inside the npm package `@sparticuz/chromium` (a registry download like every other
 * dependency; `playwright install` needs a CDN this machine cannot reach). The app bundles its Korean fonts, so
 * the pages render the same with each.
 */
export async function findChromium(): Promise<Browser> {
  const system = SYSTEM_BROWSERS.find(runs);
  if (system) return { executablePath: system, env: {}, source: 'system' };
  const own = playwrightChromium.executablePath();
  if (runs(own)) return { executablePath: own, env: {}, source: 'playwright' };

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
