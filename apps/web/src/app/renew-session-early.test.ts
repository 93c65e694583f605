import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JwtDto } from '@otboo/contract';
import { renewSessionEarly, takeEarlyRenewal } from '@/app/renew-session-early';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/stores/session';

const getProfile = vi.hoisted(() => vi.fn(async (userId: string) => ({ userId, name: '옷부' })));
vi.mock('@/features/users/api/get-profile', () => ({ getProfile }));

const jwt = {
  accessToken: 'token',
  userDto: { id: 'a0000000-0000-4000-8000-000000000001' },
} as JwtDto;

function stubRefresh(result: Promise<JwtDto | null>) {
  const refresh = vi.fn(() => result);
  useSession.setState({ refresh });
  return refresh;
}

describe('renewing the session as the app starts (issue 18)', () => {
  const original = useSession.getState().refresh;
  afterEach(() => {
    useSession.setState({ refresh: original });
    takeEarlyRenewal();
    queryClient.clear();
    vi.clearAllMocks();
  });

  it.each(['#/auth/login', '#/auth/register?x=1', '#/auth', '#/404'])('does nothing on %s', (hash) => {
    const refresh = stubRefresh(Promise.resolve(jwt));
    renewSessionEarly(hash);
    expect(refresh).not.toHaveBeenCalled();
    expect(takeEarlyRenewal()).toBeNull();
  });

  it.each(['', '#/', '#/recommendations', '#/authors', '#/closet'])(
    'on %s renews, hands the guard that renewal once, and asks for the profile',
    async (hash) => {
      const pending = Promise.resolve(jwt);
      const refresh = stubRefresh(pending);
      renewSessionEarly(hash);
      expect(refresh).toHaveBeenCalledWith({ throwOnError: true });
      expect(takeEarlyRenewal()).toBe(pending);
      expect(takeEarlyRenewal()).toBeNull();
      await vi.waitFor(() =>
        expect(queryClient.getQueryData(queryKeys.users.profile(jwt.userDto.id))).toEqual({
          userId: jwt.userDto.id,
          name: '옷부',
        }),
      );
    },
  );

  it('a refused renewal is left for the guard to take, not reported as unhandled', async () => {
    const refused = Promise.reject(new Error('401'));
    stubRefresh(refused);
    renewSessionEarly('#/recommendations');
    await expect(takeEarlyRenewal()).rejects.toThrow('401');
    expect(getProfile).not.toHaveBeenCalled();
  });
});
