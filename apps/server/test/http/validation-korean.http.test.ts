import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, ko, seoulToday } from '@otboo/contract';
import { createUser, signInAsAdmin, type TestUser } from '../support/factories.js';
import { CSRF_TOKEN } from '../support/auth.js';
import { startServer, type TestServer } from '../support/start-server.js';

/**
 * Walks every API route of the served OpenAPI document and sends what a careless or hostile client sends:
 * wrong types, out-of-range numbers, too-long texts, repeated query parameters, unknown enum values, NUL,
 * missing fields, bad path ids, non-object JSON, a wrong content type and garbage multipart forms. Every
 * answer must be a 4xx (never a 500) whose message and details are Korean, without zod's English words.
 */

interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  nullable?: boolean;
  $ref?: string;
}
interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

interface Probe {
  route: string;
  what: string;
  method: string;
  path: string;
  query?: [string, string][];
  body?: { type: string; data: string | FormData } | undefined;
  /** The answer must be a 400 (the input is wrong in a way the schema sees). */
  must400: boolean;
  /** `details[key]` must be this message. */
  detail?: [string, string];
}

const HANGUL = /[가-힣]/;
/** zod's and Fastify's English, and type names, which must never reach a client. */
const ENGLISH =
  /\b(expected|received|invalid|input|option|required|must|too (big|small)|string|number|integer|boolean|array|object|undefined|nan|null|error|failed)\b/i;
const NUL_TEXT = 'abc123\u0000';
const OTHER_ID = '7b0c1a52-3f5e-4d7a-9c11-2a6e0f9d8b41';

