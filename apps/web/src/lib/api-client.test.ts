import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@otboo/contract';
import { ApiError, createApiClient, type SessionBridge } from '@/lib/api-client';

function respond(config: InternalAxiosRequestConfig, status: number, data: unknown): Promise<AxiosResponse> {
  const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
  if (status >= 200 && status < 300) return Promise.resolve(response);
  return Promise.reject(
    new AxiosError(`status ${status}`, AxiosError.ERR_BAD_REQUEST, config, null, response),
  );
}

const expired = { exceptionName: 'UnauthorizedException', message: '로그인이 만료되었습니다.', details: {} };

/**
 * A fake server: protected paths accept only the current token; sign-in answers 401 with a message.
 */
function setup(options: { refreshFails?: boolean } = {}) {
  let valid = 'fresh-token';
  const seen: Array<{ url: string; auth: string | undefined }> = [];
  const adapter: AxiosAdapter = async (config) => {
    const auth = config.headers.get('Authorization') as string | undefined;
    seen.push({ url: config.url ?? '', auth });
    if (config.url?.includes('/api/auth/sign-in'))
      return respond(config, 401, { ...expired, message: '이메일 또는 비밀번호가 올바르지 않습니다.' });
    if (config.url === '/api/broken') return respond(config, 500, '<html>oops</html>');
    return auth === `Bearer ${valid}`
      ? respond(config, 200, { ok: true, url: config.url })
      : respond(config, 401, expired);
  };
  const { client, bindSession } = createApiClient({ adapter });
  let token: string | null = 'stale-token';
  const bridge: SessionBridge = {
    getAccessToken: () => token,
    refresh: vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 10));
      if (options.refreshFails) throw new ApiError('로그인 정보가 없습니다.', 401, expired);
      valid = 'fresh-token';
      token = valid;
      return token;
    }),
    onSessionExpired: vi.fn(() => {
      token = null;
    }),
  };
  bindSession(bridge);
  return { client, bridge, seen, setToken: (t: string | null) => (token = t) };
}

