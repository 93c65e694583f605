import { hydrate, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientSubscribe,
  removeOldestQuery,
  type PersistedClient,
  type Persister,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { localStorageOrNull } from '@/lib/local-storage';
import { QUERY_CACHE_TIME } from '@/lib/query-client';

/** The localStorage key of the persisted query cache. */
export const PERSISTED_CACHE_KEY = 'otboo.query-cache';

/** A persisted cache older than this is dropped on restore (TanStack's default, and the query client's gcTime). */
export const PERSISTED_CACHE_MAX_AGE = QUERY_CACHE_TIME;

/** Writes wait this long, so that a burst of answers (a page opening) is saved once. */
const WRITE_DELAY_MS = 1000;

/**
 * The persisted cache's buster: this build and the user it belongs to. A cache from another build (whose answers
 * may have another shape) or of another user is dropped on restore instead of shown.
 */
export function cacheBuster(userId: string | null): string {
  return `${__APP_BUILD__}:${userId ?? ''}`;
}

/**
 * The part of a query the choice reads. Structural, because the persist package brings its own copy of
 * TanStack's core, whose Query class is another type than the app's.
 */
interface PersistableQuery {
  queryKey: readonly unknown[];
  meta?: Record<string, unknown>;
  state: { status: 'pending' | 'error' | 'success' };
}

/**
 * What is kept across a reload: successful answers only (never an error or a half-loaded query), never anything
 * under `auth` (sessions and tokens are not data to show offline), and no query whose `meta.persist` is false.
 */
export function shouldPersistQuery(query: PersistableQuery): boolean {
  return query.state.status === 'success' && query.queryKey[0] !== 'auth' && query.meta?.persist !== false;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface QueryPersisterOptions {
  storage: Storage | null;
  /** The signed-in user's id, or null: nothing is written without one. */
  owner(): string | null;
  key?: string;
  writeDelayMs?: number;
}

export interface QueryPersister extends Persister {
  /** The saved copy, read at once (restoreClient's answer without the promise). */
  read(): PersistedClient | undefined;
  /** Writes a pending save now (the page is being hidden or closed). */
  flush(): void;
}

/**
 * A query-cache persister on localStorage (synchronous, so the restored home shows in the first frames).
 * Unlike TanStack's sync-storage persister, a save is stamped with the buster of the user signed in when it is
 * written, not when the provider started (PersistQueryClientProvider reads its options once, and one page may
 * see a sign-out and another user's sign-in), it is skipped while nobody is signed in, and `removeClient` also
 * drops a save still waiting, so a sign-out is never followed by the previous user's data being written back.
 */
export function createQueryPersister({
  storage,
  owner,
  key = PERSISTED_CACHE_KEY,
  writeDelayMs = WRITE_DELAY_MS,
}: QueryPersisterOptions): QueryPersister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function write() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const next = pending;
    pending = null;
    const userId = owner();
    if (!storage || !next || !userId) return;
    let client: PersistedClient | undefined = { ...next, buster: cacheBuster(userId) };
    let errorCount = 0;
    while (client) {
      try {
        storage.setItem(key, JSON.stringify(client));
        return;
      } catch (error) {
        // Storage full: the oldest answers go first, until the rest fits or nothing is left.
        errorCount += 1;
        client = removeOldestQuery({ persistedClient: client, error: error as Error, errorCount });
      }
    }
    storage.removeItem(key);
  }

  function read(): PersistedClient | undefined {
    const stored = storage?.getItem(key);
    if (!stored) return undefined;
    try {
      return JSON.parse(stored) as PersistedClient;
    } catch {
      return undefined;
    }
  }

  return {
    persistClient(client) {
      if (!owner()) return;
      pending = client;
      timer ??= setTimeout(write, writeDelayMs);
    },
    restoreClient: read,
    read,
    removeClient() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = null;
      storage?.removeItem(key);
    },
    flush() {
      if (pending) write();
    },
  };
}

let cacheOwner: () => string | null = () => null;

/** Tells the persister whose data the cache holds; called once at start-up (app/provider.tsx). */
export function bindCacheOwner(owner: () => string | null): void {
  cacheOwner = owner;
}

/** The app's one persister; the session store removes its copy when a session ends (stores/session.ts). */
export const queryPersister = createQueryPersister({
  storage: localStorageOrNull(),
  owner: () => cacheOwner(),
});

/**
 * The persisting options for `userId` (the remembered user): a copy younger than a day is restored, successful
 * answers are saved as they change. Mutations are never saved: a write is never replayed later (the API client
 * refuses writes offline).
 */
export function persistOptions(userId: string | null): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: queryPersister,
    maxAge: PERSISTED_CACHE_MAX_AGE,
    buster: cacheBuster(userId),
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
  };
}

/** When the saved copy was put back into the query cache; null when nothing was. */
let restoredAt: number | null = null;

/**
 * Puts back the copy the last session on this device saved for `userId` (the remembered user), synchronously and
 * before the first render, so that a returning user's screen shows what it showed last time at once instead of
 * after its requests (issue 23), and offline is what the app shows (docs/product.md "Offline"). A copy of another
 * build or user, or older than a day, is dropped instead. Then every successful answer is saved as it changes.
 * Mutations are never saved: a write is never replayed later (the API client refuses writes offline).
 */
export function restoreAndPersist(
  queryClient: QueryClient,
  userId: string | null,
  persister: QueryPersister = queryPersister,
): () => void {
  const saved = persister.read();
  if (saved?.buster === cacheBuster(userId) && saved.timestamp >= Date.now() - PERSISTED_CACHE_MAX_AGE) {
    hydrate(queryClient, saved.clientState);
    restoredAt = Date.now();
  } else if (saved) {
    void persister.removeClient();
  }
  return persistQueryClientSubscribe({
    ...persistOptions(userId),
    persister,
    // The persist package brings its own copy of TanStack's core, whose QueryClient is another type.
    queryClient: queryClient as unknown as Parameters<typeof persistQueryClientSubscribe>[0]['queryClient'],
  });
}

/**
 * Whether an answer is the one kept from an earlier visit (restored at start and not asked again since): the
 * screen marks it as the last one received ('마지막으로 받은 추천') until the fresh one replaces it.
 */
export function isFromLastVisit(dataUpdatedAt: number): boolean {
  return restoredAt !== null && dataUpdatedAt > 0 && dataUpdatedAt < restoredAt;
}
