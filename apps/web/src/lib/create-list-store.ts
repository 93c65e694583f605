import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { ko, type CursorPage } from '@otboo/contract';

/** Parameters every cursor list understands; list-specific filters are added by each store. */
export interface ListParams {
  limit?: number;
  sortBy?: string;
  sortDirection?: string;
}

export interface PageCursor {
  cursor?: string;
  idAfter?: string;
}

export type PageFetcher<T, P extends ListParams> = (params: P & PageCursor) => Promise<CursorPage<T>>;

export interface ListState<T, P extends ListParams> {
  data: T[];
  loading: boolean;
  error: string | null;
  params: P;
  hasNext: boolean;
  nextCursor: string | null;
  nextIdAfter: string | null;
  totalCount: number;
  /** Clears the list and loads the first page; ignored while loading unless forced. */
  fetch(options?: { force?: boolean }): Promise<void>;
  /** Appends the next page; needs `hasNext` and no load in flight. */
  loadMore(): Promise<void>;
  /** Merges new parameters and, unless told otherwise, loads the first page for them. */
  setParams(patch: Partial<P>, options?: { refetch?: boolean }): void;
  /** Adds an item unless its id is already listed: sorted lists re-sort, others get it first. */
  add(item: T): void;
  /** Replaces the listed item with the same id. */
  update(item: T): void;
  /** Removes an item and lowers totalCount by one. */
  remove(id: string): void;
  reset(): void;
}

export type ListStore<T, P extends ListParams> = UseBoundStore<StoreApi<ListState<T, P>>>;

/** The text stores show for a failure (spec §8). */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : ko.common.unknownError;
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

/** Sorts a copy by `sortBy`; `ASCENDING` ascends, any other direction descends (API.md §1). */
export function sortItems<T>(items: T[], sortBy: string, sortDirection: string | undefined): T[] {
  const sign = sortDirection === 'ASCENDING' ? 1 : -1;
  return [...items].sort(
    (a, b) =>
      sign * compareValues((a as Record<string, unknown>)[sortBy], (b as Record<string, unknown>)[sortBy]),
  );
}

/** The list state once a page has arrived; `data` is what the list shows with it. */
function pageLoaded<T>(page: CursorPage<T>, data: T[]) {
  return {
    data,
    hasNext: page.hasNext,
    nextCursor: page.nextCursor,
    nextIdAfter: page.nextIdAfter,
    totalCount: page.totalCount,
    loading: false,
  };
}

interface ListStoreOptions<T> {
  /** How an item is identified; `item.id` by default. */
  idOf?: (item: T) => string;
}

/**
 * A zustand store over one cursor-paged endpoint with the list semantics of spec §4 "List stores".
 * Answers of a superseded request (params changed or a forced fetch meanwhile) are dropped.
 */
export function createListStore<T, P extends ListParams>(
  fetchPage: PageFetcher<T, P>,
  initialParams: P,
  options: ListStoreOptions<T> = {},
): ListStore<T, P> {
  const idOf = options.idOf ?? ((item: T) => (item as { id: string }).id);
  const empty = { data: [] as T[], hasNext: false, nextCursor: null, nextIdAfter: null, totalCount: 0 };
  let generation = 0;

  return create<ListState<T, P>>()((set, get) => ({
    ...empty,
    loading: false,
    error: null,
    params: initialParams,

    async fetch({ force = false } = {}) {
      if (get().loading && !force) {
        console.warn(ko.common.loadingIgnored);
        return;
      }
      const current = ++generation;
      set({ ...empty, loading: true, error: null });
      try {
        const page = await fetchPage({ ...get().params });
        if (current !== generation) return;
        set(pageLoaded(page, page.data));
      } catch (error) {
        if (current !== generation) return;
        set({ loading: false, error: errorText(error) });
      }
    },

    async loadMore() {
      const state = get();
      if (state.loading) {
        console.warn(ko.common.loadingIgnored);
        return;
      }
      if (!state.hasNext) {
        console.warn(ko.common.noMoreData);
        return;
      }
      const current = generation;
      set({ loading: true, error: null });
      try {
        const page = await fetchPage({
          ...state.params,
          ...(state.nextCursor !== null ? { cursor: state.nextCursor } : {}),
          ...(state.nextIdAfter !== null ? { idAfter: state.nextIdAfter } : {}),
        });
        if (current !== generation) return;
        const known = new Set(get().data.map(idOf));
        set(pageLoaded(page, [...get().data, ...page.data.filter((item) => !known.has(idOf(item)))]));
      } catch (error) {
        if (current !== generation) return;
        set({ loading: false, error: errorText(error) });
      }
    },

    setParams(patch, { refetch = true } = {}) {
      set({ params: { ...get().params, ...patch } });
      if (refetch) void get().fetch({ force: true });
    },

    add(item) {
      const { data, params, totalCount } = get();
      if (data.some((existing) => idOf(existing) === idOf(item))) {
        console.warn(ko.common.duplicateItemIgnored);
        return;
      }
      const next = params.sortBy
        ? sortItems([...data, item], params.sortBy, params.sortDirection)
        : [item, ...data];
      set({ data: next, totalCount: totalCount + 1 });
    },

    update(item) {
      set({ data: get().data.map((existing) => (idOf(existing) === idOf(item) ? item : existing)) });
    },

    remove(id) {
      const { data, totalCount } = get();
      if (!data.some((item) => idOf(item) === id)) return;
      set({ data: data.filter((item) => idOf(item) !== id), totalCount: Math.max(0, totalCount - 1) });
    },

    reset() {
      generation++;
      set({ ...empty, loading: false, error: null, params: initialParams });
    },
  }));
}
