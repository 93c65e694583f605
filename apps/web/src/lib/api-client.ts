import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosInstance,
  type AxiosRequestConfig,
  type CreateAxiosDefaults,
} from 'axios';
import { CSRF_COOKIE, CSRF_HEADER, ko } from '@otboo/contract';

/** An API failure with the server's Korean `message` (API.md §1) and the raw response data attached. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly data: unknown;
  readonly exceptionName: string | null;

  constructor(message: string, status: number | null, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    const name = isRecord(data) && typeof data.exceptionName === 'string' ? data.exceptionName : null;
    this.exceptionName = name;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Turns any axios failure into an ApiError whose message is the server's, else the generic text of spec §8. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    const data = error.response?.data;
    const message =
      isRecord(data) && typeof data.message === 'string' && data.message ? data.message : ko.common.apiFailed;
    return new ApiError(message, error.response?.status ?? null, data ?? null);
  }
  return new ApiError(ko.common.apiFailed, null, error ?? null);
}

/** What the client needs from the session, injected so that the client never imports app state. */
export interface SessionBridge {
  getAccessToken(): string | null;
  /** Gets a new access token (POST /api/auth/refresh); rejects when the session cannot be renewed. */
  refresh(): Promise<string>;
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

  client.interceptors.request.use((config) => {
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
      } catch {
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
