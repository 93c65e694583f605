import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ko, type CursorPage } from '@otboo/contract';
import type { PageCursor } from '@/lib/cursor-list';
import { useCursorList } from '@/lib/use-cursor-list';
import { queryWrapper } from '@/testing/query';

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

interface Query {
  limit?: number;
  keyword?: string;
  sortBy?: string;
  sortDirection?: string;
}

/** A fetcher whose answers the test releases one by one. */
function controlledFetcher() {
  const calls: Array<{
    params: Query & PageCursor;
    resolve(p: CursorPage<Item>): void;
    reject(e: unknown): void;
  }> = [];
  const fetcher = vi.fn(
    (params: Query & PageCursor) =>
      new Promise<CursorPage<Item>>((resolve, reject) => {
        calls.push({ params, resolve, reject });
      }),
  );
  return { fetcher, calls };
}

function renderList(fetchPage: (params: Query & PageCursor) => Promise<CursorPage<Item>>, query: Query) {
  const { client, wrapper } = queryWrapper();
  const hook = renderHook(
    ({ q }: { q: Query }) => useCursorList<Item, Query>({ queryKey: ['items', 'list', q], fetchPage }),
    { wrapper, initialProps: { q: query } },
  );
  return { client, ...hook };
}

const ids = (items: Item[]) => items.map((i) => i.id);

