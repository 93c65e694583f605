// Shared by start.mjs and test.mjs: install when needed, build when sources changed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  return res.status ?? 1;
}

/**
 * Runs a command with its output passed through as it comes (or, `buffered`, kept whole as `output` for the caller
 * to print once it ends, so commands run at once do not interleave), and resolves with its exit code and its last
 * `keep` lines (stdout and stderr interleaved as they arrived).
 */
export function runKeepingTail(cmd, args, keep, { buffered = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: [buffered ? 'ignore' : 'inherit', 'pipe', 'pipe'] });
    let output = '';
    const lines = [];
    const keepLines = (text) => {
      lines.push(...text);
      if (lines.length > keep) lines.splice(0, lines.length - keep);
    };
    const partials = [];
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (text) => {
        if (buffered) output += text;
        else out.write(text);
        const parts = (partial + text).split('\n');
        partial = parts.pop() ?? '';
        keepLines(parts);
      });
      partials.push(() => partial);
    }
    child.on('error', (error) =>
      resolve({ code: 1, tail: [...lines, String(error)], output: output + String(error) }),
    );
    child.on('close', (code) => {
      keepLines(partials.map((p) => p()).filter(Boolean));
      resolve({ code: code ?? 1, tail: lines, output });
    });
  });
}

export function runOrExit(cmd, args, options) {
  const code = run(cmd, args, options);
  if (code !== 0) process.exit(code);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('[otboo] installing dependencies…');
  runOrExit(npm, ['install', '--no-audit', '--no-fund']);
}

const BUILD_STAMP = path.join(root, 'node_modules', '.otboo-build-stamp');
const SOURCES = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/tsconfig.json',
  'apps/web',
];

/** Builds contract, server and web when any source is newer than the last successful build. */
export function ensureBuilt() {
  const outputs = ['packages/contract/dist', 'apps/server/dist/server.js', 'apps/web/dist/index.html'];
  const built = existsSync(BUILD_STAMP) && outputs.every((o) => existsSync(path.join(root, o)));
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built && statSync(BUILD_STAMP).mtimeMs >= newest) return;
  console.log('[otboo] building…');
  runOrExit(npm, ['run', 'build']);
  writeFileSync(BUILD_STAMP, new Date().toISOString());
}

export { npm };
