import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore as restoreClient,
  persistQueryClientSave as saveClient,
  type PersistedClient,
} from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import {
  PERSISTED_CACHE_KEY,
  PERSISTED_CACHE_MAX_AGE,
  cacheBuster,
  createQueryPersister,
  isFromLastVisit,
  persistOptions,
  restoreAndPersist,
  shouldPersistQuery,
} from '@/lib/query-persister';

const ALICE = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';

/** A client with answers of each kind: a profile, a forecast, a failed list, something under auth. */
async function clientWithAnswers() {
  const client = createQueryClient();
  client.setQueryData(['users', 'profile', { userId: ALICE }], { name: '옷부' });
  client.setQueryData(['weather', 'list', { longitude: 126.978, latitude: 37.5665 }], [{ id: 'w1' }]);
  client.setQueryData(['auth', 'session'], { accessToken: 'secret' });
  await client
    .fetchQuery({ queryKey: ['feeds', 'list', {}], queryFn: () => Promise.reject(new Error('offline')) })
    .catch(() => undefined);
  return client;
}

// The persist package brings its own copy of TanStack's core (another version than the app's), whose QueryClient
// is another type; the provider passes the app's client to it the same way (app/provider.tsx).
type PersistClient = Parameters<typeof saveClient>[0]['queryClient'];
const persistQueryClientSave = (
  options: Omit<Parameters<typeof saveClient>[0], 'queryClient'> & { queryClient: QueryClient },
) => saveClient({ ...options, queryClient: options.queryClient as unknown as PersistClient });
const persistQueryClientRestore = (
  options: Omit<Parameters<typeof restoreClient>[0], 'queryClient'> & { queryClient: QueryClient },
) => restoreClient({ ...options, queryClient: options.queryClient as unknown as PersistClient });

function stored(): PersistedClient | null {
  const text = localStorage.getItem(PERSISTED_CACHE_KEY);
  return text ? (JSON.parse(text) as PersistedClient) : null;
}

