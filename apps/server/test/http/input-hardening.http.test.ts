import { request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DM_SEND_DESTINATION, LIMITS, ko, type ErrorBody } from '@otboo/contract';
import { insertWeatherRow } from '../support/db-rows.js';
import { createUser, signInAsAdmin, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { asBrowser } from '../support/auth.js';
import { startServer, type TestServer } from '../support/start-server.js';
import { openRawStomp } from '../support/stomp-client.js';

/** `a@a.a.a…@`: the input that made the first e-mail pattern quadratic, `bytes` long. */
const hostileEmail = (bytes: number) => 'a@' + 'a.'.repeat(Math.floor((bytes - 3) / 2)) + '@';

/**
 * POSTs JSON `body` as a browser would (CSRF cookie and header) but writes only its first 64 KB, then waits for
 * the answer: a server that waits for the rest (no body limit) never answers and the test times out.
 * `framing` is a declared Content-Length or chunked transfer (no length known up front).
 */
function postWithoutFinishing(
  baseUrl: string,
  path: string,
  body: Buffer,
  framing: 'content-length' | 'chunked',
): Promise<{ status: number; body: unknown; sentBytes: number; ms: number }> {
  const started = performance.now();
  const browser = asBrowser();
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(framing === 'content-length' ? { 'content-length': String(body.length) } : {}),
        ...browser.headers,
        cookie: Object.entries(browser.cookies ?? {})
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
      },
    });
    const sent = body.subarray(0, 64 * 1024);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          sentBytes: sent.length,
          ms: performance.now() - started,
        });
      });
    });
    // The server may close the socket after its answer; only a failure before any answer counts.
    req.on('error', (err) => reject(err));
    req.write(sent);
  });
}

/**
 * Runs `work` while measuring how long the event loop stood still (server and test share the process). The
 * quadratic pattern held it ~1 s for 64 KB; a bounded, linear check holds it for a few milliseconds. The
 * margin is wide because the embedded database also runs on this loop.
 */
async function longestStall(work: () => Promise<void>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    await work();
  } finally {
    histogram.disable();
  }
  return histogram.max / 1e6;
}

describe('hostile input on the unauthenticated routes (ReDoS, body size)', () => {
  let server: TestServer;
  let http: HttpClient;

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a 1 MB hostile e-mail with a Korean 413 before reading the body', async () => {
    const body = Buffer.from(
      JSON.stringify({ email: hostileEmail(1_000_000), username: 'a', password: 'b' }),
    );
    for (const path of [
      '/api/auth/reset-password',
      '/api/users',
      '/api/auth/sign-in',
      '/api/auth/refresh',
      '/api/auth/sign-out',
    ]) {
      for (const framing of ['content-length', 'chunked'] as const) {
        const answer = await postWithoutFinishing(server.url, path, body, framing);
        expect(answer.status, `${path} ${framing}`).toBe(413);
        expect(answer.body).toEqual({
          exceptionName: 'PayloadTooLargeException',
          message: ko.common.payloadTooLarge,
          details: {},
        });
        // The answer came while most of the body was still unsent: nothing of it was parsed or matched.
        expect(answer.sentBytes, `${path} ${framing}`).toBeLessThan(body.length);
        expect(answer.ms, `${path} ${framing}`).toBeLessThan(1000);
      }
    }
  });

  it('answers a hostile e-mail just under the body limit with the spec message, checked in bounded time', async () => {
    const email = hostileEmail(LIMITS.authBodyMaxBytes - 100);
    const answers: { status: number; body: ErrorBody }[] = [];
    const stall = await longestStall(async () => {
      for (let i = 0; i < 5; i++)
        answers.push(await http.post('/api/auth/reset-password', asBrowser(undefined, { json: { email } })));
      answers.push(
        await http.post(
          '/api/users',
          asBrowser(undefined, { json: { email, name: '해커', password: 'abc123' } }),
        ),
      );
    });
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.details.email).toBe(ko.validation.emailInvalid);
    }
    expect(stall).toBeLessThan(1000);
  });

  it('answers a sign-in form with a 1 MB username with a Korean 4xx', async () => {
    const form = new FormData();
    form.append('username', hostileEmail(1_000_000));
    form.append('password', 'passw0rd');
    const stall = await longestStall(async () => {
      const res = await http.post<ErrorBody>('/api/auth/sign-in', { form });
      expect([400, 413]).toContain(res.status);
      expect(res.body.message).toMatch(/[가-힣]/);
    });
    expect(stall).toBeLessThan(1000);
  });

  it('still serves a normal sign-up and reset under the limit', async () => {
    const res = await http.post('/api/users', {
      json: { email: 'limit.ok@otboo.test', name: '한도확인', password: 'passw0rd' },
    });
    expect(res.status).toBe(201);
    expect(
      (await http.post('/api/auth/reset-password', { json: { email: 'limit.ok@otboo.test' } })).status,
    ).toBe(204);
  });
});

