import type { InfiniteData } from '@tanstack/react-query';
import type { CursorPage } from '@otboo/contract';

/** Where a page starts: the previous page's `nextCursor` and `nextIdAfter`. */
export interface PageCursor {
  cursor?: string;
  idAfter?: string;
}

/** The cached pages of one cursor list, each with the cursor it was asked with (null for the first). */
export type ListData<T> = InfiniteData<CursorPage<T>, PageCursor | null>;

/** How a list is ordered; without `sortBy` it is newest first and new items go on top. */
export interface ListSort {
  sortBy?: string;
  sortDirection?: string;
}

/** The sort a list's query asks for (any other parameter is ignored). */
export function sortOf(query: object): ListSort {
  const { sortBy, sortDirection } = query as Record<string, unknown>;
  return {
    ...(typeof sortBy === 'string' ? { sortBy } : {}),
    ...(typeof sortDirection === 'string' ? { sortDirection } : {}),
  };
}

interface Identified {
  id: string;
}

/** The cursor of the page after `page`; undefined when `page` was the last. */
export function nextPageCursor(page: CursorPage<unknown>): PageCursor | undefined {
  if (!page.hasNext) return undefined;
  return {
    ...(page.nextCursor !== null ? { cursor: page.nextCursor } : {}),
    ...(page.nextIdAfter !== null ? { idAfter: page.nextIdAfter } : {}),
  };
}

/**
 * Every item once, in page order. A page can repeat an item of an earlier one when the list moved
 * between the two requests; the first copy stays.
 */
export function listItems<T extends Identified>(data: ListData<T> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** The list's total: the newest page's count with local inserts and deletes applied; 0 before any page. */
export function listTotal(data: ListData<unknown> | undefined): number {
  return data?.pages.at(-1)?.totalCount ?? 0;
}

/** Whether the list holds an item with this id. */
export function hasItem<T extends Identified>(data: ListData<T> | undefined, id: string): boolean {
  return data?.pages.some((page) => page.data.some((item) => item.id === id)) ?? false;
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Sorts a copy by `sortBy`; `ASCENDING` ascends, any other direction descends (as the server reads it). */
export function sortItems<T>(items: T[], sortBy: string, sortDirection: string | undefined): T[] {
  const sign = sortDirection === 'ASCENDING' ? 1 : -1;
  return [...items].sort(
    (a, b) =>
      sign * compareValues((a as Record<string, unknown>)[sortBy], (b as Record<string, unknown>)[sortBy]),
  );
}

/** The same pages with new contents and every page's totalCount moved by `delta` (never below 0). */
function withPages<T>(data: ListData<T>, contents: T[][], delta: number): ListData<T> {
  return {
    ...data,
    pages: data.pages.map((page, i) => ({
      ...page,
      data: contents[i] ?? page.data,
      totalCount: Math.max(0, page.totalCount + delta),
    })),
  };
}

/**
 * Adds an item and counts it: a sorted list re-sorts by `sortBy` and `sortDirection` (the item lands in
 * the page its place falls in), an unsorted one gets it first. An id already listed changes nothing:
 * the same object comes back, so a caller can tell.
 */
export function insertSorted<T extends Identified>(data: ListData<T>, item: T, sort: ListSort): ListData<T> {
  if (data.pages.length === 0 || hasItem(data, item.id)) return data;
  const sizes = data.pages.map((page) => page.data.length);
  if (!sort.sortBy) {
    return withPages(
      data,
      data.pages.map((page, i) => (i === 0 ? [item, ...page.data] : page.data)),
      1,
    );
  }
  const sorted = sortItems(
    [...data.pages.flatMap((page) => page.data), item],
    sort.sortBy,
    sort.sortDirection,
  );
  const at = sorted.indexOf(item);
  // The page whose range holds the new place; the place just after a page's last item counts as that page.
  let target = 0;
  let end = 0;
  for (const [i, size] of sizes.entries()) {
    target = i;
    end += size;
    if (at <= end) break;
  }
  let offset = 0;
  const contents = sizes.map((size, i) => {
    const length = size + (i === target ? 1 : 0);
    const slice = sorted.slice(offset, offset + length);
    offset += length;
    return slice;
  });
  return withPages(data, contents, 1);
}

/** Replaces the listed item with the same id; the same object comes back when none is listed. */
export function replaceById<T extends Identified>(data: ListData<T>, item: T): ListData<T> {
  if (!hasItem(data, item.id)) return data;
  return withPages(
    data,
    data.pages.map((page) => page.data.map((existing) => (existing.id === item.id ? item : existing))),
    0,
  );
}

/** Removes an item and lowers totalCount by one; the same object comes back when none is listed. */
export function removeById<T extends Identified>(data: ListData<T>, id: string): ListData<T> {
  if (!hasItem(data, id)) return data;
  return withPages(
    data,
    data.pages.map((page) => page.data.filter((item) => item.id !== id)),
    -1,
  );
}
