import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosInstance,
  type AxiosRequestConfig,
  type CreateAxiosDefaults,
} from 'axios';
import { CSRF_COOKIE, CSRF_HEADER, ko } from '@otboo/contract';
import { isOffline } from '@/lib/network';

/** An API failure with the server's Korean `message` (API.md §1) and the raw response data attached. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly data: unknown;
  readonly exceptionName: string | null;
  /**
   * Why no answer came, if none did: 'offline' (no network, or the connection is dead; the message says so) or
   * 'timeout' (the server may have got the request). Such a failure says nothing about the request itself, so a
   * session is not ended on it (stores/session.ts) and the screens keep what was typed for another try.
   */
  readonly network: 'offline' | 'timeout' | null;

  constructor(
    message: string,
    status: number | null,
    data: unknown,
    options: { network?: 'offline' | 'timeout' } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    const name = isRecord(data) && typeof data.exceptionName === 'string' ? data.exceptionName : null;
    this.exceptionName = name;
    this.network = options.network ?? null;
  }
}

/** Whether `error` is a request that got no answer (see ApiError.network). */
export function isNetworkError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.network !== null;
}

/** Whether `error` is a request that failed for want of a network; its message is one of `ko.offline`'s. */
export function isOfflineError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.network === 'offline';
}

const READ_METHODS = new Set(['get', 'head', 'options']);

function isWrite(method: string | undefined): boolean {
  return !READ_METHODS.has((method ?? 'get').toLowerCase());
}

/**
 * What a request that found no network says: a read could not load; a write was not saved (the screens keep
 * what was typed, so it can be sent again); a sign-in or refresh could not reach the server.
 */
function offlineText(config: AxiosRequestConfig | undefined): string {
  if (!isWrite(config?.method)) return ko.offline.readFailed;
  return isAuthPath(config?.url) ? ko.offline.authFailed : ko.offline.writeFailed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Turns any axios failure into an ApiError whose message is the server's, else the generic text of spec §8. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    if (!error.response && error.code !== AxiosError.ERR_CANCELED) {
      // A timeout on a live connection may still have reached the server: only a dead one says "offline".
      if (error.code === AxiosError.ERR_NETWORK || isOffline()) {
        return new ApiError(offlineText(error.config), null, null, { network: 'offline' });
      }
      return new ApiError(ko.common.apiFailed, null, null, { network: 'timeout' });
    }
    return answerError(error.response?.status ?? null, error.response?.data);
  }
  return new ApiError(ko.common.apiFailed, null, error ?? null);
}

/** The ApiError of a failed answer: the server's message (API.md §1), else the generic text of spec §8. */
export function answerError(status: number | null, data: unknown): ApiError {
  const message =
    isRecord(data) && typeof data.message === 'string' && data.message ? data.message : ko.common.apiFailed;
  return new ApiError(message, status, data ?? null);
}

/** What the client needs from the session, injected so that the client never imports app state. */
export interface SessionBridge {
  getAccessToken(): string | null;
  /** Gets a new access token (POST /api/auth/refresh); rejects when the session cannot be renewed. */
  refresh(): Promise<string>;
  /**
   * The session renewal already on its way, if any. A request about to go out without a token waits for it
   * instead of going out to be refused (a 401, then the retry: a round trip more for each request of a screen
   * shown before its session is renewed, as the returning user's home is).
   */
  pendingRenewal?(): Promise<unknown> | null;
  /** The refresh failed: forget the session and send the user to the login page. */
  onSessionExpired(): void;
}

interface RetriableConfig extends AxiosRequestConfig {
  _retried?: boolean;
  /** The access token this request was sent with. */
  _token?: string | null;
}

/** Auth endpoints answer 401 for bad credentials or a dead refresh cookie; refreshing would not help there. */
function isAuthPath(url: string | undefined): boolean {
  return (url ?? '').includes('/auth/');
}

/**
 * Builds the axios instance: same origin, cookies sent, 10 s timeout, Bearer from the session, CSRF
 * double-submit header, and on a 401 one refresh (shared by every request that failed meanwhile)
 * followed by one retry with the new token (spec §4 "Session refresh").
 */
export function createApiClient(defaults: CreateAxiosDefaults = {}): {
  client: AxiosInstance;
  bindSession(bridge: SessionBridge): void;
} {
  let bridge: SessionBridge | null = null;
  let refreshing: Promise<string> | null = null;

  const client = axios.create({
    baseURL: '/',
    withCredentials: true,
    timeout: 10_000,
    headers: { Accept: 'application/json' },
    xsrfCookieName: CSRF_COOKIE,
    xsrfHeaderName: CSRF_HEADER,
    withXSRFToken: true,
    ...defaults,
  });

  client.interceptors.request.use(async (config) => {
    // Offline, a write is refused at once with a message the form shows beside what was typed: it is never
    // queued to go out later without the user knowing (docs/product.md "Offline").
    if (isWrite(config.method) && isOffline()) {
      throw new ApiError(offlineText(config), null, null, { network: 'offline' });
    }
    const renewal = isAuthPath(config.url) || bridge?.getAccessToken() ? null : bridge?.pendingRenewal?.();
    // A failed renewal is the renewal's to report; the request then goes out without a token, as before.
    if (renewal) await renewal.catch(() => undefined);
    const token = bridge?.getAccessToken() ?? null;
    (config as RetriableConfig)._token = token;
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!(error instanceof AxiosError) || error.response?.status !== 401 || !bridge) throw toApiError(error);
    const original = error.config as RetriableConfig | undefined;
    if (!original || original._retried || isAuthPath(original.url)) throw toApiError(error);

    // A request sent with a token that was replaced meanwhile only needs the new token, not another refresh.
    const current = bridge.getAccessToken();
    let token: string;
    if (current && current !== original._token) {
      token = current;
    } else {
      refreshing ??= bridge.refresh().finally(() => {
        refreshing = null;
      });
      try {
        token = await refreshing;
      } catch (refreshError) {
        // A refresh that got no answer is not a refused session: it stays, and this request fails as offline.
        if (isNetworkError(refreshError)) throw refreshError;
        bridge.onSessionExpired();
        throw toApiError(error);
      }
    }
    const headers = AxiosHeaders.from(original.headers as Record<string, string> | undefined);
    headers.set('Authorization', `Bearer ${token}`);
    return client.request({ ...original, headers, _retried: true } as RetriableConfig);
  });

  return {
    client,
    bindSession(next) {
      bridge = next;
    },
  };
}

const instance = createApiClient();

/** The one HTTP client of the app. Endpoint modules in features/<f>/api use it. */
export const apiClient = instance.client;

/** Connects the client to the session store; called once at start-up (app/provider.tsx). */
export const bindApiSession = instance.bindSession;
