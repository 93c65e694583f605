// The first-paint budget check (bundle-budget.mjs, check-bundle-budget.mjs) on a made-up build: what it counts,
// and that it fails a build over budget. Random bytes do not compress, so brotli sizes are about the raw ones.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { measureScreens, staticClosure } from './bundle-budget.mjs';

const KB = 1024;
// index.html → entry (+ its style) → shared vendor chunk; the login page is in the entry, the home a lazy chunk
// that shares the vendor chunk and loads a chart chunk only when used.
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    imports: ['_vendor.js'],
    dynamicImports: ['src/home.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/home.tsx': {
    file: 'assets/home.js',
    imports: ['_vendor.js'],
    dynamicImports: ['src/chart.tsx'],
    css: ['assets/home.css'],
  },
  'src/chart.tsx': { file: 'assets/chart.js', imports: ['_vendor.js'] },
};
const sizes = {
  'assets/index.js': 100 * KB,
  'assets/index.css': 20 * KB,
  'assets/vendor.js': 50 * KB,
  'assets/home.js': 30 * KB,
  'assets/home.css': 5 * KB,
  'assets/chart.js': 400 * KB,
};
const files = Object.fromEntries(Object.entries(sizes).map(([file, size]) => [file, randomBytes(size)]));
const read = async (file) => files[file];

describe('staticClosure', () => {
  it('takes the entry, its styles and its static imports, not what it imports dynamically', () => {
    assert.deepEqual(staticClosure(manifest, ['index.html']).sort(), [
      'assets/index.css',
      'assets/index.js',
      'assets/vendor.js',
    ]);
  });

  it('counts a chunk shared by two screens once', () => {
    assert.deepEqual(staticClosure(manifest, ['index.html', 'src/home.tsx']).sort(), [
      'assets/home.css',
      'assets/home.js',
      'assets/index.css',
      'assets/index.js',
      'assets/vendor.js',
    ]);
  });

  it('refuses a key the manifest does not have (a renamed route)', () => {
    assert.throws(() => staticClosure(manifest, ['src/gone.tsx']), /no 'src\/gone.tsx'/);
  });
});

describe('measureScreens', () => {
  it('adds up the raw and brotli bytes of each screen and compares them with its budget', async () => {
    const [login, home] = await measureScreens(
      [
        { name: 'login', keys: ['index.html'], maxKB: 171, maxBrotliKB: 172 },
        { name: 'home', keys: ['index.html', 'src/home.tsx'], maxKB: 204, maxBrotliKB: 210 },
      ],
      manifest,
      read,
    );
    assert.equal(login.kb, 170);
    assert.ok(login.brotliKB >= 170 && login.brotliKB < 171, `login brotli ${login.brotliKB}`);
    assert.equal(login.withinBudget, true);
    assert.equal(home.kb, 205);
    assert.equal(home.withinBudget, false);
  });

  it('fails a screen whose brotli size alone is over budget', async () => {
    const [login] = await measureScreens(
      [{ name: 'login', keys: ['index.html'], maxKB: 1000, maxBrotliKB: 100 }],
      manifest,
      read,
    );
    assert.equal(login.withinBudget, false);
  });
});

describe('check-bundle-budget.mjs', () => {
  let dist;
  const check = () =>
    spawnSync(process.execPath, [path.join(import.meta.dirname, 'check-bundle-budget.mjs')], {
      env: { ...process.env, BUNDLE_BUDGET_DIST: dist },
      encoding: 'utf8',
    });

  // A build laid out like Vite's, with the manifest keys the real check reads.
  const writeBuild = async (entryKB) => {
    const real = {
      'index.html': { file: 'assets/index.js', css: ['assets/index.css'] },
      'src/app/start.tsx': { file: 'assets/app.js' },
      'src/app/routes/protected-layout.tsx': { file: 'assets/frame.js' },
      'src/app/routes/recommendations.tsx': { file: 'assets/home.js' },
    };
    await mkdir(path.join(dist, '.vite'), { recursive: true });
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, '.vite/manifest.json'), JSON.stringify(real));
    await writeFile(path.join(dist, 'assets/index.js'), randomBytes(entryKB * KB));
    await writeFile(path.join(dist, 'assets/index.css'), randomBytes(10 * KB));
    await writeFile(path.join(dist, 'assets/app.js'), randomBytes(10 * KB));
    await writeFile(path.join(dist, 'assets/frame.js'), randomBytes(10 * KB));
    await writeFile(path.join(dist, 'assets/home.js'), randomBytes(10 * KB));
  };

  before(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'otboo-budget-'));
  });
  after(() => rm(dist, { recursive: true, force: true }));

  it('passes a build within every budget', async () => {
    await writeBuild(50);
    const run = check();
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /ok {3}login: 70\.0 KB/);
  });

  it('exits non-zero and names the screen when the login page is over budget', async () => {
    await writeBuild(800);
    const run = check();
    assert.equal(run.status, 1);
    assert.match(run.stdout, /OVER login: 820\.0 KB/);
    assert.match(run.stderr, /first-paint budget exceeded: login, home \(signed in\)/);
  });
});
