import { create } from 'zustand';
import { CSRF_COOKIE, UserDto, type JwtDto } from '@otboo/contract';
import { takeEarlyRefresh } from '@/lib/session-api/early-refresh';
import { getCsrfToken } from '@/lib/session-api/get-csrf-token';
import { earlyRefreshAnswer, refreshSession } from '@/lib/session-api/refresh-session';
import { signIn as signInRequest } from '@/lib/session-api/sign-in';
import { signOut as signOutRequest } from '@/lib/session-api/sign-out';
import { REMEMBERED_USER_KEY } from '@/config/first-screen';
import { ApiError, isNetworkError } from '@/lib/api-client';
import { dropFirstScreen } from '@/lib/first-screen';
import { deleteImageCache } from '@/lib/image-cache';
import { queryClient } from '@/lib/query-client';
import { queryPersister } from '@/lib/query-persister';

interface SessionState {
  accessToken: string | null;
  /**
   * The signed-in user. Set while `accessToken` is null when the session could not be renewed for want of a
   * network: the remembered user stays signed in offline with the last data (docs/product.md "Offline").
   */
  user: UserDto | null;
  /**
   * The last renewal got no answer (offline): `user` is the remembered one and has no token. False while a
   * renewal is on its way, when the remembered user already shows with the data kept on the phone.
   */
  offline: boolean;
  /** Signs in by e-mail and password and keeps the session. */
  signIn(username: string, password: string): Promise<JwtDto>;
  /** Revokes the refresh cookie, forgets the session and fetches a fresh CSRF token. */
  signOut(): Promise<void>;
  /**
   * Renews the session from the refresh cookie. With `throwOnError` a failure rejects (the route guard
   * redirects on it unless a user is still signed in); otherwise it resolves to null. A refused refresh clears
   * the session; one that got no answer (offline) keeps the remembered user signed in, without a token.
   */
  refresh(options?: { throwOnError?: boolean }): Promise<JwtDto | null>;
  setSession(jwt: JwtDto): void;
  /** Replaces the signed-in user after the server returned a newer copy. */
  setUser(user: UserDto): void;
  /** Ends the session (it expired): forgets it like a sign-out does, without the server call. */
  clear(): void;
}

const sessionEndListeners = new Set<() => void>();

/**
 * Runs `reset` each time a session ends, by sign-out or expiry: client state that belongs to the user
 * (the unread count, an open conversation) registers here. Returns the unregistering function.
 */
export function onSessionEnd(reset: () => void): () => void {
  sessionEndListeners.add(reset);
  return () => sessionEndListeners.delete(reset);
}

/**
 * The user of this device's current session, kept across reloads so that the app opens offline as them (the
 * refresh cookie that proves the session cannot be read by the page). Null when nobody is signed in.
 */
export function rememberedUser(): UserDto | null {
  try {
    const stored = localStorage.getItem(REMEMBERED_USER_KEY);
    if (!stored) return null;
    const parsed = UserDto.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function remember(user: UserDto | null): void {
  try {
    if (user) localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(REMEMBERED_USER_KEY);
  } catch (error) {
    // Without storage the app still works online; it only cannot open offline.
    console.warn(error);
  }
}

let csrfReady: Promise<void> | null = null;

/** GET /api/auth/csrf-token; at start-up and after sign-out (API.md §3). Failures are retried on next use. */
export function loadCsrfToken(): Promise<void> {
  const pending = getCsrfToken().catch(() => {
    csrfReady = null;
  });
  csrfReady = pending;
  return pending;
}

/** Mutating requests need the CSRF cookie; the first one waits for it. */
function csrfToken(): Promise<void> {
  return csrfReady ?? loadCsrfToken();
}

/** Whether the browser holds a CSRF cookie already: the server sets one at start-up and with every session change. */
function hasCsrfCookie(): boolean {
  return document.cookie.split('; ').some((cookie) => cookie.startsWith(`${CSRF_COOKIE}=`));
}

/**
 * POST /api/auth/refresh without waiting for a CSRF token the browser already holds: the first one is the refresh
 * index.html sent before the app ran (lib/session-api/early-refresh.ts), the others go out beside the start-up GET
 * /api/auth/csrf-token instead of one round trip after it (issue 18's first paint). That GET never replaces a token
 * that is valid for the refresh cookie; a held token that is not (403 CsrfTokenException) is fetched anew and the
 * refresh sent once more.
 */
async function refreshWithCsrf(): Promise<JwtDto> {
  const early = takeEarlyRefresh();
  if (!early && !hasCsrfCookie()) {
    await csrfToken();
    return refreshSession();
  }
  try {
    return await (early ? earlyRefreshAnswer(early) : refreshSession());
  } catch (error) {
    if (!(error instanceof ApiError) || error.exceptionName !== 'CsrfTokenException') throw error;
    await loadCsrfToken();
    return refreshSession();
  }
}

// One refresh at a time: the server rotates the refresh cookie, so two parallel refreshes would race.
let refreshing: Promise<JwtDto> | null = null;

export const useSession = create<SessionState>()((set) => ({
  accessToken: null,
  user: null,
  offline: false,

  async signIn(username, password) {
    await csrfToken();
    const jwt = await signInRequest(username, password);
    startSession(jwt);
    return jwt;
  },

  async signOut() {
    try {
      await csrfToken();
      await signOutRequest();
    } catch (error) {
      // Forgetting the session locally matters more than the server call; the cookie expires anyway.
      console.warn(error);
    } finally {
      endSession();
      await loadCsrfToken();
    }
  },

  async refresh(options = {}) {
    refreshing ??= refreshWithCsrf().finally(() => {
      refreshing = null;
    });
    try {
      const jwt = await refreshing;
      startSession(jwt);
      return jwt;
    } catch (error) {
      // Only an answer (401: the cookie is gone, expired or revoked) ends the session, never a dead network.
      const user = useSession.getState().user ?? rememberedUser();
      if (isNetworkError(error) && user) set({ user, offline: true });
      else endSession();
      if (options.throwOnError) throw error;
      return null;
    }
  },

  setSession(jwt) {
    startSession(jwt);
  },

  setUser(user) {
    remember(user);
    set({ user });
  },

  clear() {
    endSession();
  },
}));

/** The session renewal on its way, if any: a request without a token waits for it (lib/api-client.ts). */
export function pendingRenewal(): Promise<unknown> | null {
  return refreshing;
}

/** Keeps a new session; another account than the last one first ends the last one's (its data, its photos). */
function startSession(jwt: JwtDto): void {
  const previous = useSession.getState().user ?? rememberedUser();
  if (previous && previous.id !== jwt.userDto.id) endSession();
  remember(jwt.userDto);
  useSession.setState({ accessToken: jwt.accessToken, user: jwt.userDto, offline: false });
}

/**
 * The one place a session ends (sign-out, a failed refresh, expiry, another account): the session, every
 * cached server read, its copy kept for offline use, the photos the worker kept and the user's client state go
 * together, so nothing of this user shows for the next one, online or offline.
 */
function endSession(): void {
  useSession.setState({ accessToken: null, user: null, offline: false });
  remember(null);
  queryClient.clear();
  queryPersister.removeClient();
  dropFirstScreen();
  void deleteImageCache();
  for (const reset of sessionEndListeners) reset();
}

/** Authenticated means an access token exists (spec §3). */
export const selectAuthenticated = (state: SessionState): boolean => state.accessToken !== null;
