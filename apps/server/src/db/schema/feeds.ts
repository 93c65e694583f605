import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
  check,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { clothes } from './clothes.js';
import { users } from './users.js';
import { weatherForecasts } from './weather.js';
import { PRECIPITATION_TYPES, SKY_STATUSES } from '@otboo/contract';

export const feeds = pgTable(
  'feeds',
  {
    id: idColumn(),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A forecast a feed uses is never deleted (restrict). */
    weatherId: uuid()
      .notNull()
      .references(() => weatherForecasts.id, { onDelete: 'restrict' }),
    /** Copied from the (immutable) forecast so the sky and precipitation filters use an index. */
    skyStatus: text({ enum: SKY_STATUSES }).notNull(),
    precipitationType: text({ enum: PRECIPITATION_TYPES }).notNull(),
    content: text().notNull(),
    likeCount: integer().notNull().default(0),
    commentCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('feeds_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('feeds_like_count_idx').on(t.likeCount.desc(), t.id.desc()),
    index('feeds_author_created_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    /**
     * Keyword search (lib/text-search.ts): every character and bigram of the content, lower-cased, so a term of
     * any length is found through the index, whatever the database locale. pg_trgm finds no trigram in a
     * two-letter word like '코트' and, under LC_CTYPE=C, none in Hangul at all. `otboo_grams` is defined in
     * migration 0006_search_grams.
     */
    index('feeds_content_grams_idx').using('gin', sql`otboo_grams(${t.content})`),
    check('feeds_counts_non_negative', sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0`),
  ],
);

/**
 * The garments of a feed, copied as they were when posted: editing or deleting the garment later does not
 * change the post (`clothesId` becomes null on delete).
 */
export const feedClothes = pgTable(
  'feed_clothes',
  {
    feedId: uuid()
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    clothesId: uuid().references(() => clothes.id, { onDelete: 'set null' }),
    name: text().notNull(),
    type: text().notNull(),
    imageKey: text(),
    thumbnailKey: text(),
    /** `ClothesAttributeDto[]` as it was. */
    attributes: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.position] }), index('feed_clothes_clothes_idx').on(t.clothesId)],
);

export const feedLikes = pgTable(
  'feed_likes',
  {
    feedId: uuid()
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.userId] }), index('feed_likes_user_idx').on(t.userId)],
);

export const feedComments = pgTable(
  'feed_comments',
  {
    id: idColumn(),
    feedId: uuid()
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feed_comments_feed_created_idx').on(t.feedId, t.createdAt.desc(), t.id.desc())],
);

/**
 * Number of feeds per sky/precipitation pair, kept exact by statement-level triggers on `feeds` (migration
 * 0004), so the feed list's `totalCount` without a keyword is a sum of at most 15 rows instead of a count over
 * every feed.
 */
export const feedCounts = pgTable(
  'feed_counts',
  {
    skyStatus: text({ enum: SKY_STATUSES }).notNull(),
    precipitationType: text({ enum: PRECIPITATION_TYPES }).notNull(),
    feedCount: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.skyStatus, t.precipitationType] })],
);