describe('every validation error is Korean, on every route', () => {
  let server: TestServer;
  let user: TestUser;
  let admin: TestUser;
  let doc: {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };

  beforeAll(async () => {
    server = await startServer();
    [user, admin] = await Promise.all([createUser(server), signInAsAdmin(server)]);
    doc = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as typeof doc;
  });
  afterAll(async () => {
    await server?.close();
  });

  const resolve = (schema: JsonSchema): JsonSchema => {
    if (schema.$ref) return resolve(doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] ?? {});
    if (schema.anyOf) return resolve(schema.anyOf.find((s) => s.type !== 'null') ?? {});
    return schema;
  };
  const isFreeText = (s: JsonSchema) => s.type === 'string' && !s.format && !s.enum;

  /** A value the schema accepts, for the parameters a probe does not aim at. */
  function validValue(name: string, raw: JsonSchema, actor: TestUser): string {
    const s = resolve(raw);
    if (s.enum) return String(s.enum[0]);
    if (s.format === 'uuid')
      return /^(userId|ownerId|followeeId|followerId)$/.test(name) ? actor.id : OTHER_ID;
    // A calendar date (`/api/plans/{date}`): today in Asia/Seoul, a date every such route accepts.
    if (s.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return seoulToday();
    if (s.type === 'number') return name === 'longitude' ? '127' : '37.5';
    if (s.type === 'integer') return String(s.minimum ?? 1);
    return 'a';
  }

  /** Bad values of one schema: [what, value, must400, expected message]. */
  function badValues(s: JsonSchema): [string, unknown, string | undefined][] {
    const out: [string, unknown, string | undefined][] = [];
    if (s.type === 'integer' || s.type === 'number') {
      out.push(['not a number', 'abc', undefined]);
      if (s.type === 'integer') out.push(['a fraction', '1.5', undefined]);
      out.push(['too big', String((s.maximum ?? 1000) + 100_000), undefined]);
      if (s.minimum !== undefined) out.push(['too small', String(s.minimum - 1), undefined]);
    }
    if (s.type === 'boolean') out.push(['not a boolean', 'yes', undefined]);
    if (s.enum) out.push(['unknown enum value', 'NOT_A_VALUE', undefined]);
    if (s.format === 'uuid') out.push(['not an id', 'not-an-id', ko.common.invalidId]);
    if (s.type === 'string') {
      if (s.maxLength !== undefined) out.push(['too long', 'x'.repeat(s.maxLength + 1), undefined]);
      out.push(['a NUL', NUL_TEXT, isFreeText(s) ? ko.validation.textInvalidCharacter : undefined]);
    }
    return out;
  }

  function queryAndPathProbes(route: string, method: string, op: Operation, actor: TestUser): Probe[] {
    const params = (op.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path');
    const build = (
      target: Parameter | null,
      value: string | string[] | null,
    ): Omit<Probe, 'what' | 'must400'> => {
      let path = route;
      const query: [string, string][] = [];
      for (const p of params) {
        const values =
          p === target ? value : p.required || p.in === 'path' ? validValue(p.name, p.schema, actor) : null;
        if (values === null) continue;
        if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(values)));
        else for (const v of Array.isArray(values) ? values : [values]) query.push([p.name, v]);
      }
      return { route, method, path, query };
    };
    const probes: Probe[] = [];
    for (const p of params) {
      const s = resolve(p.schema);
      for (const [what, value, message] of badValues(s))
        probes.push({
          ...build(p, String(value)),
          what: `${p.in} ${p.name}: ${what}`,
          must400: true,
          ...(message ? { detail: [p.name, message] as [string, string] } : {}),
        });
      if (p.in === 'query') {
        const v = validValue(p.name, p.schema, actor);
        probes.push({ ...build(p, [v, v]), what: `query ${p.name}: repeated`, must400: true });
        if (p.required) probes.push({ ...build(p, null), what: `query ${p.name}: missing`, must400: true });
      }
    }
    return probes;
  }

  function bodyProbes(route: string, method: string, op: Operation, actor: TestUser): Probe[] {
    const params = (op.parameters ?? []).filter((p) => p.in === 'path');
    let path = route;
    for (const p of params) path = path.replace(`{${p.name}}`, validValue(p.name, p.schema, actor));
    const json = (data: unknown) => ({ type: 'application/json', data: JSON.stringify(data) });
    const schema = op.requestBody?.content?.['application/json']?.schema;
    const probes: Probe[] = [];
    const probe = (what: string, body: Probe['body'], must400: boolean, detail?: [string, string]) =>
      probes.push({ route, method, path, what, body, must400, ...(detail ? { detail } : {}) });

    if (schema) {
      const s = resolve(schema);
      const required = s.required ?? [];
      probe('missing fields', json({}), required.length > 0);
      for (const root of [[], 'text', 12, null]) probe(`JSON ${JSON.stringify(root)}`, json(root), true);
      probe('text/plain JSON', { type: 'text/plain', data: JSON.stringify({}) }, true);
      probe('no body', { type: 'application/json', data: '' }, true);
      probe('broken JSON', { type: 'application/json', data: '{"a":' }, true);
      for (const [name, raw] of Object.entries(s.properties ?? {})) {
        const prop = resolve(raw);
        const wrongType =
          prop.type === 'string' ? 12345 : prop.type === 'array' || prop.type === 'object' ? 'x' : 'abc';
        probe(`${name}: wrong type`, json({ [name]: wrongType }), true);
        for (const [what, value, message] of badValues(prop)) {
          const typed = prop.type === 'string' || prop.type === 'boolean' ? value : Number(value);
          probe(
            `${name}: ${what}`,
            json({ [name]: typed }),
            true,
            message && isFreeText(prop) ? [name, message] : undefined,
          );
        }
        if (prop.type === 'array') {
          const item = resolve(prop.items ?? {});
          if (prop.maxItems !== undefined)
            probe(
              `${name}: too many`,
              json({ [name]: new Array(prop.maxItems + 1).fill(validValue(name, item, actor)) }),
              true,
            );
          probe(`${name}: item of the wrong type`, json({ [name]: [{}] }), true);
          if (isFreeText(item))
            probe(`${name}: item with a NUL`, json({ [name]: [NUL_TEXT] }), true, [
              `${name}.0`,
              ko.validation.textInvalidCharacter,
            ]);
        }
      }
      return probes;
    }
    // No JSON schema: a multipart route (a `request` JSON part and files), or one without a body.
    const form = (parts: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(parts))
        data.append(k, k === 'request' ? new Blob([v], { type: 'application/json' }) : v);
      return { type: '', data };
    };
    const wrongTypes = JSON.stringify({
      ownerId: 1,
      name: [],
      type: 'NOT_A_TYPE',
      attributes: 'x',
      gender: 3,
      birthDate: 20000101,
      location: { latitude: 'x', longitude: [] },
      temperatureSensitivity: '9',
    });
    probe('multipart: wrong types', form({ request: wrongTypes }), false);
    probe('multipart: JSON part not an object', form({ request: '12' }), false);
    probe('multipart: broken JSON part', form({ request: '{"a":' }), false);
    probe(
      'multipart: NUL texts',
      form({ request: JSON.stringify({ name: NUL_TEXT }), username: NUL_TEXT }),
      false,
    );
    probe('multipart: wrong fields', form({ username: '', password: 'x'.repeat(500) }), false);
    probe('text/plain', { type: 'text/plain', data: 'hello' }, false);
    probe('JSON of wrong types', json({ username: 1, password: [], request: 3 }), false);
    return probes;
  }

  async function send(probe: Probe, actor: TestUser) {
    const url = new URL(probe.path.replace(/\/$/, '') || '/', server.url);
    for (const [k, v] of probe.query ?? []) url.searchParams.append(k, v);
    const headers: Record<string, string> = {
      authorization: `Bearer ${actor.accessToken}`,
      cookie: `${CSRF_COOKIE}=${CSRF_TOKEN}`,
      [CSRF_HEADER]: CSRF_TOKEN,
    };
    if (probe.body?.type) headers['content-type'] = probe.body.type;
    const res = await fetch(url, {
      method: probe.method.toUpperCase(),
      headers,
      body: probe.body?.data ?? null,
      redirect: 'manual',
      // A probe that slipped through on the SSE route would stream forever.
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text; the checks below report it
    }
    return { status: res.status, body };
  }

  it('answers every probe with a Korean 4xx error body', async () => {
    const problems: string[] = [];
    let probes = 0;
    for (const [route, operations] of Object.entries(doc.paths)) {
      if (!route.startsWith('/api/') || route.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(operations)) {
        const all = [...queryAndPathProbes(route, method, op, user)];
        if (['post', 'put', 'patch', 'delete'].includes(method))
          all.push(...bodyProbes(route, method, op, user));
        for (const probe of all) {
          probes++;
          const label = `${method.toUpperCase()} ${route} — ${probe.what}`;
          let res = await send(probe, user);
          // Administrators' routes answer a user with 403 before reading the input: ask again as an administrator.
          if (res.status === 403 && res.body?.message === ko.users.adminOnly) {
            const asAdmin = { ...probe, path: probe.path.replaceAll(user.id, admin.id) };
            res = await send(asAdmin, admin);
          }
          if (res.status >= 500) {
            problems.push(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
            continue;
          }
          if (probe.must400 && res.status !== 400) {
            problems.push(
              `${label}: expected 400, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
            );
            continue;
          }
          if (res.status < 400) continue;
          const body = res.body as { exceptionName?: unknown; message?: unknown; details?: unknown };
          if (
            typeof body?.message !== 'string' ||
            typeof body.details !== 'object' ||
            body.details === null
          ) {
            problems.push(`${label}: not an error body: ${JSON.stringify(res.body).slice(0, 200)}`);
            continue;
          }
          for (const text of [body.message, ...Object.values(body.details as Record<string, string>)])
            if (!HANGUL.test(text) || ENGLISH.test(text)) problems.push(`${label}: "${text}"`);
          if (probe.detail) {
            const [key, message] = probe.detail;
            const got = (body.details as Record<string, string>)[key];
            if (got !== message) problems.push(`${label}: details.${key} = ${got}, expected ${message}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The walk reached the routes: dozens of operations, hundreds of probes.
    expect(probes).toBeGreaterThan(300);
  }, 240_000);

  it('words the review’s examples in Korean', async () => {
    const get = (query: string) =>
      fetch(`${server.url}/api/feeds?${query}`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    expect(await get('limit=100000')).toEqual({
      status: 400,
      body: {
        exceptionName: 'InvalidInputException',
        message: '조회 개수는 100 이하여야 합니다.',
        details: { limit: '조회 개수는 100 이하여야 합니다.' },
      },
    });
    expect((await get('limit=abc')).body.message).toBe('조회 개수는 숫자여야 합니다.');
    expect((await get('limit=1&limit=2')).status).toBe(400);
    expect((await get('sortBy=foo')).body.message).toBe(
      '정렬 기준은 createdAt, likeCount 중 하나여야 합니다.',
    );
    expect((await get('keywordLike=a&keywordLike=b')).body.message).toBe(
      '검색어는 한 번만 보낼 수 있습니다.',
    );

    const post = await fetch(`${server.url}/api/feeds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ authorId: user.id, weatherId: OTHER_ID, content: '오늘' }),
    });
    expect(await post.json()).toMatchObject({ message: '옷 목록을 입력해주세요.' });
    const plain = await fetch(`${server.url}/api/feeds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'text/plain' },
      body: JSON.stringify({ authorId: user.id }),
    });
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({ message: ko.validation.bodyNotObject });
  });
});
