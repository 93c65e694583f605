import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { likePattern } from './cursor.js';

/**
 * `column ILIKE '%term%'` (case-insensitive, the term taken literally), narrowed through the column's
 * `otboo_bigrams` GIN index (migration 0002) when the term has two or more characters: a text contains the term
 * only if it contains every bigram of it, so `@>` picks the candidates and ILIKE confirms them. A one-character
 * term has no bigram and is matched by ILIKE alone.
 */
export function containsText(column: AnyColumn, term: string): SQL {
  const pattern = likePattern(term);
  if ([...term].length < 2) return sql`${column} ilike ${pattern}`;
  return sql`(otboo_bigrams(${column}) @> otboo_bigrams(${term}::text) and ${column} ilike ${pattern})`;
}

/** A search term as typed: surrounding spaces dropped; empty means no filter. */
export function searchTerm(value: string | undefined): string | undefined {
  const term = value?.trim();
  return term ? term : undefined;
}
