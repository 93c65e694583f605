import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { feedComments } from '../db/schema/index.js';
import { newestFirstAfter, newestFirstCursor } from './cursor.js';

// Rendered as the app's database handles render it (db/client.ts: snake_case columns).
const sqlOf = (condition: ReturnType<typeof newestFirstAfter>) =>
  condition === undefined ? undefined : new PgDialect({ casing: 'snake_case' }).sqlToQuery(condition).sql;

describe('newestFirstCursor and newestFirstAfter (a prepared page’s cursor)', () => {
  it('a first page has no condition and no values', () => {
    const first = newestFirstCursor({});
    expect(first).toEqual({
      shape: { cursor: false, idAfter: false },
      values: { bound: undefined, idAfter: undefined },
    });
    // An idAfter without a cursor means nothing, as in afterCursor.
    expect(newestFirstCursor({ idAfter: '6c1b3f52-93d4-4d2b-9d5e-1b1f6a7e0a01' }).shape).toEqual(first.shape);
    expect(newestFirstAfter(feedComments.createdAt, feedComments.id, first.shape)).toBeUndefined();
  });

  it('a cursor becomes the bound as ISO text; with idAfter, ties on the instant are broken by id', () => {
    const byTime = newestFirstCursor({ cursor: '2026-11-25T09:30:00+09:00' });
    expect(byTime.values).toEqual({ bound: '2026-11-25T00:30:00.000Z', idAfter: undefined });
    expect(sqlOf(newestFirstAfter(feedComments.createdAt, feedComments.id, byTime.shape))).toBe(
      '"feed_comments"."created_at" < $1::timestamptz',
    );
    const id = '6c1b3f52-93d4-4d2b-9d5e-1b1f6a7e0a01';
    const tied = newestFirstCursor({ cursor: '2026-11-25T00:30:00.000Z', idAfter: id });
    expect(tied).toEqual({
      shape: { cursor: true, idAfter: true },
      values: { bound: '2026-11-25T00:30:00.000Z', idAfter: id },
    });
    expect(sqlOf(newestFirstAfter(feedComments.createdAt, feedComments.id, tied.shape))).toBe(
      '("feed_comments"."created_at", "feed_comments"."id") < ($1::timestamptz, $2::uuid)',
    );
  });

  it('refuses a malformed cursor with the Korean 400 of every list', () => {
    for (const cursor of ['soon', '0000-01-01T00:00:00Z', '2026-13-45T00:00:00Z']) {
      expect(() => newestFirstCursor({ cursor }), cursor).toThrow(
        expect.objectContaining({ statusCode: 400, exceptionName: 'InvalidCursorException' }),
      );
    }
  });
});
