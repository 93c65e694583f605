import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JwtDto } from '@otboo/contract';
import { ApiError } from '@/lib/api-client';
import { IMAGE_CACHE } from '@/lib/image-cache';
import { queryClient } from '@/lib/query-client';
import { FIRST_SCREEN_KEY } from '@/config/first-screen';
import { PERSISTED_CACHE_KEY } from '@/lib/query-persister';
import { onSessionEnd, rememberedUser, useSession } from '@/stores/session';

const api = vi.hoisted(() => ({
  csrf: vi.fn(async () => undefined),
  refresh: vi.fn(),
  signIn: vi.fn(),
  signOut: vi.fn(async () => undefined),
}));
vi.mock('@/lib/session-api/get-csrf-token', () => ({ getCsrfToken: api.csrf }));
vi.mock('@/lib/session-api/refresh-session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/session-api/refresh-session')>()),
  refreshSession: api.refresh,
}));
vi.mock('@/lib/session-api/sign-in', () => ({ signIn: api.signIn }));
vi.mock('@/lib/session-api/sign-out', () => ({ signOut: api.signOut }));

const jwt: JwtDto = {
  accessToken: 'token',
  userDto: {
    id: 'a0000000-0000-4000-8000-000000000001',
    email: 'a@otboo.e2e',
    name: '옷부',
    role: 'USER',
    locked: false,
    createdAt: '2026-11-21T00:00:00.000Z',
    linkedOAuthProviders: [],
  },
};

/** A signed-in user with server data of theirs in the cache and client state tied to them. */
function signedInWithData() {
  useSession.getState().setSession(jwt);
  queryClient.setQueryData(['users', 'profile', { userId: jwt.userDto.id }], { name: '옷부' });
  queryClient.setQueryData(['notifications', 'list', { limit: 20 }], { pages: [], pageParams: [] });
  const reset = vi.fn();
  const stop = onSessionEnd(reset);
  return { reset, stop };
}

function expectNothingOfTheUser(reset: () => void) {
  expect(useSession.getState()).toMatchObject({ accessToken: null, user: null });
  expect(queryClient.getQueryCache().getAll()).toEqual([]);
  expect(reset).toHaveBeenCalledOnce();
}

describe('ending the session', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('sign-out leaves no cached user data, even when the server call fails', async () => {
    const { reset, stop } = signedInWithData();
    await useSession.getState().signOut();
    expectNothingOfTheUser(reset);
    expect(api.signOut).toHaveBeenCalledOnce();
    stop();

    const again = signedInWithData();
    api.signOut.mockRejectedValueOnce(new Error('offline'));
    await useSession.getState().signOut();
    expectNothingOfTheUser(again.reset);
    again.stop();
  });

  it('an expired session (the API client gives up) leaves no cached user data', () => {
    const { reset, stop } = signedInWithData();
    useSession.getState().clear();
    expectNothingOfTheUser(reset);
    stop();
  });

  it('a refresh that fails leaves no cached user data', async () => {
    const { reset, stop } = signedInWithData();
    api.refresh.mockRejectedValueOnce(new Error('401'));
    await expect(useSession.getState().refresh()).resolves.toBeNull();
    expectNothingOfTheUser(reset);
    stop();
  });

  it('a refresh that succeeds keeps the cache', async () => {
    const { reset, stop } = signedInWithData();
    api.refresh.mockResolvedValueOnce(jwt);
    await useSession.getState().refresh();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);
    expect(reset).not.toHaveBeenCalled();
    stop();
    queryClient.clear();
  });
});