describe('useCursorList (list semantics over the query cache)', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    warn.mockRestore();
  });

  it('loads the first page without a cursor; fetch clears the list and loads it again', async () => {
    const { fetcher, calls } = controlledFetcher();
    const { result } = renderList(fetcher, { limit: 2, sortBy: 'createdAt', sortDirection: 'DESCENDING' });
    expect(result.current.loading).toBe(true);
    calls[0]!.resolve(page([item(3), item(2)], true, 3));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(calls[0]!.params).toEqual({ limit: 2, sortBy: 'createdAt', sortDirection: 'DESCENDING' });
    expect(result.current).toMatchObject({ error: null, hasNext: true, totalCount: 3 });
    expect(ids(result.current.items)).toEqual(['id-3', 'id-2']);

    let again!: Promise<void>;
    act(() => {
      again = result.current.fetch();
    });
    await waitFor(() => expect(result.current.items).toEqual([]));
    expect(result.current.loading).toBe(true);
    await act(async () => {
      calls[1]!.resolve(page([item(3)], false, 1));
      await again;
    });
    expect(calls[1]!.params.cursor).toBeUndefined();
    await waitFor(() => expect(ids(result.current.items)).toEqual(['id-3']));
  });

  it('ignores a fetch while loading, with a warning, unless forced; a superseded answer never wins', async () => {
    const { fetcher, calls } = controlledFetcher();
    const { result } = renderList(fetcher, {});
    await act(() => result.current.fetch());
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(ko.common.loadingIgnored);

    let forced!: Promise<void>;
    act(() => {
      forced = result.current.fetch({ force: true });
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
    // The first answer arrives last and must not replace the forced one.
    await act(async () => {
      calls[1]!.resolve(page([item(2)], false, 1));
      await forced;
    });
    await waitFor(() => expect(ids(result.current.items)).toEqual(['id-2']));
    await act(async () => calls[0]!.resolve(page([item(1)], false, 1)));
    expect(ids(result.current.items)).toEqual(['id-2']);
  });

  it('loadMore appends the next page with cursor and idAfter, needs hasNext, and drops repeated ids', async () => {
    const { fetcher, calls } = controlledFetcher();
    const { result } = renderList(fetcher, { limit: 2 });
    calls[0]!.resolve(page([item(4), item(3)], true, 3));
    await waitFor(() => expect(result.current.hasNext).toBe(true));

    let more!: Promise<void>;
    act(() => {
      more = result.current.loadMore();
    });
    expect(calls[1]!.params).toEqual({ limit: 2, cursor: item(3).createdAt, idAfter: 'id-3' });
    // Loading more while a page is on its way asks nothing.
    await act(() => result.current.loadMore());
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(ko.common.loadingIgnored);
    await act(async () => {
      calls[1]!.resolve(page([item(3), item(2)], false, 3));
      await more;
    });
    await waitFor(() => expect(ids(result.current.items)).toEqual(['id-4', 'id-3', 'id-2']));
    expect(result.current.hasNext).toBe(false);

    await act(() => result.current.loadMore());
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(ko.common.noMoreData);
  });

  it('add ignores a listed id with a warning, re-sorts a sorted list and counts the new item', async () => {
    const fetcher = vi.fn(async () => page([item(1), item(3)], false, 2));
    const { result } = renderList(fetcher, { sortBy: 'name', sortDirection: 'ASCENDING' });
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.add(item(2)));
    await waitFor(() => expect(ids(result.current.items)).toEqual(['id-1', 'id-2', 'id-3']));
    expect(result.current.totalCount).toBe(3);

    act(() => result.current.add({ ...item(2), name: 'changed' }));
    expect(result.current.items).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith(ko.common.duplicateItemIgnored);
  });

  it('update replaces an item; remove drops it and lowers totalCount by one', async () => {
    const fetcher = vi.fn(async () => page([item(1), item(2)], false, 7));
    const { result } = renderList(fetcher, {});
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.update({ ...item(2), name: 'new' }));
    await waitFor(() => expect(result.current.items.map((i) => i.name)).toEqual(['name-1', 'new']));
    act(() => result.current.remove('id-1'));
    await waitFor(() => expect(ids(result.current.items)).toEqual(['id-2']));
    expect(result.current.totalCount).toBe(6);
    act(() => result.current.remove('unknown'));
    expect(result.current.totalCount).toBe(6);
  });

  it('changing the query loads the first page for it', async () => {
    const fetcher = vi.fn(async (params: Query) => page([item(params.keyword ? 2 : 1)], false, 1));
    const { result, rerender } = renderList(fetcher, { limit: 20 });
    await waitFor(() => expect(ids(result.current.items)).toEqual(['id-1']));
    rerender({ q: { limit: 20, keyword: '셔츠' } });
    await waitFor(() => expect(ids(result.current.items)).toEqual(['id-2']));
    expect(fetcher).toHaveBeenLastCalledWith({ limit: 20, keyword: '셔츠' });
  });

  it('shares the pages between screens asking the same query', async () => {
    const fetcher = vi.fn(async () => page([item(1)], false, 1));
    const { client, wrapper } = queryWrapper();
    const use = () =>
      useCursorList<Item, Query>({ queryKey: ['items', 'list', { limit: 5 }], fetchPage: fetcher });
    const first = renderHook(use, { wrapper });
    const second = renderHook(use, { wrapper });
    await waitFor(() => expect(ids(second.result.current.items)).toEqual(['id-1']));
    act(() => first.result.current.add(item(2)));
    await waitFor(() => expect(ids(second.result.current.items)).toEqual(['id-2', 'id-1']));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['items', 'list', { limit: 5 }])).toBeDefined();
  });

  it('a failure shows the error text: the message, else the generic one', async () => {
    const fetcher = vi.fn().mockRejectedValueOnce(new Error('서버 메시지')).mockRejectedValueOnce('boom');
    const { result } = renderList(fetcher, {});
    await waitFor(() => expect(result.current.error).toBe('서버 메시지'));
    expect(result.current.loading).toBe(false);
    await act(() => result.current.fetch());
    await waitFor(() => expect(result.current.error).toBe(ko.common.unknownError));
  });

  it('retry asks again for what failed: the first page when none is shown, else the next one', async () => {
    const { fetcher, calls } = controlledFetcher();
    const { result } = renderList(fetcher, { limit: 2 });
    calls[0]!.reject(new Error('첫 페이지 실패'));
    await waitFor(() => expect(result.current.error).toBe('첫 페이지 실패'));
    act(() => void result.current.retry());
    expect(calls[1]!.params).toEqual({ limit: 2 });
    calls[1]!.resolve(page([item(4), item(3)], true, 3));
    await waitFor(() => expect(ids(result.current.items)).toEqual(['id-4', 'id-3']));

    act(() => void result.current.loadMore());
    calls[2]!.reject(new Error('다음 페이지 실패'));
    await waitFor(() => expect(result.current.error).toBe('다음 페이지 실패'));
    act(() => void result.current.retry());
    expect(calls[3]!.params).toEqual({ limit: 2, cursor: item(3).createdAt, idAfter: 'id-3' });
    calls[3]!.resolve(page([item(2)], false, 3));
    await waitFor(() => expect(ids(result.current.items)).toEqual(['id-4', 'id-3', 'id-2']));
    expect(result.current.error).toBeNull();
  });
});
