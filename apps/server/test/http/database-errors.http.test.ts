import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@otboo/contract';
import errorsPlugin from '../../src/plugins/errors.js';
import { startServer, type TestServer } from '../support/start-server.js';

/**
 * The error handler's net under the contract's text rule: a value the database refuses reaches it as the
 * driver's error inside Drizzle's. A small app with only the errors plugin runs real queries on the test
 * database (PostgreSQL), as a route whose schema missed a check would.
 */
describe('database errors: a 400 for text PostgreSQL cannot store, a 500 log without the parameters', () => {
  let server: TestServer;
  let app: FastifyInstance;
  const logLines: string[] = [];
  const SECRET = 'secret-value-8d1f2c';

  beforeAll(async () => {
    server = await startServer();
    const { db } = server.database;
    app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } } });
    await app.register(errorsPlugin);
    app.get('/nul', async () => db.execute(sql`select ${`${SECRET}\u0000`}::text as v`));
    app.get('/json-nul', async () =>
      db.execute(sql`select (${`{"a":"\\u0000${SECRET}"}`}::jsonb)->>'a' as v`),
    );
    app.get('/broken', async () => db.execute(sql`select ${SECRET}::int as v`));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it('answers NUL in text (22021) and in JSON (22P05) with the Korean 400', async () => {
    for (const url of ['/nul', '/json-nul']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        exceptionName: 'InvalidInputException',
        message: ko.validation.textInvalidCharacter,
        details: {},
      });
    }
    expect(logLines.join('')).not.toContain(SECRET);
  });

  it('logs another database error with its code and SQL, never the bound value', async () => {
    logLines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe(ko.common.internalError);
    const entry = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(entry?.err).toMatchObject({
      name: 'DatabaseError',
      code: '22P02',
      query: 'select $1::int as v',
      message: 'invalid input syntax for type integer',
    });
    expect(entry?.err.stack).toMatch(/^\n {4}at /);
    expect(logLines.join('')).not.toContain(SECRET);
  });
});
