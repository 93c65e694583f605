import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type AttributeDefDto, type ClothesDto, type PushSubscriptionDto } from '@otboo/contract';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

/**
 * The JSON bodies of the course's calls (docs/api.md §1–8): they stay as the course frontend sends them, unknown
 * fields ignored. Every other JSON body is ours (§9 and beyond) and strict.
 */
const COURSE_BODIES = new Set([
  'POST /api/users/',
  'PATCH /api/users/{userId}/role',
  'PATCH /api/users/{userId}/lock',
  'PATCH /api/users/{userId}/password',
  'POST /api/auth/reset-password',
  'POST /api/follows/',
  'POST /api/feeds/',
  'PATCH /api/feeds/{feedId}',
  'POST /api/feeds/{feedId}/comments',
  'POST /api/clothes/attribute-defs/',
  'PATCH /api/clothes/attribute-defs/{definitionId}',
]);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Paths of every object in a schema that accepts fields it does not name. */
function looseObjects(schema: JsonSchema, at = '(body)'): string[] {
  const out: string[] = [];
  if (schema.properties && schema.additionalProperties !== false) out.push(at);
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    out.push(...looseObjects(child, `${at}.${name}`));
  if (schema.items) out.push(...looseObjects(schema.items, `${at}[]`));
  for (const child of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    out.push(...looseObjects(child, at));
  return out;
}

const keysOf = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

/** Our request bodies (docs/api.md §9 and beyond) are strict: an unknown field is a 400 naming it, and nothing changes. */
describe('strict request bodies of our calls', () => {
  let server: TestServer;
  let http: HttpClient;
  let user: TestUser;
  let garment: ClothesDto;
  let colour: AttributeDefDto;
  const subscribed = {
    endpoint: 'http://127.0.0.1:9/push/strict-kept',
    expirationTime: null,
    keys: keysOf(),
  };

  beforeAll(async () => {
    // Loopback push endpoints are allowed (tests only) and never contacted when subscribing.
    server = await startServer({ env: { PUSH_ALLOW_PRIVATE: 'true' } });
    http = httpClient(server.url);
    user = await createUser(server);
    garment = (
      await http.post<ClothesDto>('/api/clothes', {
        token: user.accessToken,
        form: multipartRequest({ ownerId: user.id, name: '셔츠', type: 'TOP' }),
      })
    ).body;
    colour = (
      await http.get<AttributeDefDto[]>('/api/clothes/attribute-defs', { token: user.accessToken })
    ).body.find((d) => d.name === '색상')!;
    expect(
      (await http.post('/api/push/subscriptions', { token: user.accessToken, json: subscribed })).status,
    ).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every JSON body in the OpenAPI document is a course call or strict at every level', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
      >;
    };
    const ours: string[] = [];
    const loose: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const schema = operation.requestBody?.content['application/json']?.schema;
        const call = `${method.toUpperCase()} ${path}`;
        if (!schema || COURSE_BODIES.has(call)) continue;
        ours.push(call);
        loose.push(...looseObjects(schema).map((at) => `${call} ${at}`));
      }
    expect(ours.length).toBeGreaterThanOrEqual(5);
    expect(loose).toEqual([]);
  });

  /** Each of our JSON calls: a body it accepts, and the same body with an unknown field at some level. */
  const calls = () => {
    const settings = `/api/users/${user.id}/notification-settings`;
    const batch = { clothesIds: [garment.id], type: 'BOTTOM' };
    const attribute = { definitionId: colour.id, value: colour.selectableValues[0] };
    const subscription = {
      endpoint: 'http://127.0.0.1:9/push/strict-new',
      expirationTime: null,
      keys: keysOf(),
    };
    const exclusion = { weatherId: '00000000-0000-4000-8000-000000000000', clothesId: garment.id };
    return [
      ['PATCH', '/api/clothes/batch', { ...batch, sold: true }, 'sold'],
      [
        'PATCH',
        '/api/clothes/batch',
        { clothesIds: [garment.id], attribute: { ...attribute, x: 1 } },
        'attribute.x',
      ],
      ['PATCH', settings, { push: { likes: false }, sound: true }, 'sound'],
      ['PATCH', settings, { push: { likes: false, sms: true } }, 'push.sms'],
      ['PATCH', settings, { morningOutfit: { enabled: true, zone: 'UTC' } }, 'morningOutfit.zone'],
      ['POST', '/api/push/subscriptions', { ...subscription, userId: user.id }, 'userId'],
      [
        'POST',
        '/api/push/subscriptions',
        { ...subscription, keys: { ...subscription.keys, x: 'y' } },
        'keys.x',
      ],
      ['DELETE', '/api/push/subscriptions', { endpoint: subscribed.endpoint, all: true }, 'all'],
      ['POST', '/api/recommendations/exclusions', { ...exclusion, date: '2026-01-01' }, 'date'],
    ] as const;
  };

  it('answers 400 naming the unknown field on each call, and changes nothing', async () => {
    const state = async () => ({
      garment: (await http.get<ClothesDto>(`/api/clothes/${garment.id}`, { token: user.accessToken })).body,
      settings: (await http.get(`/api/users/${user.id}/notification-settings`, { token: user.accessToken }))
        .body as unknown,
      devices: (
        await http.get<PushSubscriptionDto[]>('/api/push/subscriptions', { token: user.accessToken })
      ).body.map((s) => s.endpoint),
    });
    const before = await state();
    expect(before.devices).toEqual([subscribed.endpoint]);
    for (const [method, path, json, field] of calls()) {
      const res = await http[method === 'POST' ? 'post' : method === 'PATCH' ? 'patch' : 'delete'](path, {
        token: user.accessToken,
        json,
      });
      expect(res.status, `${method} ${path} ${field}`).toBe(400);
      expect(res.body).toEqual({
        exceptionName: 'InvalidInputException',
        message: ko.validation.unknownFields(field),
        details: { [field]: ko.validation.unknownFields(field) },
      });
    }
    expect(await state()).toEqual(before);
  });

  it('accepts the same bodies without the unknown field (the field alone was refused)', async () => {
    for (const [method, path, json, field] of calls()) {
      const [top, ...rest] = field.split('.');
      const clean = structuredClone(json) as Record<string, Record<string, unknown>>;
      if (rest.length) delete clean[top!]![rest[0]!];
      else delete clean[top!];
      const res = await http[method === 'POST' ? 'post' : method === 'PATCH' ? 'patch' : 'delete'](path, {
        token: user.accessToken,
        json: clean,
      });
      // The exclusion's forecast day does not exist: 404 after the body was accepted.
      expect(res.status, `${method} ${path} without ${field}`).toBeLessThan(
        path.endsWith('exclusions') ? 405 : 300,
      );
      expect(res.status).not.toBe(400);
    }
  });
});
