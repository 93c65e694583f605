import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ko, type CursorPage, type SortDirection } from '@otboo/contract';
import { badRequest } from './errors.js';

/** How a sort key travels in `nextCursor` (docs/api.md §2). */
export type CursorKind = 'instant' | 'text' | 'integer';

/** Parses a `cursor` query value of the given kind; a malformed cursor is a 400, never a 500. */
export function parseCursor(kind: CursorKind, cursor: string): Date | string | number {
  const invalid = () =>
    badRequest(ko.common.invalidCursor, { cursor: ko.common.invalidCursor }, 'InvalidCursorException');
  switch (kind) {
    case 'instant': {
      if (!/^\d{4}-\d{2}-\d{2}T/.test(cursor)) throw invalid();
      const d = new Date(cursor);
      // Year 0000 parses in JavaScript but PostgreSQL has no year zero.
      if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1) throw invalid();
      return d;
    }
    case 'integer': {
      if (!/^-?\d{1,12}$/.test(cursor)) throw invalid();
      const n = Number(cursor);
      // Integer sort keys are int4 columns: a bound outside that range would be a database error.
      if (n > 2_147_483_647 || n < -2_147_483_648) throw invalid();
      return n;
    }
    case 'text':
      if (cursor.includes('\u0000')) throw invalid();
      return cursor;
  }
}

export function formatCursor(value: Date | string | number): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * Keyset condition "after (cursor, idAfter)" in the sort direction. Ties on the sort key are broken by id in
 * the same direction, so pages never repeat or skip rows while others write.
 */
export function afterCursor(
  sortColumn: AnyColumn | SQL,
  idColumn: AnyColumn,
  direction: SortDirection,
  kind: CursorKind,
  cursor: string | undefined,
  idAfter: string | undefined,
): SQL | undefined {
  if (cursor === undefined) return undefined;
  const value = parseCursor(kind, cursor);
  return keysetAfter(
    sortColumn,
    idColumn,
    direction,
    kind,
    value instanceof Date ? value.toISOString() : value,
    idAfter,
  );
}

/**
 * `afterCursor`'s condition for a parsed bound (an instant as its ISO text) and idAfter, either of which may be a
 * `sql.placeholder` in a statement prepared once (lib/prepared.ts).
 */
export function keysetAfter(
  sortColumn: AnyColumn | SQL,
  idColumn: AnyColumn,
  direction: SortDirection,
  kind: CursorKind,
  bound: unknown,
  idAfter: unknown,
): SQL {
  const op = direction === 'ASCENDING' ? sql.raw('>') : sql.raw('<');
  const value = kind === 'instant' ? sql`${bound}::timestamptz` : sql`${bound}`;
  if (idAfter === undefined) return sql`${sortColumn} ${op} ${value}`;
  return sql`(${sortColumn}, ${idColumn}) ${op} (${value}, ${idAfter}::uuid)`;
}

/** Whether a newest-first page has a cursor and an idAfter: part of the shape of its prepared statement. */
export interface NewestFirstShape {
  cursor: boolean;
  idAfter: boolean;
}

/**
 * A newest-first page's (createdAt, id) cursor for a statement prepared once per shape (lib/prepared.ts): the
 * shape, and the placeholder values `bound` and `idAfter`. A malformed cursor is a 400, as in `afterCursor`.
 */
export function newestFirstCursor(q: { cursor?: string; idAfter?: string }): {
  shape: NewestFirstShape;
  values: { bound: string | undefined; idAfter: string | undefined };
} {
  if (q.cursor === undefined)
    return { shape: { cursor: false, idAfter: false }, values: { bound: undefined, idAfter: undefined } };
  const bound = (parseCursor('instant', q.cursor) as Date).toISOString();
  return {
    shape: { cursor: true, idAfter: q.idAfter !== undefined },
    values: { bound, idAfter: q.idAfter },
  };
}

/**
 * `newestFirstCursor`'s condition; none without a cursor. Its values are the placeholders `bound` and `idAfter`
 * unless given (a request's own values, to EXPLAIN the query a statement is built from).
 */
export function newestFirstAfter(
  createdAt: AnyColumn,
  id: AnyColumn,
  shape: NewestFirstShape,
  values: { bound: unknown; idAfter: unknown } = {
    bound: sql.placeholder('bound'),
    idAfter: sql.placeholder('idAfter'),
  },
): SQL | undefined {
  if (!shape.cursor) return undefined;
  return keysetAfter(
    createdAt,
    id,
    'DESCENDING',
    'instant',
    values.bound,
    shape.idAfter ? values.idAfter : undefined,
  );
}

/**
 * ORDER BY for a keyset list that an index serves. The schema's indexes use drizzle's `.desc()`, which is
 * DESC NULLS LAST, while a query's plain `desc()` means DESC NULLS FIRST; PostgreSQL treats those as different
 * orders (NOT NULL does not matter to it) and then sorts every matching row instead of reading the index: the
 * first page of a million feeds took 5 s that way. These orders match such an index read forward (descending)
 * or backward (ascending).
 */
export function keysetOrder(direction: SortDirection, ...columns: (AnyColumn | SQL)[]): SQL[] {
  return columns.map((c) =>
    direction === 'ASCENDING' ? sql`${c} asc nulls first` : sql`${c} desc nulls last`,
  );
}

/** Turns `limit + 1` fetched rows into a contract page. */
export function toPage<Row, Dto>(
  rows: Row[],
  limit: number,
  totalCount: number,
  sort: { sortBy: string; sortDirection: SortDirection },
  keyOf: (row: Row) => { sortKey: Date | string | number; id: string },
  map: (row: Row) => Dto,
): CursorPage<Dto> {
  const hasNext = rows.length > limit;
  const pageRows = hasNext ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  const lastKey = hasNext && last !== undefined ? keyOf(last) : undefined;
  return {
    data: pageRows.map(map),
    nextCursor: lastKey ? formatCursor(lastKey.sortKey) : null,
    nextIdAfter: lastKey ? lastKey.id : null,
    hasNext,
    totalCount,
    sortBy: sort.sortBy,
    sortDirection: sort.sortDirection,
  };
}

/** `%term%` for ILIKE with the user's `%`, `_` and `\` taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
