import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ko, type CursorPage } from '@otboo/contract';
import {
  insertSorted,
  listItems,
  listTotal,
  nextPageCursor,
  removeById,
  replaceById,
  sortOf,
  type ListData,
  type PageCursor,
} from '@/lib/cursor-list';
import type { KeyParams } from '@/lib/query-keys';
import { errorText } from '@/utils/error-text';

/** A list's key: [feature, kind, query]; the query (without the cursor) is what every page is asked with. */
export type ListKey<Q extends KeyParams<Q>> = readonly [string, string, Q];

export interface CursorListOptions<T, Q extends KeyParams<Q>> {
  queryKey: ListKey<Q>;
  /** Loads one page: the key's query plus the cursor of the page before (none for the first). */
  fetchPage(params: Q & PageCursor): Promise<CursorPage<T>>;
  /** False until the query can be asked (e.g. the user is not known yet). */
  enabled?: boolean;
  /** How long the pages stay cached once no screen shows them; the client's default when unset. */
  gcTime?: number;
}

export interface CursorList<T> {
  /** Every item once, in page order. */
  items: T[];
  /** A request for this list is in flight (the first page, the next one, or a reload). */
  loading: boolean;
  /** The failure text of the last request, while none is in flight. */
  error: string | null;
  hasNext: boolean;
  totalCount: number;
  /** Clears the list and loads the first page; ignored (with a warning) while loading unless forced. */
  fetch(options?: { force?: boolean }): Promise<void>;
  /** Appends the next page; ignored (with a warning) while loading or after the last page. */
  loadMore(): Promise<void>;
  /** After a failure, asks again for what failed: the next page when some are shown, else the first page. */
  retry(): Promise<void>;
  /** Adds an item unless its id is listed (warned): a sorted list re-sorts, others get it first. */
  add(item: T): void;
  /** Replaces the listed item with the same id. */
  update(item: T): void;
  /** Removes an item and lowers totalCount by one. */
  remove(id: string): void;
}

/**
 * One cursor-paged list in the query cache, with the list semantics the screens rely on. The pages live
 * under `queryKey`, so every screen asking the same query shares them, and a sign-out clears them.
 */
export function useCursorList<T extends { id: string }, Q extends KeyParams<Q>>({
  queryKey,
  fetchPage,
  enabled = true,
  gcTime,
}: CursorListOptions<T, Q>): CursorList<T> {
  const queryClient = useQueryClient();
  const result = useInfiniteQuery<CursorPage<T>, Error, ListData<T>, ListKey<Q>, PageCursor | null>({
    queryKey,
    queryFn: ({ queryKey: [, , query], pageParam }) => fetchPage({ ...query, ...pageParam }),
    initialPageParam: null,
    getNextPageParam: nextPageCursor,
    enabled,
    ...(gcTime !== undefined ? { gcTime } : {}),
  });
  const items = useMemo(() => listItems(result.data), [result.data]);

  const cached = () => queryClient.getQueryData<ListData<T>>(queryKey);
  const fetching = () => queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching';

  async function fetch({ force = false } = {}) {
    if (fetching() && !force) {
      console.warn(ko.common.loadingIgnored);
      return;
    }
    // A reset drops the pages (and any request still in flight) before the first page is asked again.
    await queryClient.resetQueries({ queryKey, exact: true });
  }

  async function loadMore() {
    if (fetching()) {
      console.warn(ko.common.loadingIgnored);
      return;
    }
    const last = cached()?.pages.at(-1);
    if (!last || !nextPageCursor(last)) {
      console.warn(ko.common.noMoreData);
      return;
    }
    await result.fetchNextPage({ cancelRefetch: false });
  }

  return {
    items,
    loading: result.isFetching,
    error: result.error && !result.isFetching ? errorText(result.error) : null,
    hasNext: result.hasNextPage,
    totalCount: listTotal(result.data),
    fetch,
    loadMore,
    retry: () => (items.length > 0 ? loadMore() : fetch({ force: true })),

    add(item) {
      const data = cached();
      if (!data) return;
      const next = insertSorted(data, item, sortOf(queryKey[2]));
      if (next === data) console.warn(ko.common.duplicateItemIgnored);
      else queryClient.setQueryData(queryKey, next);
    },

    update(item) {
      queryClient.setQueryData<ListData<T>>(queryKey, (data) => data && replaceById(data, item));
    },

    remove(id) {
      queryClient.setQueryData<ListData<T>>(queryKey, (data) => data && removeById(data, id));
    },
  };
}
