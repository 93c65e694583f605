/** A row of a page whose statement also counts the whole list (a scalar subquery, run once per statement). */
export interface CountedRow {
  total: number | null;
}

/** What an empty page does instead: no row carried the count. */
export interface EmptyPageCount<Total extends number | undefined> {
  /** The request's cursor: without one the page was the first. */
  cursor: string | undefined;
  /**
   * Set when the list belongs to something that may not exist (a feed's comments, a user's follows): then even an
   * empty first page asks `count`, which answers undefined for an owner that is gone.
   */
  ownerMayBeMissing?: boolean;
  /** The whole list's count on its own (or undefined, see ownerMayBeMissing). */
  count: () => Promise<Total>;
}

/**
 * One keyset page and the whole list's count, in one round trip when the page has rows: each row carries the
 * count. An empty page carries none, and the rule for it is written here only: the first page of a list whose
 * owner exists is the whole list, so its count is 0 without asking; past the last page (or when the owner may be
 * gone) the count is asked on its own.
 */
export async function countedPage<Row extends CountedRow, Total extends number | undefined = number>(
  page: Promise<Row[]>,
  empty: EmptyPageCount<Total>,
): Promise<{ rows: Row[]; total: number | Total }> {
  const rows = await page;
  const carried = rows[0]?.total;
  if (carried !== undefined && carried !== null) return { rows, total: carried };
  if (empty.cursor === undefined && !empty.ownerMayBeMissing) return { rows, total: 0 };
  return { rows, total: await empty.count() };
}
