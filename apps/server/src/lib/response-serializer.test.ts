import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@otboo/contract';
import {
  ResponseContractError,
  createResponseSerializerCompiler,
  fastSerializerFor,
} from './response-serializer.js';

const Dto = z.object({
  id: z.string(),
  name: z.string(),
  nickname: z.string().nullable(),
  note: z.string().optional(),
  count: z.number().int(),
  tags: z.array(z.object({ key: z.string(), value: z.string().nullable() })),
  owner: z.object({ userId: z.string() }).nullable(),
});

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A real Fastify app with one GET route answering `body` under `Dto`, serialized by the compiler. */
async function appAnswering(body: unknown, checkContract: boolean) {
  const app = Fastify();
  apps.push(app);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkContract }));
  let failure: unknown;
  app.setErrorHandler((err, _request, reply) => {
    failure = err;
    return reply.status(500).send('failed');
  });
  app.get('/x', { schema: { response: { 200: Dto } } }, async () => body);
  const res = await app.inject({ method: 'GET', url: '/x' });
  return { res, failure: () => failure };
}

const valid = {
  // An unknown key, as a row mapped with a column too many would carry: zod strips it.
  secret: 'not in the contract',
  id: 'a0000000-0000-4000-8000-000000000001',
  name: '한정판 "콜라보" 코트\n\u0007 \ud800',
  nickname: null,
  count: 3,
  tags: [
    { key: '색상', value: null, extra: 1 },
    { key: '계절', value: '겨울' },
  ],
  owner: { userId: 'u', role: 'USER' },
};

describe('response serializer', () => {
  it('writes the same bytes as zod encode + JSON.stringify: key order, nulls, stripped keys, escapes', async () => {
    for (const checkContract of [false, true]) {
      const { res } = await appAnswering(valid, checkContract);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify(Dto.parse(valid)));
      expect(res.json()).not.toHaveProperty('secret');
    }
  });

  it('fails a response that breaks the contract when the contract is checked (as in tests)', async () => {
    const broken = { ...valid, count: '3' };
    const { res, failure } = await appAnswering(broken, true);
    expect(res.statusCode).toBe(500);
    expect(failure()).toBeInstanceOf(ResponseContractError);
    const missing = { ...valid, name: undefined };
    const second = await appAnswering(missing, true);
    expect(second.res.statusCode).toBe(500);
    expect(second.failure()).toBeInstanceOf(ResponseContractError);
  });

  it("compiles a fast serializer for every response DTO and page of the contract (none falls back to zod's encode)", () => {
    const responses = Object.entries(contract).filter(
      ([name, value]) => /(Dto|Page)$/.test(name) && value instanceof z.ZodType,
    );
    expect(responses.length).toBeGreaterThan(20);
    const fallbacks = responses.filter(([, schema]) => !fastSerializerFor(schema as z.ZodType));
    expect(fallbacks.map(([name]) => name)).toEqual([]);
  });
});
