// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CursorPage } from '@otboo/contract';
import {
  insertSorted,
  listItems,
  listTotal,
  nextPageCursor,
  removeById,
  replaceById,
  sortOf,
  type ListData,
} from '@/lib/cursor-list';

interface Item {
  id: string;
  createdAt: string;
  name: string;
}

function item(n: number): Item {
  return {
    id: `id-${n}`,
    createdAt: `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`,
    name: `name-${n}`,
  };
}

function page(items: Item[], totalCount = 10, hasNext = false): CursorPage<Item> {
  const last = items.at(-1);
  return {
    data: items,
    hasNext,
    nextCursor: hasNext && last ? last.createdAt : null,
    nextIdAfter: hasNext && last ? last.id : null,
    totalCount,
    sortBy: 'createdAt',
    sortDirection: 'DESCENDING',
  };
}

function pages(...contents: Item[][]): ListData<Item> {
  return { pages: contents.map((items) => page(items)), pageParams: contents.map(() => null) };
}

const ids = (data: ListData<Item>) => data.pages.map((p) => p.data.map((i) => i.id));

describe('cursor list helpers (list semantics over cached pages)', () => {
  it('reads the next cursor from a page, and none after the last one', () => {
    expect(nextPageCursor(page([item(4), item(3)], 3, true))).toEqual({
      cursor: item(3).createdAt,
      idAfter: 'id-3',
    });
    expect(nextPageCursor(page([item(2)], 3, false))).toBeUndefined();
  });

  it('lists every item once: a later page repeating an id keeps the first copy', () => {
    const data = pages([item(4), item(3)], [{ ...item(3), name: 'moved' }, item(2)]);
    expect(listItems(data).map((i) => i.id)).toEqual(['id-4', 'id-3', 'id-2']);
    expect(listItems(data)[1]?.name).toBe('name-3');
    expect(listItems(undefined)).toEqual([]);
  });

  it('re-sorts a sorted list on insert, into the page where the item falls', () => {
    const ascending = insertSorted(pages([item(1), item(3)]), item(2), {
      sortBy: 'name',
      sortDirection: 'ASCENDING',
    });
    expect(ids(ascending)).toEqual([['id-1', 'id-2', 'id-3']]);

    const descending = insertSorted(pages([item(9), item(7)], [item(5), item(1)]), item(3), {
      sortBy: 'createdAt',
      sortDirection: 'DESCENDING',
    });
    expect(ids(descending)).toEqual([
      ['id-9', 'id-7'],
      ['id-5', 'id-3', 'id-1'],
    ]);
    // Counted once on every page, so whichever page reports the total agrees.
    expect(descending.pages.map((p) => p.totalCount)).toEqual([11, 11]);
    expect(listTotal(descending)).toBe(11);
  });

  it('puts a new item first in an unsorted list', () => {
    const data = insertSorted(pages([item(1), item(2)], [item(3)]), item(9), {});
    expect(ids(data)).toEqual([['id-9', 'id-1', 'id-2'], ['id-3']]);
    expect(listTotal(data)).toBe(11);
  });

  it('ignores an item whose id is listed: the same data comes back', () => {
    const data = pages([item(1)], [item(2)]);
    expect(insertSorted(data, { ...item(2), name: 'changed' }, { sortBy: 'name' })).toBe(data);
    expect(insertSorted(data, item(2), {})).toBe(data);
  });

  it('removes an item and lowers totalCount by one; an unknown id changes nothing', () => {
    const data = pages([item(1), item(2)], [item(3)]);
    const removed = removeById(data, 'id-3');
    expect(ids(removed)).toEqual([['id-1', 'id-2'], []]);
    expect(listTotal(removed)).toBe(9);
    expect(removeById(removed, 'unknown')).toBe(removed);
    expect(listTotal(removeById(pages([item(1)]), 'id-1'))).toBe(9);
  });

  it('never counts below zero', () => {
    const data: ListData<Item> = { pages: [page([item(1)], 0)], pageParams: [null] };
    expect(listTotal(removeById(data, 'id-1'))).toBe(0);
  });

  it('replaces the listed item with the same id', () => {
    const data = pages([item(1), item(2)]);
    const replaced = replaceById(data, { ...item(2), name: 'new' });
    expect(listItems(replaced).map((i) => i.name)).toEqual(['name-1', 'new']);
    expect(listTotal(replaced)).toBe(10);
    expect(replaceById(data, item(5))).toBe(data);
  });

  it("takes a list's sort from its query and ignores everything else", () => {
    expect(sortOf({ limit: 20, sortBy: 'createdAt', sortDirection: 'DESCENDING' })).toEqual({
      sortBy: 'createdAt',
      sortDirection: 'DESCENDING',
    });
    expect(sortOf({ ownerId: 'o', limit: 20 })).toEqual({});
  });
});