describe('offline and on this device', () => {
  const caches = { delete: vi.fn(async () => true) };
  const offline = () => new ApiError('오프라인', null, null, { network: 'offline' });
  const bob: JwtDto = {
    accessToken: 'token-b',
    userDto: { ...jwt.userDto, id: 'b0000000-0000-4000-8000-000000000002', email: 'b@otboo.e2e' },
  };

  /** A reload: the page forgets the session in memory; the device keeps what it stored. */
  function reload() {
    useSession.setState({ accessToken: null, user: null });
  }

  beforeEach(() => {
    vi.clearAllMocks();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('caches', caches);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('sign-out removes the persisted cache, the kept first screen, the remembered user and the photo cache', async () => {
    const { reset, stop } = signedInWithData();
    localStorage.setItem(PERSISTED_CACHE_KEY, JSON.stringify({ buster: 'x', timestamp: 1, clientState: {} }));
    localStorage.setItem(FIRST_SCREEN_KEY, JSON.stringify({ userId: jwt.userDto.id, html: '<p>옷</p>' }));
    expect(rememberedUser()).toEqual(jwt.userDto);
    await useSession.getState().signOut();
    expectNothingOfTheUser(reset);
    expect(localStorage.getItem(PERSISTED_CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(FIRST_SCREEN_KEY)).toBeNull();
    expect(rememberedUser()).toBeNull();
    expect(caches.delete).toHaveBeenCalledWith(IMAGE_CACHE);
    stop();
  });

  it('opening offline keeps the remembered user signed in, without a token, with the cached data', async () => {
    const { reset, stop } = signedInWithData();
    reload();
    api.refresh.mockRejectedValueOnce(offline());
    await expect(useSession.getState().refresh({ throwOnError: true })).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState()).toMatchObject({ accessToken: null, user: jwt.userDto });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);
    expect(reset).not.toHaveBeenCalled();

    // Back online, the refresh goes through: the same user, now with a token and the same data.
    api.refresh.mockResolvedValueOnce(jwt);
    await useSession.getState().refresh({ throwOnError: true });
    expect(useSession.getState()).toMatchObject({ accessToken: 'token', user: jwt.userDto });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);
    stop();
  });

  it('a refused refresh (401) still ends the session, offline data and all', async () => {
    const { reset, stop } = signedInWithData();
    reload();
    api.refresh.mockRejectedValueOnce(offline());
    await useSession.getState().refresh();
    api.refresh.mockRejectedValueOnce(new ApiError('로그인이 만료되었습니다.', 401, null));
    await expect(useSession.getState().refresh()).resolves.toBeNull();
    expectNothingOfTheUser(reset);
    expect(rememberedUser()).toBeNull();
    expect(caches.delete).toHaveBeenCalledWith(IMAGE_CACHE);
    stop();
  });

  it('without a remembered user, a refresh without an answer leaves nobody signed in', async () => {
    api.refresh.mockRejectedValueOnce(offline());
    await expect(useSession.getState().refresh()).resolves.toBeNull();
    expect(useSession.getState()).toMatchObject({ accessToken: null, user: null });
  });

  it("another account signing in on this device first drops the previous one's data", async () => {
    const { reset, stop } = signedInWithData();
    reload();
    api.signIn.mockResolvedValueOnce(bob);
    await useSession.getState().signIn(bob.userDto.email, 'password1');
    expect(reset).toHaveBeenCalledOnce();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(caches.delete).toHaveBeenCalledWith(IMAGE_CACHE);
    expect(useSession.getState().user).toEqual(bob.userDto);
    expect(rememberedUser()).toEqual(bob.userDto);
    stop();
  });
});

describe('renewing the session without a round trip more than needed (issue 18)', () => {
  const setCsrfCookie = (value: string) => {
    document.cookie = `XSRF-TOKEN=${value}; path=/`;
  };

  beforeEach(() => {
    vi.clearAllMocks();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setCsrfCookie('held');
  });
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; path=/; max-age=0';
    globalThis.otbooEarlyRefresh = undefined;
    api.csrf.mockImplementation(async () => undefined);
    useSession.setState({ accessToken: null, user: null });
    queryClient.clear();
  });

  it('with a CSRF cookie held, the refresh does not wait for the CSRF token', async () => {
    api.csrf.mockImplementation(() => new Promise(() => undefined));
    api.refresh.mockResolvedValueOnce(jwt);
    await expect(useSession.getState().refresh()).resolves.toEqual(jwt);
    expect(useSession.getState().accessToken).toBe(jwt.accessToken);
  });

  it('a held CSRF token the server refuses is fetched anew and the refresh sent once more', async () => {
    api.refresh
      .mockRejectedValueOnce(new ApiError('거부', 403, { exceptionName: 'CsrfTokenException' }))
      .mockResolvedValueOnce(jwt);
    await expect(useSession.getState().refresh()).resolves.toEqual(jwt);
    expect(api.csrf).toHaveBeenCalledOnce();
    expect(api.refresh).toHaveBeenCalledTimes(2);
  });

  it("index.html's early refresh is taken once instead of sending another", async () => {
    globalThis.otbooEarlyRefresh = Promise.resolve(Response.json(jwt));
    await expect(useSession.getState().refresh()).resolves.toEqual(jwt);
    expect(api.refresh).not.toHaveBeenCalled();
    expect(globalThis.otbooEarlyRefresh).toBeNull();

    api.refresh.mockResolvedValueOnce(jwt);
    await useSession.getState().refresh();
    expect(api.refresh).toHaveBeenCalledOnce();
  });

  it('a refused early refresh ends the session like any refused refresh', async () => {
    const refused = { message: '로그인이 만료되었습니다.', exceptionName: 'UnauthorizedException' };
    globalThis.otbooEarlyRefresh = Promise.resolve(Response.json(refused, { status: 401 }));
    const { reset, stop } = signedInWithData();
    useSession.setState({ accessToken: null });
    await expect(useSession.getState().refresh({ throwOnError: true })).rejects.toMatchObject({
      status: 401,
      message: refused.message,
    });
    expectNothingOfTheUser(reset);
    stop();
  });

  it('an early refresh that got no answer is an offline failure, which keeps the remembered user', async () => {
    globalThis.otbooEarlyRefresh = Promise.reject(new TypeError('Failed to fetch'));
    const { stop } = signedInWithData();
    useSession.setState({ accessToken: null });
    await expect(useSession.getState().refresh()).resolves.toBeNull();
    expect(useSession.getState().user).toEqual(jwt.userDto);
    stop();
  });
});