describe('text the database cannot store, and invisible or reordering characters', () => {
  let server: TestServer;
  let http: HttpClient;
  let user: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [user, admin] = await Promise.all([createUser(server), signInAsAdmin(server)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const refusedText = (res: { status: number; body: ErrorBody }, field: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.exceptionName).toBe('InvalidInputException');
    expect(res.body.details[field]).toBe(ko.validation.textInvalidCharacter);
  };

  it('sign-in, sign-up and reset refuse a NUL with a 400, not a database error', async () => {
    const form = new FormData();
    form.append('username', `${user.email}\u0000`);
    form.append('password', user.password);
    refusedText(await http.post('/api/auth/sign-in', { form }), 'username');
    refusedText(
      await http.post('/api/auth/sign-in', { json: { username: `a\u0000${user.email}`, password: 'x' } }),
      'username',
    );
    refusedText(
      await http.post('/api/users', {
        json: { email: 'nul\u0000@otboo.test', name: '널문자', password: 'passw0rd' },
      }),
      'email',
    );
    refusedText(await http.post('/api/auth/reset-password', { json: { email: 'a\u0000@b.c' } }), 'email');
  });

  it('the closet, attribute definitions and the admin list refuse a NUL in names and searches', async () => {
    refusedText(
      await http.post('/api/clothes', {
        token: user.accessToken,
        form: multipartRequest({ ownerId: user.id, name: '셔츠\u0000', type: 'TOP' }),
      }),
      'name',
    );
    refusedText(
      await http.get('/api/clothes', {
        token: user.accessToken,
        query: { ownerId: user.id, keywordLike: '\u0000' },
      }),
      'keywordLike',
    );
    refusedText(
      await http.get('/api/clothes/attribute-defs', {
        token: user.accessToken,
        query: { keywordLike: '\u0000' },
      }),
      'keywordLike',
    );
    refusedText(
      await http.post('/api/clothes/attribute-defs', {
        token: admin.accessToken,
        json: { name: '두께\u0000', selectableValues: ['얇음'] },
      }),
      'name',
    );
    refusedText(
      await http.post('/api/clothes/attribute-defs', {
        token: admin.accessToken,
        json: { name: '두께', selectableValues: ['얇음\u0000'] },
      }),
      'selectableValues.0',
    );
    refusedText(
      await http.get('/api/users', { token: admin.accessToken, query: { emailLike: '\u0000' } }),
      'emailLike',
    );
  });

  it('feeds and comments refuse C0 controls, bidi overrides and lone surrogates, and keep CRLF as LF', async () => {
    const weather = await insertWeatherRow(server);
    const feed = (content: string) =>
      http.post('/api/feeds', {
        token: user.accessToken,
        json: { authorId: user.id, weatherId: weather.id, clothesIds: [], content },
      });
    for (const bad of ['\u0007', '\u001B[31m', '\u202E', '\u2066', '\uD800', '\u0000'])
      refusedText(await feed(`오늘의 코디 ${bad}`), 'content');

    const created = await feed('첫 줄\r\n둘째 줄\t끝 👨‍👩‍👧');
    expect(created.status).toBe(201);
    expect(created.body.content).toBe('첫 줄\n둘째 줄\t끝 👨‍👩‍👧');

    const comment = (content: string) =>
      http.post(`/api/feeds/${created.body.id}/comments`, {
        token: user.accessToken,
        json: { feedId: created.body.id, authorId: user.id, content },
      });
    for (const bad of ['\u202D', '\uDFFF', '\u0000', '\u0085'])
      refusedText(await comment(`댓글${bad}`), 'content');
    expect((await comment('좋아요\r\n')).status).toBe(201);
  });

  it('a direct message over STOMP with a NUL or a bidi override is refused with the Korean message', async () => {
    const other = await createUser(server);
    for (const bad of ['\u0000', '\u202E']) {
      const stomp = await openRawStomp(server.url);
      await stomp.connect(user.accessToken);
      stomp.send(
        'SEND',
        { destination: DM_SEND_DESTINATION, receipt: 'r' },
        JSON.stringify({ senderId: user.id, receiverId: other.id, content: `안녕${bad}` }),
      );
      const answer = await stomp.waitFor((f) => f.command === 'RECEIPT' || f.command === 'ERROR');
      expect(answer.command).toBe('ERROR');
      expect(answer.headers.message).toBe(ko.validation.textInvalidCharacter);
      await stomp.closed;
    }
    const page = await http.get('/api/direct-messages', {
      token: user.accessToken,
      query: { userId: other.id },
    });
    expect(page.body.totalCount).toBe(0);
  });
});
