import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProfile } from '@/features/users/hooks/use-profile';
import { queryKeys } from '@/lib/query-keys';
import { queryWrapper } from '@/testing/query';

const getProfile = vi.hoisted(() => vi.fn(async (userId: string) => ({ userId, name: '옷부' })));
vi.mock('@/features/users/api/get-profile', () => ({ getProfile }));

const USER_ID = 'a0000000-0000-4000-8000-000000000001';

describe('useProfile', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('takes a profile asked a moment ago (the start-up prefetch) without asking again, and asks on a later visit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { client, wrapper } = queryWrapper();
    await client.prefetchQuery({
      queryKey: queryKeys.users.profile(USER_ID),
      queryFn: () => getProfile(USER_ID),
    });
    expect(getProfile).toHaveBeenCalledTimes(1);

    const first = renderHook(() => useProfile(USER_ID), { wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual({ userId: USER_ID, name: '옷부' }));
    first.unmount();
    expect(getProfile).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + 6_000);
    const later = renderHook(() => useProfile(USER_ID), { wrapper });
    await waitFor(() => expect(getProfile).toHaveBeenCalledTimes(2));
    later.unmount();
  });
});
