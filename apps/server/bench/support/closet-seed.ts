import { randomUUID } from 'node:crypto';
import type { ClothesType } from '@otboo/contract';
import type { Database } from '../../src/db/client.js';
import { attributeDefs, clothes, clothesAttributes, profiles, users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/lib/passwords.js';

export interface ClosetSeed {
  email: string;
  /** The user's display name. */
  name: string;
  password: string;
  size: number;
  /** Garment names and types, used in turn. */
  items: readonly [string, ClothesType][];
  /** Colour words put in front of the names, in turn. */
  colors: readonly string[];
  /** Attribute definitions created first; each garment gets one to four of them. */
  definitions: readonly [string, string[]][];
}

/**
 * A user with a profile and a closet written straight into the database (the recommendation and trip benchmarks):
 * the definitions, then `size` garments, each with one to four attribute values. Returns the user and garments.
 */
export async function seedCloset({ db }: Database, seed: ClosetSeed) {
  const [user] = await db
    .insert(users)
    .values({ email: seed.email, name: seed.name, passwordHash: await hashPassword(seed.password) })
    .returning({ id: users.id });
  if (!user) throw new Error('the user was not created');
  await db.insert(profiles).values({ userId: user.id });
  const defIds: string[] = [];
  for (const [name, selectableValues] of seed.definitions) {
    const [def] = await db
      .insert(attributeDefs)
      .values({ name, selectableValues })
      .onConflictDoNothing()
      .returning({ id: attributeDefs.id });
    if (!def) throw new Error(`definition ${name} exists already in a fresh database`);
    defIds.push(def.id);
  }
  const garments = Array.from({ length: seed.size }, (_, i) => {
    const [item, type] = seed.items[i % seed.items.length]!;
    return {
      id: randomUUID(),
      ownerId: user.id,
      name: `${seed.colors[i % seed.colors.length]} ${item} ${i}`,
      type,
      imageKey: `clothes/${randomUUID()}.webp`,
    };
  });
  const values = garments.flatMap((g, i) =>
    seed.definitions
      .map(([, options], d) => ({
        clothesId: g.id,
        definitionId: defIds[d]!,
        value: options[(i + d) % options.length]!,
      }))
      .slice(0, 1 + (i % 4)),
  );
  for (let i = 0; i < garments.length; i += 500) await db.insert(clothes).values(garments.slice(i, i + 500));
  for (let i = 0; i < values.length; i += 1000)
    await db.insert(clothesAttributes).values(values.slice(i, i + 1000));
  return { userId: user.id, garments };
}
