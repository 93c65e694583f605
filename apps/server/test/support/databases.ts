import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDbKind = 'pglite' | 'postgres';

/** Which database the HTTP suites run against (vitest project env). */
export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** Admin connection for creating and dropping test databases. */
export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** Same server, another database name. */
export function databaseUrlFor(name: string): string {
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export function randomDbName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** True when a PostgreSQL server answers at the admin URL. */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await withAdminClient((c) => c.query('select 1'));
    return true;
  } catch {
    return false;
  }
}
