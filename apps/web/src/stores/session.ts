import { create } from 'zustand';
import type { JwtDto, UserDto } from '@otboo/contract';
import { getCsrfToken } from '@/features/auth/api/get-csrf-token';
import { refreshSession } from '@/features/auth/api/refresh-session';
import { signIn as signInRequest } from '@/features/auth/api/sign-in';
import { signOut as signOutRequest } from '@/features/auth/api/sign-out';
import { queryClient } from '@/lib/query-client';

interface SessionState {
  accessToken: string | null;
  user: UserDto | null;
  /** Signs in by e-mail and password and keeps the session. */
  signIn(username: string, password: string): Promise<JwtDto>;
  /** Revokes the refresh cookie, forgets the session and fetches a fresh CSRF token. */
  signOut(): Promise<void>;
  /**
   * Renews the session from the refresh cookie. With `throwOnError` a failure rejects (the route guard
   * redirects on it); otherwise it resolves to null. Either way a failure clears the session.
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

// One refresh at a time: the server rotates the refresh cookie, so two parallel refreshes would race.
let refreshing: Promise<JwtDto> | null = null;

export const useSession = create<SessionState>()((set) => ({
  accessToken: null,
  user: null,

  async signIn(username, password) {
    await csrfToken();
    const jwt = await signInRequest(username, password);
    set({ accessToken: jwt.accessToken, user: jwt.userDto });
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
    refreshing ??= csrfToken()
      .then(refreshSession)
      .finally(() => {
        refreshing = null;
      });
    try {
      const jwt = await refreshing;
      set({ accessToken: jwt.accessToken, user: jwt.userDto });
      return jwt;
    } catch (error) {
      endSession();
      if (options.throwOnError) throw error;
      return null;
    }
  },

  setSession(jwt) {
    set({ accessToken: jwt.accessToken, user: jwt.userDto });
  },

  setUser(user) {
    set({ user });
  },

  clear() {
    endSession();
  },
}));

/**
 * The one place a session ends (sign-out, a failed refresh, expiry): the session, every cached server
 * read and the user's client state go together, so nothing of this user shows for the next one.
 */
function endSession(): void {
  useSession.setState({ accessToken: null, user: null });
  queryClient.clear();
  for (const reset of sessionEndListeners) reset();
}

/** Authenticated means an access token exists (spec §3). */
export const selectAuthenticated = (state: SessionState): boolean => state.accessToken !== null;
