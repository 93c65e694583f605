import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type ClothesDto, type ErrorBody } from '@otboo/contract';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

/** One request written as it is on a fresh connection; the whole answer, read until the server closes. */
function rawExchange(server: TestServer, request: string | Buffer): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer')));
  });
}

/** Status and parsed body of a raw answer. */
function parseAnswer(answer: string): { status: number; headers: string; body: ErrorBody } {
  const split = answer.indexOf('\r\n\r\n');
  const head = answer.slice(0, split);
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
    headers: head.toLowerCase(),
    body: JSON.parse(answer.slice(split + 4)) as ErrorBody,
  };
}

const HANGUL = /[가-힣]/;
const expectKoreanErrorBody = (body: unknown, exceptionName?: string) => {
  expect(body).toEqual({
    exceptionName: exceptionName ?? expect.any(String),
    message: expect.stringMatching(HANGUL),
    details: expect.any(Object),
  });
};

/**
 * Everything the framework refuses before or around our routes answers in docs/api.md's error body, in Korean, and
 * nothing a client sends is logged as an error (docs/security.md "Errors in Korean").
 */
describe('error bodies of the framework and of broken requests', () => {
  let server: TestServer;
  let http: HttpClient;
  let user: TestUser;
  let garment: ClothesDto;
  const logs: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    server = await startServer({
      env: { LOG_LEVEL: 'info' },
      overrides: {
        logStream: { write: (line) => logs.push(JSON.parse(line) as { level: number; msg: string }) },
      },
    });
    http = httpClient(server.url);
    user = await createUser(server);
    garment = (
      await http.post<ClothesDto>('/api/clothes', {
        token: user.accessToken,
        form: multipartRequest({ ownerId: user.id, name: '셔츠', type: 'TOP' }),
      })
    ).body;
  });
  afterAll(async () => {
    await server?.close();
  });

  const errorLines = () => logs.filter((l) => l.level >= 50);

  describe('a multipart body the parser cannot read is a Korean 400 on every multipart route, logged at warn', () => {
    const routes = () =>
      [
        ['POST', '/api/auth/sign-in', false],
        ['POST', '/api/clothes', true],
        ['PATCH', `/api/clothes/${garment.id}`, true],
        ['POST', '/api/clothes/analyses', true],
        ['POST', '/api/clothes/import', true],
        ['PATCH', `/api/users/${user.id}/profiles`, true],
      ] as const;
    const part = (name: string, extra = '') =>
      `--b0undary\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
    const bodies: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', 'xx'],
      [
        'a field cut short',
        'multipart/form-data; boundary=b0undary',
        `${part('request')}Content-Type: application/json\r\n\r\n{"name":`,
      ],
      [
        'a file cut short',
        'multipart/form-data; boundary=b0undary',
        `${part('file', '; filename="c.zip"')}Content-Type: application/zip\r\n\r\nPK\u0003\u0004abc`,
      ],
      ['no part at all', 'multipart/form-data; boundary=b0undary', '--b0undary\r\nbroken'],
    ];

    it.each(bodies)('%s', async (_name, contentType, body) => {
      for (const [method, path, signedIn] of routes()) {
        const res = await http[method === 'POST' ? 'post' : 'patch'](path, {
          ...(signedIn ? { token: user.accessToken } : {}),
          headers: { 'content-type': contentType },
          body,
        });
        expect(res.status, `${method} ${path}`).toBe(400);
        expectKoreanErrorBody(res.body, 'InvalidRequestException');
        expect(res.body.message).toBe(ko.common.malformedBody);
      }
      expect(errorLines()).toEqual([]);
      expect(logs.filter((l) => l.msg === 'malformed multipart body').every((l) => l.level === 40)).toBe(
        true,
      );
    });
  });

  it('a URL the router cannot decode, a path parameter over its length', async () => {
    const bad = await fetch(`${server.url}/api/clothes/%E0%A4%A`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    expect(bad.headers.get('cache-control')).toBe('no-store');
    expect(bad.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await bad.json()).toEqual({
      exceptionName: 'InvalidRequestException',
      message: ko.common.badUrl,
      details: {},
    });
    const long = await fetch(`${server.url}/api/users/${'a'.repeat(600)}/profiles`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(long.status).toBe(414);
    expectKoreanErrorBody(await long.json());
    expect(errorLines()).toEqual([]);
  });

  it('a URL or headers over 16 KB: 431; a request Node cannot parse: 400; both in the error body', async () => {
    const longUrl = parseAnswer(
      await rawExchange(server, `GET /api/clothes/${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    );
    expect(longUrl.status).toBe(431);
    expect(longUrl.headers).toContain('content-type: application/json; charset=utf-8');
    expect(longUrl.body).toEqual({
      exceptionName: 'RequestHeaderFieldsTooLargeException',
      message: ko.common.headersTooLarge,
      details: {},
    });
    const longHeader = parseAnswer(
      await rawExchange(
        server,
        `GET /api/clothes HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(17_000)}\r\n\r\n`,
      ),
    );
    expect(longHeader.status).toBe(431);
    expect(longHeader.body.message).toBe(ko.common.headersTooLarge);
    for (const garbage of [
      'GARBAGE\r\n\r\n',
      'GET / HTTP/9.9\r\n\r\n',
      'GET /api HTTP/1.1\r\nHost x\r\n\r\n',
    ]) {
      const answer = parseAnswer(await rawExchange(server, garbage));
      expect(answer.status, garbage).toBe(400);
      expect(answer.body).toEqual({
        exceptionName: 'InvalidRequestException',
        message: ko.common.malformedRequest,
        details: {},
      });
    }
    expect(errorLines()).toEqual([]);
  });

  it('a body over the limit (413) and a media type no route reads (415)', async () => {
    const large = await http.post('/api/auth/sign-in', {
      json: { username: 'a@b.test', password: 'x'.repeat(20_000) },
    });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({
      exceptionName: 'PayloadTooLargeException',
      message: ko.common.payloadTooLarge,
      details: {},
    });
    const unsupported = await http.post('/api/recommendations/exclusions', {
      token: user.accessToken,
      headers: { 'content-type': 'text/x-unknown' },
      body: 'x',
    });
    expect(unsupported.status).toBe(415);
    expect(unsupported.body).toEqual({
      exceptionName: 'UnsupportedMediaTypeException',
      message: ko.common.unsupportedMediaType,
      details: {},
    });
  });

  it("SockJS's own errors under /ws: unknown paths 404, other methods 405, a broken xhr_send body 400", async () => {
    for (const path of ['/ws/000/x/jsonp', '/ws/000/x/nothing', '/ws/a/b/c/d']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({
        exceptionName: 'NotFoundException',
        message: ko.common.notFound,
        details: {},
      });
    }
    const method = await fetch(`${server.url}/ws/info`, { method: 'DELETE' });
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toMatch(/GET/);
    expect(await method.json()).toEqual({
      exceptionName: 'MethodNotAllowedException',
      message: ko.common.methodNotAllowed,
      details: {},
    });
    const send = await fetch(`${server.url}/ws/000/nosession/xhr_send`, { method: 'POST' });
    expect(send.status).toBe(400);
    expectKoreanErrorBody(await send.json(), 'InvalidRequestException');
    // What SockJS serves stays as it was.
    expect((await fetch(`${server.url}/ws/info`)).status).toBe(200);
  });

  it('a chunked sign-in body that is not chunked: a Korean 400, and the rate limit reads no missing address', async () => {
    const answer = parseAnswer(
      await rawExchange(
        server,
        'POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz',
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(HANGUL);
    // The request's own hooks run on after its connection is gone; give them a moment to log what they would.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(errorLines()).toEqual([]);
  });
});
