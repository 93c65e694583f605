import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { profiles, users } from '../../db/schema/index.js';
import { preparedStatements } from '../../lib/prepared.js';
import type { ProfileRow } from './profiles.mapper.js';

export type ProfileChanges = Partial<Omit<ProfileRow, 'userId' | 'updatedAt' | 'externalImageUrl'>>;

/** A profile with its user's name, one statement built once (lib/prepared.ts): every profile screen reads it. */
const findStatement = preparedStatements(
  (db: Executor) =>
    db
      .select({ name: users.name, profile: profiles })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1),
  () => '',
);

/** The recommender reads it with every outfit, so it is built once too. */
const sensitivityStatement = preparedStatements(
  (db: Executor) =>
    db
      .select({ sensitivity: profiles.temperatureSensitivity })
      .from(profiles)
      .where(eq(profiles.userId, sql.placeholder('userId')))
      .limit(1),
  () => '',
);

export function createProfilesRepo() {
  return {
    /** The profile with its user's name; undefined for an unknown user. */
    async find(db: Executor, userId: string): Promise<{ name: string; profile: ProfileRow } | undefined> {
      const [row] = await findStatement(db, undefined, { userId });
      return row;
    },
    /** Locks the profile row for a read-modify-write (avatar replacement). */
    async findForUpdate(db: Executor, userId: string): Promise<ProfileRow | undefined> {
      const [row] = await db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .for('update')
        .limit(1);
      return row;
    },
    /** The profile's temperature sensitivity; null for a user without a profile (the recommender's input). */
    async sensitivityOf(db: Executor, userId: string): Promise<number | null> {
      const [row] = await sensitivityStatement(db, undefined, { userId });
      return row ? row.sensitivity : null;
    },
    async update(db: Executor, userId: string, changes: ProfileChanges) {
      if (Object.keys(changes).length === 0) return;
      await db.update(profiles).set(changes).where(eq(profiles.userId, userId));
    },
  };
}
export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;
