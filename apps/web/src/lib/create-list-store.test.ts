import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, type CursorPage } from '@otboo/contract';
import { createListStore, errorText, type ListParams, type PageCursor } from '@/lib/create-list-store';

interface Item {
  id: string;
  createdAt: string;
  name: string;
}

interface Params extends ListParams {
  keyword?: string;
}

function item(n: number): Item {
  return {
    id: `id-${n}`,
    createdAt: `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`,
    name: `name-${n}`,
  };
}

function page(items: Item[], hasNext: boolean, totalCount = 10): CursorPage<Item> {
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

/** A fetcher whose answers the test releases one by one. */
function controlledFetcher() {
  const calls: Array<{
    params: Params & PageCursor;
    resolve(p: CursorPage<Item>): void;
    reject(e: unknown): void;
  }> = [];
  const fetcher = vi.fn(
    (params: Params & PageCursor) =>
      new Promise<CursorPage<Item>>((resolve, reject) => {
        calls.push({ params, resolve, reject });
      }),
  );
  return { fetcher, calls };
}

describe('createListStore (spec §4 "List stores")', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    warn.mockRestore();
  });

  it('fetch clears the list and loads the first page without a cursor', async () => {
    const { fetcher, calls } = controlledFetcher();
    const store = createListStore<Item, Params>(fetcher, {
      limit: 2,
      sortBy: 'createdAt',
      sortDirection: 'DESCENDING',
    });
    const first = store.getState().fetch();
    expect(store.getState().loading).toBe(true);
    calls[0]!.resolve(page([item(3), item(2)], true, 3));
    await first;
    expect(calls[0]!.params).toEqual({ limit: 2, sortBy: 'createdAt', sortDirection: 'DESCENDING' });
    expect(store.getState()).toMatchObject({ loading: false, error: null, hasNext: true, totalCount: 3 });
    expect(store.getState().data.map((i) => i.id)).toEqual(['id-3', 'id-2']);

    const again = store.getState().fetch();
    expect(store.getState().data).toEqual([]);
    calls[1]!.resolve(page([item(3)], false, 1));
    await again;
    expect(calls[1]!.params.cursor).toBeUndefined();
    expect(store.getState().data.map((i) => i.id)).toEqual(['id-3']);
  });

  it('a fetch while loading is ignored with a warning unless forced', async () => {
    const { fetcher, calls } = controlledFetcher();
    const store = createListStore<Item, Params>(fetcher, {});
    const first = store.getState().fetch();
    await store.getState().fetch();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(ko.common.loadingIgnored);

    const forced = store.getState().fetch({ force: true });
    expect(fetcher).toHaveBeenCalledTimes(2);
    // The superseded answer arrives last and must not win.
    calls[1]!.resolve(page([item(2)], false, 1));
    await forced;
    calls[0]!.resolve(page([item(1)], false, 1));
    await first;
    expect(store.getState().data.map((i) => i.id)).toEqual(['id-2']);
  });

  it('loadMore appends the next page with cursor and idAfter, and needs hasNext', async () => {
    const { fetcher, calls } = controlledFetcher();
    const store = createListStore<Item, Params>(fetcher, { limit: 2 });
    const first = store.getState().fetch();
    calls[0]!.resolve(page([item(4), item(3)], true, 3));
    await first;

    const more = store.getState().loadMore();
    expect(calls[1]!.params).toMatchObject({ limit: 2, cursor: item(3).createdAt, idAfter: 'id-3' });
    calls[1]!.resolve(page([item(2)], false, 3));
    await more;
    expect(store.getState().data.map((i) => i.id)).toEqual(['id-4', 'id-3', 'id-2']);
    expect(store.getState().hasNext).toBe(false);

    await store.getState().loadMore();
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(ko.common.noMoreData);
  });

  it('add ignores a listed id, re-sorts a sorted list and prepends to an unsorted one', () => {
    const sorted = createListStore<Item, Params>(vi.fn(), { sortBy: 'name', sortDirection: 'ASCENDING' });
    sorted.setState({ data: [item(1), item(3)], totalCount: 2 });
    sorted.getState().add(item(2));
    expect(sorted.getState().data.map((i) => i.id)).toEqual(['id-1', 'id-2', 'id-3']);
    expect(sorted.getState().totalCount).toBe(3);
    sorted.getState().add({ ...item(2), name: 'changed' });
    expect(sorted.getState().data).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith(ko.common.duplicateItemIgnored);

    const descending = createListStore<Item, Params>(vi.fn(), {
      sortBy: 'createdAt',
      sortDirection: 'DESCENDING',
    });
    descending.setState({ data: [item(5), item(1)] });
    descending.getState().add(item(3));
    expect(descending.getState().data.map((i) => i.id)).toEqual(['id-5', 'id-3', 'id-1']);

    const unsorted = createListStore<Item, Params>(vi.fn(), {});
    unsorted.setState({ data: [item(1), item(2)] });
    unsorted.getState().add(item(9));
    expect(unsorted.getState().data.map((i) => i.id)).toEqual(['id-9', 'id-1', 'id-2']);
  });

  it('remove drops the item and lowers totalCount by one', () => {
    const store = createListStore<Item, Params>(vi.fn(), {});
    store.setState({ data: [item(1), item(2)], totalCount: 7 });
    store.getState().remove('id-1');
    expect(store.getState().data.map((i) => i.id)).toEqual(['id-2']);
    expect(store.getState().totalCount).toBe(6);
    store.getState().remove('unknown');
    expect(store.getState().totalCount).toBe(6);
  });

  it('changing params refetches by default, and not when told so', async () => {
    const fetcher = vi.fn(async () => page([item(1)], false, 1));
    const store = createListStore<Item, Params>(fetcher, { limit: 20, keyword: undefined });
    store.getState().setParams({ keyword: '셔츠' });
    await vi.waitFor(() => expect(store.getState().loading).toBe(false));
    expect(fetcher).toHaveBeenLastCalledWith({ limit: 20, keyword: '셔츠' });
    store.getState().setParams({ limit: 5 }, { refetch: false });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(store.getState().params).toEqual({ limit: 5, keyword: '셔츠' });
  });

  it('a failure sets the error text: the message, else the generic one', async () => {
    const store = createListStore<Item, Params>(
      vi.fn().mockRejectedValueOnce(new Error('서버 메시지')).mockRejectedValueOnce('boom'),
      {},
    );
    await store.getState().fetch();
    expect(store.getState()).toMatchObject({ loading: false, error: '서버 메시지' });
    await store.getState().fetch();
    expect(store.getState().error).toBe(ko.common.unknownError);
    expect(errorText(new Error(''))).toBe(ko.common.unknownError);
  });
});
