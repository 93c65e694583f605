import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openConfiguredDatabase, type Database } from '../../src/db/client.js';
import { OS_USER } from '../../src/db/embedded-postgres.js';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { migratedDataDir, removeTemplate, withEmbedded } from '../support/embedded-data-dir.js';
import { testEnv } from '../support/start-server.js';

/*
 * The embedded PostgreSQL server of `npm start` (no DATABASE_URL), with real files in a temporary DATA_DIR: what it
 * creates, who may connect, and what the next start finds after the server, or the whole process tree, was killed.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const TIMEOUT = 180_000;
const scratch: string[] = [];
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of scratch.splice(0)) await rm(dir, { recursive: true, force: true });
});
afterAll(removeTemplate);

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'otboo-embedded-'));
  scratch.push(dir);
  return dir;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** `node --import tsx src/server.ts` on `dataDir` until it listens; its output so far. */
async function startServer(
  dataDir: string,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: testEnv(dataDir, { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      text += chunk.toString();
      const m = text.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${text}`)));
  });
  return { child, url, output: () => text };
}

async function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exit;
}

async function signUp(url: string, email: string): Promise<void> {
  const res = await fetch(`${url}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: '내구성', password: 'durable123!' }),
  });
  expect(res.status, await res.text()).toBe(201);
}

async function signInStatus(url: string, email: string, password: string): Promise<number> {
  const form = new FormData();
  form.set('username', email);
  form.set('password', password);
  const res = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', body: form });
  await res.arrayBuffer();
  return res.status;
}

async function userCount(database: Database, email: string): Promise<number> {
  const { rows } = await database.pool.query('select 1 from users where email = $1', [email]);
  return rows.length;
}

