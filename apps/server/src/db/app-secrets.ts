import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from './client.js';
import { appSecrets } from './schema/index.js';
import { must } from '../lib/must.js';

async function storedSecret(db: Executor, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return row?.value;
}

/**
 * A secret shared by every instance on the database (the JWT, OAuth state and VAPID keys when not configured):
 * the first to start stores its candidate, every other one reads that. Read first: at every start after the first
 * the secret is there, and a read costs less than an insert that conflicts.
 */
export async function ensureAppSecret(db: Executor, name: string, candidate: string): Promise<string> {
  const stored = await storedSecret(db, name);
  if (stored !== undefined) return stored;
  await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing();
  return must(await storedSecret(db, name), 'the secret was just inserted or already there');
}

/** JWT_SECRET when configured, else the one generated once and kept in the database. */
export async function jwtSecret(db: Executor, configured: string | undefined): Promise<string> {
  return configured ?? ensureAppSecret(db, 'jwt', randomBytes(48).toString('base64url'));
}
