import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JwtDto } from '@otboo/contract';
import { renewSessionEarly, takeEarlyRenewal } from '@/app/renew-session-early';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/stores/session';
import { testUser } from '@/testing/users';

const getProfile = vi.hoisted(() => vi.fn(async (userId: string) => ({ userId, name: '옷부' })));
vi.mock('@/features/users/api/get-profile', () => ({ getProfile }));
const getWeathers = vi.hoisted(() => vi.fn());
vi.mock('@/features/weather/api/get-weathers', () => ({ getWeathers }));
const getRecommendation = vi.hoisted(() => vi.fn());
vi.mock('@/features/recommendations/api/get-recommendation', () => ({ getRecommendation }));

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
    useSession.setState({ refresh: original, user: null });
    takeEarlyRenewal();
    queryClient.clear();
    localStorage.clear();
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

  it("shows the remembered user at once and asks for the home's profile, days and outfit together (issue 23)", async () => {
    const user = testUser();
    localStorage.setItem('otboo.session-user', JSON.stringify(user));
    const seoul = { longitude: 126.978, latitude: 37.5665 };
    // What the phone kept from an earlier visit: the profile with its place, that place's days.
    queryClient.setQueryData(
      queryKeys.users.profile(user.id),
      { userId: user.id, location: seoul },
      { updatedAt: Date.now() - 60_000 },
    );
    queryClient.setQueryData(
      queryKeys.weather.forecast(seoul),
      [{ id: 'kept-today', forecastAt: new Date().toISOString() }],
      { updatedAt: Date.now() - 60_000 },
    );
    // The renewal and every answer wait: nothing is asked only after another has come back.
    stubRefresh(new Promise(() => undefined));
    getProfile.mockReturnValue(new Promise(() => undefined));
    getWeathers.mockReturnValue(new Promise(() => undefined));
    getRecommendation.mockReturnValue(new Promise(() => undefined));

    renewSessionEarly('#/recommendations');
    expect(useSession.getState().user).toEqual(user);
    await vi.waitFor(() => expect(getRecommendation).toHaveBeenCalledWith('kept-today', { current: true }));
    expect(getProfile).toHaveBeenCalledWith(user.id);
    expect(getWeathers).toHaveBeenCalledWith(seoul);
  });

  it("asks for the fresh day's outfit as soon as the days arrive", async () => {
    const user = testUser();
    localStorage.setItem('otboo.session-user', JSON.stringify(user));
    const seoul = { longitude: 126.978, latitude: 37.5665 };
    queryClient.setQueryData(queryKeys.users.profile(user.id), { userId: user.id, location: seoul });
    stubRefresh(new Promise(() => undefined));
    getProfile.mockReturnValue(new Promise(() => undefined));
    getWeathers.mockResolvedValue([{ id: 'fresh-today', forecastAt: new Date().toISOString() }]);
    getRecommendation.mockReturnValue(new Promise(() => undefined));

    renewSessionEarly('#/recommendations');
    await vi.waitFor(() => expect(getRecommendation).toHaveBeenCalledWith('fresh-today', { current: true }));
  });
});
