import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migratedDataDir, removeTemplate, withEmbedded } from '../support/embedded-data-dir.js';
import { testEnv } from '../support/start-server.js';

/*
 * The server as its own process (`node --import tsx src/server.ts`, what `npm start` runs once built), stopped
 * with signals to its process group the way a terminal's Ctrl-C or a service manager sends them, while a request
 * is in flight. A request is held in flight without timing: it asks `Expect: 100-continue`, so the server answers
 * "100 Continue" once the request is in its hands, and the body only goes out when the test says so.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SERVE_SCRIPT = pathToFileURL(path.resolve(SERVER_DIR, '../../scripts/serve.mjs')).href;
const ADMIN = { email: 'admin@otboo.test', password: 'admin1234!' };
const TIMEOUT = 180_000;

/** What a process printed, and a wait for the n-th line containing some text. */
class Output {
  private text = '';
  private readonly waiters = new Set<() => void>();

  constructor(...streams: NodeJS.ReadableStream[]) {
    for (const stream of streams)
      stream.on('data', (chunk: Buffer) => {
        this.text += chunk.toString();
        for (const wake of this.waiters) wake();
      });
  }

  count(needle: string): number {
    return this.text.split(needle).length - 1;
  }

  /** Resolves with the first match of `pattern` once it has been printed. */
  match(pattern: RegExp): Promise<RegExpMatchArray> {
    return this.until(() => this.text.match(pattern));
  }

  /** Resolves once `needle` has been printed `times` times. */
  async waitFor(needle: string, times = 1): Promise<void> {
    await this.until(() => (this.count(needle) >= times ? true : null));
  }

  private until<T>(test: () => T | null): Promise<T> {
    return new Promise((resolve) => {
      const check = () => {
        const found = test();
        if (found === null) return;
        this.waiters.delete(check);
        resolve(found);
      };
      this.waiters.add(check);
      check();
    });
  }

  toString() {
    return this.text;
  }
}

interface Started {
  child: ChildProcess;
  output: Output;
  url: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once `needle` has been printed `times` times; fails at once if the process ends first. */
  printed(needle: string, times?: number): Promise<void>;
  /** Signals the child's whole process group, as a terminal or a service manager does. */
  signalGroup(signal: NodeJS.Signals): void;
}

const running: { child: ChildProcess; output: Output }[] = [];
const scratch: string[] = [];

function killIfAlive(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

// A failed test leaves nothing running: the spawned group, and a server the wrapper put in a group of its own
// (its pid is in every log line).
afterEach(async () => {
  for (const { child, output } of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) killIfAlive(-child.pid!);
    for (const [, pid] of output.toString().matchAll(/"pid":(\d+)/g)) killIfAlive(Number(pid));
  }
  for (const dir of scratch.splice(0)) await rm(dir, { recursive: true, force: true });
});

afterAll(removeTemplate);

/** A DATA_DIR whose embedded database is a copy of this file's migrated one (no initdb, no migrations). */
async function dataDirFromTemplate(): Promise<string> {
  const dataDir = await migratedDataDir();
  scratch.push(dataDir);
  return dataDir;
}

/** Spawns `node <args>` in its own process group and waits for the server's "listening" line. */
async function start(args: string[], env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = new Output(child.stdout!, child.stderr!);
  running.push({ child, output });
  // 'close', not 'exit': by then everything the process printed has been read.
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const listening = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
  const url = await Promise.race([
    listening.then((m) => m[1]!),
    exit.then(({ code }) => {
      throw new Error(`server exited with ${code} before listening:\n${output.toString()}`);
    }),
  ]);
  const printed = (needle: string, times = 1) =>
    Promise.race([
      output.waitFor(needle, times),
      exit.then(async (how) => {
        if (output.count(needle) < times)
          throw new Error(
            `exited (${JSON.stringify(how)}) before printing "${needle}":\n${output.toString()}`,
          );
      }),
    ]);
  return { child, output, url, exit, printed, signalGroup: (signal) => process.kill(-child.pid!, signal) };
}

function serverEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return testEnv(dataDir, { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...extra });
}

async function signIn(url: string): Promise<{ accessToken: string; userId: string }> {
  const form = new FormData();
  form.set('username', ADMIN.email);
  form.set('password', ADMIN.password);
  const res = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', body: form });
  const body = (await res.json()) as { accessToken: string; userDto: { id: string } };
  expect(res.status).toBe(200);
  return { accessToken: body.accessToken, userId: body.userDto.id };
}

interface HeldUpload {
  /** Sends the body: the server may finish the request. */
  release(): void;
  response: Promise<{ status: number; body: string }>;
}

/** A garment with a photo as POST /api/clothes takes it: the multipart body and its content type. */
async function uploadBody(session: { userId: string }): Promise<{ body: Buffer; contentType: string }> {
  const photo = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set(
    'request',
    new Blob(
      [JSON.stringify({ ownerId: session.userId, name: '종료 중 업로드', type: 'TOP', attributes: [] })],
      {
        type: 'application/json',
      },
    ),
  );
  form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'top.png');
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

/**
 * POST /api/clothes with a photo, held in flight: resolves once the server has the request, before its body.
 *
 * One upload completes first. The server loads what an upload needs (sharp, the image code) with the first one,
 * and under `node --import tsx` loading a module means compiling it in tsx's esbuild service, a child process in
 * the server's process group: a signal to the group stops that service too, and a module first loaded after it
 * fails ("The service is no longer running", a 500). The built server (`node dist/server.js`) compiles nothing
 * at run time; the warm-up keeps the test about shutting down, not about tsx.
 */