describe('embedded PostgreSQL server', () => {
  it(
    'first start: files in DATA_DIR, generated credentials (0600), loopback only, no entry without the password',
    async () => {
      const dataDir = await scratchDir();
      const database = await openConfiguredDatabase({ dataDir });
      try {
        expect(database.kind).toBe('embedded');
        const credentials = await stat(path.join(dataDir, 'postgres-credentials.json'));
        expect(credentials.mode & 0o777).toBe(0o600);
        const { password } = JSON.parse(
          await readFile(path.join(dataDir, 'postgres-credentials.json'), 'utf8'),
        ) as { password: string };
        expect(password.length).toBeGreaterThanOrEqual(32);
        expect(database.url).toMatch(/^postgres:\/\/otboo:[^@]+@127\.0\.0\.1:\d+\/postgres$/);

        const { rows } = await database.pool.query<{ name: string; setting: string }>(
          `select name, setting from pg_settings
            where name in ('listen_addresses', 'unix_socket_directories', 'fsync', 'synchronous_commit', 'data_directory')
            order by name`,
        );
        expect(Object.fromEntries(rows.map((r) => [r.name, r.setting]))).toEqual({
          data_directory: path.join(dataDir, 'postgres'),
          fsync: 'on',
          listen_addresses: '127.0.0.1',
          synchronous_commit: 'on',
          unix_socket_directories: '',
        });

        // The same server without the password, or with a wrong one: refused.
        const url = new URL(database.url);
        for (const wrong of ['', 'password']) {
          url.password = wrong;
          const client = new pg.Client({ connectionString: url.toString() });
          await expect(client.connect()).rejects.toThrow();
          await client.end().catch(() => undefined);
        }

        // As root, PostgreSQL runs as a user of its own, which owns its directory; nobody else can read it.
        const pgdata = await stat(path.join(dataDir, 'postgres'));
        expect(pgdata.mode & 0o077).toBe(0);
        if (process.getuid?.() === 0) {
          expect(pgdata.uid).not.toBe(0);
          const owner = await readFile(`/proc/${await postmasterPid(dataDir)}/status`, 'utf8');
          expect(owner).toMatch(new RegExp(`^Uid:\\s+${pgdata.uid}\\s`, 'm'));
          expect(OS_USER).toBe('otboo-db');
        }
      } finally {
        await database.close();
      }
      // Closed: the postmaster is gone and left a cleanly shut down cluster (no postmaster.pid).
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'the server killed with SIGKILL: its postmaster is left running, and the next start stops it and carries on',
    async () => {
      const dataDir = await migratedDataDir();
      scratch.push(dataDir);
      const server = await startServer(dataDir);
      await signUp(server.url, 'left@otboo.test');
      const leftover = await postmasterPid(dataDir);
      await stopped(server.child, 'SIGKILL');
      expect(alive(leftover)).toBe(true);

      const again = await startServer(dataDir);
      expect(alive(leftover)).toBe(false);
      expect(await signInStatus(again.url, 'left@otboo.test', 'durable123!')).toBe(200);
      await stopped(again.child, 'SIGTERM');
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'the whole process tree killed (server and PostgreSQL, SIGKILL): an acknowledged write is there at the next start',
    async () => {
      const dataDir = await migratedDataDir();
      scratch.push(dataDir);
      const server = await startServer(dataDir);
      await signUp(server.url, 'acked@otboo.test');
      const postmaster = await postmasterPid(dataDir);
      // No checkpoint, no shutdown: only what reached the WAL on the disk counts.
      process.kill(postmaster, 'SIGKILL');
      await stopped(server.child, 'SIGKILL');
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);

      expect(await withEmbedded(dataDir, (database) => userCount(database, 'acked@otboo.test'))).toBe(1);
    },
    TIMEOUT,
  );

  it(
    'a stale postmaster.pid naming a live process that is not PostgreSQL does not stop the start',
    async () => {
      const dataDir = await migratedDataDir();
      scratch.push(dataDir);
      const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      // This test process: alive, and PostgreSQL would take the file for another postmaster's.
      await writeFile(pidFile, `${process.pid}\n${path.join(dataDir, 'postgres')}\n`);
      expect(await withEmbedded(dataDir, (database) => userCount(database, 'admin@otboo.test'))).toBe(0);
      expect(alive(process.pid)).toBe(true);
    },
    TIMEOUT,
  );
});

describe('a PGlite DATA_DIR from before', () => {
  it(
    'moves over at the first start: rows and sequences copied, the old directory renamed, one log line; not twice',
    async () => {
      const dataDir = await scratchDir();
      // What an earlier version left: PGlite under DATA_DIR/pglite, migrated then, with a user and a used sequence.
      const old = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
      await migratePglite(drizzlePglite({ client: old }), { migrationsFolder: MIGRATIONS_FOLDER });
      await old.query('insert into users (email, name, password_hash) values ($1, $2, $3)', [
        'old@otboo.test',
        '옛 사용자',
        await hashPassword('oldpass123!'),
      ]);
      await old.query(`select setval('notifications_seq_seq', 41)`);
      await old.close();

      const server = await startServer(dataDir);
      expect(await signInStatus(server.url, 'old@otboo.test', 'oldpass123!')).toBe(200);
      await stopped(server.child, 'SIGTERM');
      const moved = server.output().match(/"msg":"moved the PGlite database[^"]*"/g) ?? [];
      expect(moved).toHaveLength(1);
      expect(server.output()).toMatch(/"movedTo":"[^"]*pglite\.moved"/);
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'pglite.moved'))).toBe(true);

      const again = await startServer(dataDir);
      expect(await signInStatus(again.url, 'old@otboo.test', 'oldpass123!')).toBe(200);
      await stopped(again.child, 'SIGTERM');
      expect(again.output()).not.toContain('moved the PGlite database');
      const next = await withEmbedded(dataDir, (database) =>
        database.pool.query<{ seq: string }>(`select nextval('notifications_seq_seq')::text as seq`),
      );
      expect(next.rows[0]!.seq).toBe('42');
    },
    TIMEOUT,
  );
});