describe('the persisted query cache', () => {
  let owner: string | null;
  const persister = () => createQueryPersister({ storage: localStorage, owner: () => owner });

  beforeEach(() => {
    localStorage.clear();
    owner = ALICE;
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is busted by another build or another user', () => {
    expect(cacheBuster(ALICE)).toBe(`${__APP_BUILD__}:${ALICE}`);
    expect(cacheBuster(ALICE)).not.toBe(cacheBuster(BOB));
    expect(cacheBuster(null)).toBe(`${__APP_BUILD__}:`);
    const options = persistOptions(ALICE);
    expect(options.buster).toBe(cacheBuster(ALICE));
    expect(options.maxAge).toBe(24 * 60 * 60 * 1000);
    expect(PERSISTED_CACHE_MAX_AGE).toBeLessThanOrEqual(
      createQueryClient().getDefaultOptions().queries?.gcTime ?? 0,
    );
  });

  it('keeps successful answers only, nothing under auth and no mutation', async () => {
    const client = await clientWithAnswers();
    const p = persister();
    await persistQueryClientSave({ ...persistOptions(ALICE), queryClient: client, persister: p });
    vi.advanceTimersByTime(1000);
    const saved = stored();
    expect(saved?.buster).toBe(cacheBuster(ALICE));
    expect(saved?.clientState.queries.map((q) => q.queryKey[0]).sort()).toEqual(['users', 'weather']);
    expect(saved?.clientState.mutations).toEqual([]);
    expect(
      shouldPersistQuery({ queryKey: ['users'], meta: { persist: false }, state: { status: 'success' } }),
    ).toBe(false);
  });

  it('writes once per burst, under the buster of the user signed in when it writes', async () => {
    const client = await clientWithAnswers();
    const p = persister();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    // The provider started before anyone signed in: its buster names nobody.
    for (let i = 0; i < 5; i += 1) {
      await persistQueryClientSave({ ...persistOptions(null), queryClient: client, persister: p });
    }
    expect(setItem).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(setItem).toHaveBeenCalledOnce();
    expect(stored()?.buster).toBe(cacheBuster(ALICE));
    setItem.mockRestore();
  });

  it('writes nothing while nobody is signed in', async () => {
    owner = null;
    const p = persister();
    await persistQueryClientSave({
      ...persistOptions(ALICE),
      queryClient: await clientWithAnswers(),
      persister: p,
    });
    vi.advanceTimersByTime(1000);
    expect(stored()).toBeNull();
  });

  it('removing it also drops a write still waiting (a sign-out is never followed by the old data)', async () => {
    const p = persister();
    await persistQueryClientSave({
      ...persistOptions(ALICE),
      queryClient: await clientWithAnswers(),
      persister: p,
    });
    p.flush();
    expect(stored()).not.toBeNull();
    await persistQueryClientSave({
      ...persistOptions(ALICE),
      queryClient: await clientWithAnswers(),
      persister: p,
    });
    await p.removeClient();
    vi.advanceTimersByTime(5000);
    expect(stored()).toBeNull();
  });

  it('is restored for its user only, and dropped for another', async () => {
    const p = persister();
    await persistQueryClientSave({
      ...persistOptions(ALICE),
      queryClient: await clientWithAnswers(),
      persister: p,
    });
    p.flush();

    const alice = createQueryClient();
    await persistQueryClientRestore({ ...persistOptions(ALICE), queryClient: alice, persister: p });
    expect(alice.getQueryData(['users', 'profile', { userId: ALICE }])).toEqual({ name: '옷부' });

    const bob = createQueryClient();
    await persistQueryClientRestore({ ...persistOptions(BOB), queryClient: bob, persister: p });
    expect(bob.getQueryCache().getAll()).toEqual([]);
    expect(stored()).toBeNull();
  });

  it('is dropped after a day', async () => {
    const p = persister();
    await persistQueryClientSave({
      ...persistOptions(ALICE),
      queryClient: await clientWithAnswers(),
      persister: p,
    });
    p.flush();
    vi.setSystemTime(Date.now() + PERSISTED_CACHE_MAX_AGE + 1);
    const client = createQueryClient();
    await persistQueryClientRestore({ ...persistOptions(ALICE), queryClient: client, persister: p });
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('when storage is full, drops the oldest answers until the rest fits', async () => {
    const client = await clientWithAnswers();
    const p = persister();
    const real = Storage.prototype.setItem;
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (value.includes('"users"')) throw new DOMException('full', 'QuotaExceededError');
      real.call(this, key, value);
    });
    // The forecast is newer than the profile: the profile goes first.
    vi.setSystemTime(Date.now() + 60_000);
    client.setQueryData(['weather', 'list', { longitude: 126.978, latitude: 37.5665 }], [{ id: 'w2' }]);
    await persistQueryClientSave({ ...persistOptions(ALICE), queryClient: client, persister: p });
    p.flush();
    expect(stored()?.clientState.queries.map((q) => q.queryKey[0])).toEqual(['weather']);
    setItem.mockRestore();
  });

  it('is put back at start synchronously, for its user only, and what it put back is told from fresh answers', async () => {
    const p = persister();
    await persistQueryClientSave({
      ...persistOptions(ALICE),
      queryClient: await clientWithAnswers(),
      persister: p,
    });
    p.flush();
    vi.setSystemTime(Date.now() + 60_000);

    // Another account (or nobody) remembered on this phone: Alice's answers are dropped, not shown.
    const bob = createQueryClient();
    restoreAndPersist(bob, BOB, p)();
    expect(bob.getQueryCache().getAll()).toEqual([]);
    expect(stored()).toBeNull();

    await persistQueryClientSave({
      ...persistOptions(ALICE),
      queryClient: await clientWithAnswers(),
      persister: p,
    });
    p.flush();
    vi.setSystemTime(Date.now() + 60_000);
    const alice = createQueryClient();
    const stop = restoreAndPersist(alice, ALICE, p);
    // No await: the first render has it.
    const profileKey = ['users', 'profile', { userId: ALICE }];
    expect(alice.getQueryData(profileKey)).toEqual({ name: '옷부' });
    expect(isFromLastVisit(alice.getQueryState(profileKey)!.dataUpdatedAt)).toBe(true);
    vi.setSystemTime(Date.now() + 1);
    alice.setQueryData(profileKey, { name: '새 이름' });
    expect(isFromLastVisit(alice.getQueryState(profileKey)!.dataUpdatedAt)).toBe(false);
    // And from then on its answers are saved.
    vi.advanceTimersByTime(5000);
    expect(JSON.stringify(stored())).toContain('새 이름');
    stop();
  });
});