describe('api client', () => {
  it('without a token, waits for the renewal on its way and goes out once with its token (issue 23)', async () => {
    const { client, bridge, seen, setToken } = setup();
    setToken(null);
    let renew = () => undefined as void;
    bridge.pendingRenewal = () =>
      new Promise<void>((resolve) => {
        renew = () => {
          setToken('fresh-token');
          resolve();
        };
      });
    const answer = client.get('/api/things');
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]);
    renew();
    await expect(answer).resolves.toMatchObject({ data: { ok: true } });
    expect(seen).toEqual([{ url: '/api/things', auth: 'Bearer fresh-token' }]);
    expect(bridge.refresh).not.toHaveBeenCalled();
  });

  it('a failed renewal lets the request go out without a token, to be refused as before', async () => {
    const { client, bridge, seen, setToken } = setup({ refreshFails: true });
    setToken(null);
    bridge.pendingRenewal = () => Promise.reject(new Error('401'));
    await expect(client.get('/api/things')).rejects.toBeInstanceOf(ApiError);
    expect(seen[0]).toEqual({ url: '/api/things', auth: undefined });
    expect(bridge.onSessionExpired).toHaveBeenCalledOnce();
  });

  it('sends the Bearer token of the session', async () => {
    const { client, seen, setToken } = setup();
    setToken('fresh-token');
    await client.get('/api/things');
    expect(seen[0]!.auth).toBe('Bearer fresh-token');
  });

  it('on a 401 refreshes once and retries with the new token', async () => {
    const { client, bridge, seen } = setup();
    const res = await client.get('/api/things');
    expect(res.data).toEqual({ ok: true, url: '/api/things' });
    expect(bridge.refresh).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.auth)).toEqual(['Bearer stale-token', 'Bearer fresh-token']);
  });

  it('shares one refresh among requests that fail at the same time', async () => {
    const { client, bridge } = setup();
    const results = await Promise.all(['/api/a', '/api/b', '/api/c'].map((url) => client.get(url)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(bridge.refresh).toHaveBeenCalledTimes(1);
  });

  it('when the refresh fails, ends the session and rejects with the server message', async () => {
    const { client, bridge } = setup({ refreshFails: true });
    const error = await client.get('/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe(expired.message);
    expect(bridge.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for /auth/ paths and surfaces their message', async () => {
    const { client, bridge } = setup();
    const error = (await client.post('/api/auth/sign-in', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('이메일 또는 비밀번호가 올바르지 않습니다.');
    expect(error.data).toMatchObject({ exceptionName: 'UnauthorizedException' });
    expect(bridge.refresh).not.toHaveBeenCalled();
  });

  it('retries at most once even if the new token is refused too', async () => {
    const { client, bridge, seen } = setup();
    vi.mocked(bridge.refresh).mockImplementationOnce(async () => 'also-refused');
    const error = (await client.get('/api/things').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(bridge.refresh).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
  });

  it('without a server message uses the generic text and keeps the raw data', async () => {
    const { client, setToken } = setup();
    setToken('fresh-token');
    const error = (await client.get('/api/broken').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(ko.common.apiFailed);
    expect(error.status).toBe(500);
    expect(error.data).toBe('<html>oops</html>');
  });
});

describe('api client offline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A server that answers everything, counting the requests that reach it. */
  function reachable() {
    const seen: string[] = [];
    const adapter: AxiosAdapter = async (config) => {
      seen.push(`${config.method} ${config.url}`);
      return respond(config, 200, { ok: true });
    };
    return { client: createApiClient({ adapter }).client, seen };
  }

  /** No network: every request fails the way the browser fails it. */
  function unreachable(code: string = AxiosError.ERR_NETWORK) {
    const adapter: AxiosAdapter = async (config) => {
      throw new AxiosError('Network Error', code, config);
    };
    return createApiClient({ adapter });
  }

  it('refuses a write at once with the Korean message, sending nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { client, seen } = reachable();
    for (const send of [
      () => client.post('/api/feeds/f1/comments', { content: '안녕' }),
      () => client.patch('/api/clothes/c1', {}),
      () => client.delete('/api/feeds/f1'),
    ]) {
      const error = (await send().catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.message).toBe(ko.offline.writeFailed);
      expect(error.network).toBe('offline');
    }
    const signIn = (await client.post('/api/auth/sign-in', {}).catch((e: unknown) => e)) as ApiError;
    expect(signIn.message).toBe(ko.offline.authFailed);
    expect(seen).toEqual([]);
    // Reads still go out (the browser answers them from nowhere, or a flaky network might).
    await client.get('/api/things');
    expect(seen).toEqual(['get /api/things']);
  });

  it('a write that meets a dead network says the same; a read says it could not load', async () => {
    const { client } = unreachable();
    const write = (await client.post('/api/feeds', {}).catch((e: unknown) => e)) as ApiError;
    expect(write.message).toBe(ko.offline.writeFailed);
    expect(write.status).toBeNull();
    const read = (await client.get('/api/feeds').catch((e: unknown) => e)) as ApiError;
    expect(read.message).toBe(ko.offline.readFailed);
    expect(read.network).toBe('offline');
  });

  it('a timeout on a live connection is not called offline: the server may have the write', async () => {
    const { client } = unreachable(AxiosError.ECONNABORTED);
    const error = (await client.post('/api/feeds', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(ko.common.apiFailed);
    expect(error.network).toBe('timeout');
  });

  it('a refresh that gets no answer keeps the session and fails the request as offline', async () => {
    const { client, bridge } = setup();
    vi.mocked(bridge.refresh).mockRejectedValueOnce(
      new ApiError(ko.offline.authFailed, null, null, { network: 'offline' }),
    );
    const error = (await client.get('/api/things').catch((e: unknown) => e)) as ApiError;
    expect(error.network).toBe('offline');
    expect(bridge.onSessionExpired).not.toHaveBeenCalled();
  });
});
