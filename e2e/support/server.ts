import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OFFLINE_PROVIDER_ENV } from '../../apps/server/test/support/offline-env.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const webDist = path.join(root, 'apps/web/dist');

/** The bootstrap administrator of every e2e server. */
export const ADMIN = { email: 'admin@otboo.e2e', password: 'admin1234!' } as const;

export interface E2EServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Environment of docs/configuration.md for a private, quiet server that never reaches beyond loopback. */
function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  // A developer's shell must not point the e2e server at a shared database, cache or mail server.
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'STORAGE',
    'KMA_API_KEY',
    'KAKAO_REST_API_KEY',
    'NODE_OPTIONS',
  ])
    delete inherited[name];
  return {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'warn',
    // Journeys send bursts (45 chat messages in a row) that a person never does; the write budgets have their
    // own HTTP suite.
    WRITE_RATE_BURST: '100000',
    JWT_SECRET: 'e2e-secret-0123456789abcdef0123456789abcdef',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_PER_IP: '100000',
    SIGN_IN_MAX_FAILURES: '1000',
    // Providers point at a closed loopback port: the journeys never leave the machine.
    ...OFFLINE_PROVIDER_ENV,
  };
}

async function waitUntilUp(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/auth/csrf-token`);
      if (res.status === 204) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${output()}`);
}

export interface StartServerOptions {
  /** docs/configuration.md variables that override the defaults above (e.g. OPEN_METEO_URL of a loopback fake). */
  env?: Record<string, string>;
}

/** Starts the built server (node apps/server/dist/server.js) with an empty embedded database. */
export async function startServer(options: StartServerOptions = {}): Promise<E2EServer> {
  for (const required of [serverEntry, path.join(webDist, 'index.html')]) {
    if (!existsSync(required))
      throw new Error(`${required} is missing: run \`npm run build\` at the repository root first`);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'otboo-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The data folder is the working directory too, so no stray `.env` is read.
  const child = spawn(process.execPath, [serverEntry], {
    cwd: dataDir,
    env: { ...serverEnv(port, dataDir), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilUp(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}
