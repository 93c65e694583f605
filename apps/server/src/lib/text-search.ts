import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { likePattern } from './cursor.js';

/**
 * `column ILIKE '%term%'` (case-insensitive, the term taken literally), narrowed through the column's
 * `otboo_grams` GIN index (migration 0006): a text contains the term only if it contains every bigram of it (or,
 * for a one-character term, that character), so `@>` picks the candidates from the index and ILIKE confirms them.
 *
 * `index: false` leaves the index out. For a term that matches a large share of the rows, walking the list's
 * sort index and checking ILIKE row by row finds a page sooner than collecting every candidate first, and the
 * grams function (≈25 µs) would otherwise run once per matching row.
 */
export function containsText(column: AnyColumn, term: string, options: { index?: boolean } = {}): SQL {
  const pattern = likePattern(term);
  if (options.index === false) return sql`${column} ilike ${pattern}`;
  const keys = [...term].length < 2 ? sql`otboo_grams(${term}::text)` : sql`otboo_bigrams(${term}::text)`;
  // ILIKE first: where PostgreSQL filters row by row anyway, the grams only get computed for rows that match.
  return sql`(${column} ilike ${pattern} and otboo_grams(${column}) @> ${keys})`;
}

/** A search term as typed: surrounding spaces dropped; empty means no filter. */
export function searchTerm(value: string | undefined): string | undefined {
  const term = value?.trim();
  return term ? term : undefined;
}