async function heldUpload(
  url: string,
  session: { accessToken: string; userId: string },
): Promise<HeldUpload> {
  const first = await uploadBody(session);
  const warm = await fetch(`${url}/api/clothes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': first.contentType },
    body: new Uint8Array(first.body),
  });
  expect(warm.status, await warm.text()).toBe(201);

  const { body, contentType } = await uploadBody(session);
  const request = http.request(`${url}/api/clothes`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      'content-type': contentType,
      'content-length': String(body.length),
      expect: '100-continue',
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.once('end', () => resolve({ status: res.statusCode!, body: text }));
      res.once('error', reject);
    });
  });
  // Rejections are awaited by the test that expects them; this keeps an early one from going unhandled.
  response.catch(() => undefined);
  const continued = new Promise<void>((resolve) => request.once('continue', resolve));
  request.flushHeaders();
  await Promise.race([continued, response.then(() => undefined)]);
  return { release: () => request.end(body), response };
}

/** The cluster state PostgreSQL keeps in `global/pg_control` (what pg_controldata prints). */
async function clusterState(pgdata: string): Promise<string> {
  const control = await readFile(path.join(pgdata, 'global', 'pg_control'));
  // ControlFileData: system identifier (8 bytes), two version numbers (4 + 4), then the DBState enum.
  const state = control.readInt32LE(16);
  return ({ 1: 'shut down', 6: 'in production' } as Record<number, string>)[state] ?? `state ${state}`;
}

const SHUTTING_DOWN = '"msg":"shutting down"';
const ALREADY = 'already shutting down';

describe('shutdown of the server process', () => {
  it(
    'a second signal to the group waits: the request in flight completes, the process exits 0, the database is closed cleanly',
    async () => {
      const dataDir = await dataDirFromTemplate();
      const server = await start(
        ['--import', 'tsx', 'src/server.ts'],
        serverEnv(dataDir, { SHUTDOWN_GRACE: '120s' }),
      );
      const upload = await heldUpload(server.url, await signIn(server.url));

      server.signalGroup('SIGTERM');
      await server.printed(SHUTTING_DOWN);
      server.signalGroup('SIGTERM');
      await server.printed(ALREADY);
      upload.release();

      const answer = await upload.response;
      // On failure, what the server logged (a 500's error and stack) is in the message.
      expect(answer.status, `${answer.body}\n${server.output.toString()}`).toBe(201);
      expect(await server.exit).toEqual({ code: 0, signal: null });

      // The next process finds a cleanly closed database with the answered write in it, and the photo on disk.
      expect(await clusterState(path.join(dataDir, 'postgres'))).toBe('shut down');
      const clothes = JSON.parse(answer.body) as { id: string; imageUrl: string };
      const found = await withEmbedded(dataDir, (database) =>
        database.pool.query('select id from clothes where id = $1', [clothes.id]),
      );
      expect(found.rows).toEqual([{ id: clothes.id }]);
      expect(existsSync(path.join(dataDir, 'uploads', clothes.imageUrl.replace(/^\/files\//, '')))).toBe(
        true,
      );
    },
    TIMEOUT,
  );

  it(
    'a third signal stops at once: exit 1, the request cut, the embedded PostgreSQL stopped with the process',
    async () => {
      const dataDir = await dataDirFromTemplate();
      const server = await start(
        ['--import', 'tsx', 'src/server.ts'],
        serverEnv(dataDir, { SHUTDOWN_GRACE: '120s' }),
      );
      const upload = await heldUpload(server.url, await signIn(server.url));

      server.signalGroup('SIGTERM');
      await server.printed(SHUTTING_DOWN);
      server.signalGroup('SIGTERM');
      await server.printed(ALREADY);
      server.signalGroup('SIGTERM');

      expect(await server.exit).toEqual({ code: 1, signal: null });
      await expect(upload.response).rejects.toThrow();
      // The postmaster is told to stop as the process exits (fast shutdown); the next start finds the database.
      const admins = await withEmbedded(dataDir, (database) =>
        database.pool.query('select email from users where email = $1', [ADMIN.email]),
      );
      expect(admins.rows).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    'a request still in flight after SHUTDOWN_GRACE is cut, and the database still closes cleanly',
    async () => {
      const dataDir = await dataDirFromTemplate();
      const server = await start(
        ['--import', 'tsx', 'src/server.ts'],
        serverEnv(dataDir, { SHUTDOWN_GRACE: '1s' }),
      );
      // Never released: the body does not come.
      const upload = await heldUpload(server.url, await signIn(server.url));

      server.signalGroup('SIGTERM');

      expect(await server.exit).toEqual({ code: 0, signal: null });
      await expect(upload.response).rejects.toThrow();
      expect(server.output.toString()).toContain('closing their connections');
      expect(await clusterState(path.join(dataDir, 'postgres'))).toBe('shut down');
    },
    TIMEOUT,
  );

  it(
    'under the npm start wrapper (scripts/serve.mjs) the server hears a group signal once, however often it comes',
    async () => {
      const dataDir = await dataDirFromTemplate();
      const wrapper = await start(
        [
          '--input-type=module',
          '-e',
          `const { serve } = await import(${JSON.stringify(SERVE_SCRIPT)});
           serve(['--import', 'tsx', 'src/server.ts'], { cwd: process.cwd() });`,
        ],
        serverEnv(dataDir, { SHUTDOWN_GRACE: '120s' }),
      );
      const upload = await heldUpload(wrapper.url, await signIn(wrapper.url));

      // Ctrl-C in a terminal under `npm start`: the group gets it, and npm passes it to the wrapper again.
      wrapper.signalGroup('SIGINT');
      await wrapper.printed('[otboo] stopping the server');
      await wrapper.printed(SHUTTING_DOWN);
      wrapper.signalGroup('SIGINT');
      await wrapper.printed('[otboo] already stopping');
      wrapper.signalGroup('SIGTERM');
      await wrapper.printed('[otboo] already stopping', 2);
      upload.release();

      const answer = await upload.response;
      // On failure, what the server logged (a 500's error and stack) is in the message.
      expect(answer.status, `${answer.body}\n${wrapper.output.toString()}`).toBe(201);
      expect(await wrapper.exit).toEqual({ code: 0, signal: null });
      expect(wrapper.output.count(ALREADY)).toBe(0);
      expect(await clusterState(path.join(dataDir, 'postgres'))).toBe('shut down');
    },
    TIMEOUT,
  );
});
