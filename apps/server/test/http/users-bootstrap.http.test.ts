import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.js';
import { signIn } from '../support/factories.js';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../support/start-server.js';

const ADMIN_EMAIL = 'boss@otboo.test';
const PASSWORD_LINE = /bootstrap administrator \S+ has the generated password: ([A-Za-z0-9]+)/;

describe('bootstrap administrator', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  async function emptyDatabase(): Promise<TestDatabase> {
    const database = await createTestDatabase();
    cleanup.push(() => database.drop());
    return database;
  }

  /** A server on `database` with ADMIN_PASSWORD unset, and every line it logs. */
  async function start(database: TestDatabase, env: Record<string, string> = {}) {
    const logs: string[] = [];
    const server = await startServer({
      database,
      env: { LOG_LEVEL: 'info', ADMIN_EMAIL, ADMIN_PASSWORD: '', ...env },
      overrides: { logStream: { write: (line) => logs.push(line) } },
    });
    let closed: Promise<void> | undefined;
    const close = () => (closed ??= server.close());
    cleanup.push(close);
    return {
      server,
      close,
      logs,
      printed: () => logs.map((l) => PASSWORD_LINE.exec(l)?.[1]).filter((p): p is string => !!p),
    };
  }

  async function admins(server: TestServer) {
    return server.database.db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.role, 'ADMIN'));
  }

  it('is created at the first start with a generated password logged once, and only then', async () => {
    const database = await emptyDatabase();
    const first = await start(database);
    const printed = first.printed();
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(first.logs.filter((l) => l.includes(printed[0]!))).toHaveLength(1);
    const session = await signIn(first.server, ADMIN_EMAIL, printed[0]!);
    expect(session.jwt.userDto).toMatchObject({ email: ADMIN_EMAIL, name: '관리자', role: 'ADMIN' });
    await first.close();

    const second = await start(database);
    expect(second.printed()).toEqual([]);
    expect((await signIn(second.server, ADMIN_EMAIL, printed[0]!)).jwt.userDto.role).toBe('ADMIN');
    expect(await admins(second.server)).toEqual([{ email: ADMIN_EMAIL, name: '관리자' }]);
  });

  it('uses ADMIN_PASSWORD and ADMIN_NAME when set, and logs no password', async () => {
    const { server, logs, printed } = await start(await emptyDatabase(), {
      ADMIN_PASSWORD: 'chosen1234',
      ADMIN_NAME: 'Root1',
    });
    expect(printed()).toEqual([]);
    expect(logs.some((l) => l.includes('bootstrap administrator created'))).toBe(true);
    expect(logs.some((l) => l.includes('chosen1234'))).toBe(false);
    expect((await signIn(server, ADMIN_EMAIL, 'chosen1234')).jwt.userDto).toMatchObject({
      name: 'Root1',
      role: 'ADMIN',
    });
  });

  it('is created exactly once when several instances start together', async () => {
    const database = await emptyDatabase();
    // Different ADMIN_EMAILs, so the e-mail's unique index alone could not stop a second administrator.
    const started = await Promise.all(
      [0, 1, 2].map((i) => start(database, { ADMIN_EMAIL: `boss${i}@otboo.test` })),
    );
    const winners = started.flatMap((s, i) =>
      s.printed().map((password) => ({ email: `boss${i}@otboo.test`, password })),
    );
    expect(winners).toHaveLength(1);
    for (const s of started)
      expect((await signIn(s.server, winners[0]!.email, winners[0]!.password)).jwt.userDto.role).toBe(
        'ADMIN',
      );
    expect(await admins(started[0]!.server)).toEqual([{ email: winners[0]!.email, name: '관리자' }]);
  });
});
