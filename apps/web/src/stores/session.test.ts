import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JwtDto } from '@otboo/contract';
import { queryClient } from '@/lib/query-client';
import { onSessionEnd, useSession } from '@/stores/session';

const api = vi.hoisted(() => ({
  csrf: vi.fn(async () => undefined),
  refresh: vi.fn(),
  signIn: vi.fn(),
  signOut: vi.fn(async () => undefined),
}));
vi.mock('@/features/auth/api/get-csrf-token', () => ({ getCsrfToken: api.csrf }));
vi.mock('@/features/auth/api/refresh-session', () => ({ refreshSession: api.refresh }));
vi.mock('@/features/auth/api/sign-in', () => ({ signIn: api.signIn }));
vi.mock('@/features/auth/api/sign-out', () => ({ signOut: api.signOut }));

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
