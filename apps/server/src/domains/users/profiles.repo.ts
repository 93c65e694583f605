import { eq, sql, type SQL } from 'drizzle-orm';
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

/** The profile's temperature sensitivity (null: no profile), as an expression for the caller's own statement. */
export function sensitivitySql(userId: string): SQL<number | null> {
  return sql<
    number | null
  >`(select p.temperature_sensitivity from profiles p where p.user_id = ${userId})`.mapWith(Number);
}

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
    async update(db: Executor, userId: string, changes: ProfileChanges) {
      if (Object.keys(changes).length === 0) return;
      await db.update(profiles).set(changes).where(eq(profiles.userId, userId));
    },
  };
}
export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;
