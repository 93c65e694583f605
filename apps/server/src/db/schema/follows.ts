import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.js';
import { users } from './users.js';

export const follows = pgTable(
  'follows',
  {
    id: idColumn(),
    followerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_pair_key').on(t.followerId, t.followeeId),
    index('follows_followee_created_idx').on(t.followeeId, t.createdAt.desc(), t.id.desc()),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt.desc(), t.id.desc()),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);
