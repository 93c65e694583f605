import { onlineManager, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { queryWrapper } from '@/testing/query';

describe('the query defaults offline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
  });

  /** The browser goes offline: navigator.onLine and the 'offline' event TanStack Query listens to. */
  function goOffline() {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
  }

  function mount(client = createQueryClient(), queryFn = vi.fn(async () => 'new')) {
    const { wrapper } = queryWrapper(client);
    const hook = renderHook(() => useQuery({ queryKey: ['weather', 'list', null], queryFn }), { wrapper });
    return { ...hook, queryFn };
  }

  it('a screen with a kept answer shows it and does not ask again (it would only fail)', async () => {
    goOffline();
    const client = createQueryClient();
    client.setQueryData(['weather', 'list', null], 'kept');
    const { result, queryFn } = mount(client);
    expect(result.current.data).toBe('kept');
    expect(result.current.isFetching).toBe(false);
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('nor when its key moves to an answer held (a place known only after the profile)', async () => {
    goOffline();
    const client = createQueryClient();
    client.setQueryData(['weather', 'list', { place: 1 }], 'kept');
    const queryFn = vi.fn(async () => 'new');
    const { wrapper } = queryWrapper(client);
    const { result, rerender } = renderHook(
      ({ place }: { place: number | null }) =>
        useQuery({ queryKey: ['weather', 'list', { place }], queryFn, enabled: place !== null }),
      { wrapper, initialProps: { place: null as number | null } },
    );
    rerender({ place: 1 });
    expect(result.current.data).toBe('kept');
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('a screen without one asks, and fails at once instead of waiting paused for the network', async () => {
    goOffline();
    const { result } = mount(
      createQueryClient(),
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.fetchStatus).toBe('idle');
  });

  it('online, a kept answer is refreshed as before', async () => {
    const client = createQueryClient();
    client.setQueryData(['weather', 'list', null], 'kept');
    const { result, queryFn } = mount(client);
    await waitFor(() => expect(result.current.data).toBe('new'));
    expect(queryFn).toHaveBeenCalledOnce();
  });
});
