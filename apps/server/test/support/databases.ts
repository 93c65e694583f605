import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of the run (global-setup.ts): an admin connection's URL. */
    adminDatabaseUrl: string;
    postgresTemplate: string;
  }
}

/** The local PostgreSQL server the suites use when it answers (and TEST_DATABASE_URL is unset). */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Admin connection for creating and dropping test databases (in a test worker). */
export function adminDatabaseUrl(): string {
  return inject('adminDatabaseUrl');
}

/** Same server, another database name. */
export function databaseUrlFor(name: string, admin = adminDatabaseUrl()): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export function randomDbName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export async function withAdminClient<T>(
  fn: (client: pg.Client) => Promise<T>,
  admin = adminDatabaseUrl(),
): Promise<T> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** True when a PostgreSQL server answers at `url`. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
