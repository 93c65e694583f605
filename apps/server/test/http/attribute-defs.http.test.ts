import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type AttributeDefDto, type ClothesDto, type ErrorBody } from '@otboo/contract';
import {
  appSecrets,
  attributeDefs,
  clothesAttributes,
  notifications,
  users,
} from '../../src/db/schema/index.js';
import { createAttributeDefsRepo } from '../../src/domains/clothes/attribute-defs.repo.js';
import { createAttributeDefsService } from '../../src/domains/clothes/attribute-defs.service.js';
import { createNotifier } from '../../src/domains/notifications/notifications.service.js';
import { createLocalEventBus } from '../../src/realtime/event-bus.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { createTestDatabase, startServer, type TestServer } from '../support/start-server.js';

const BASE = '/api/clothes/attribute-defs';
const DEFAULT_NAMES = ko.attributes.defaultDefinitions.map((d) => d.name);

describe('attribute definitions', () => {
  let server: TestServer;
  let http: HttpClient;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    admin = await createUser(server, { role: 'ADMIN', prefix: 'attradmin' });
    user = await createUser(server, { prefix: 'attruser' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = (body: unknown, token = admin.accessToken) =>
    http.post<AttributeDefDto & ErrorBody>(BASE, { token, json: body });
  const uniqueName = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

  describe('access', () => {
    it('answers 401 without a token on every call', async () => {
      for (const res of [
        await http.get(BASE),
        await http.post(BASE, { json: { name: 'x', selectableValues: ['a'] } }),
        await http.patch(`${BASE}/00000000-0000-4000-8000-000000000000`, {
          json: { name: 'x', selectableValues: ['a'] },
        }),
        await http.delete(`${BASE}/00000000-0000-4000-8000-000000000000`),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({
          exceptionName: expect.any(String),
          message: expect.any(String),
          details: expect.any(Object),
        });
      }
    });

    it('lets every signed-in user read but only administrators write (403)', async () => {
      expect((await http.get(BASE, { token: user.accessToken })).status).toBe(200);
      const post = await create({ name: uniqueName('금지'), selectableValues: ['a'] }, user.accessToken);
      expect(post.status).toBe(403);
      expect(post.body.message).toBe(ko.users.adminOnly);
      const [existing] = (await http.get<AttributeDefDto[]>(BASE, { token: user.accessToken })).body;
      expect(
        (
          await http.patch(`${BASE}/${existing!.id}`, {
            token: user.accessToken,
            json: { name: 'x', selectableValues: ['a'] },
          })
        ).status,
      ).toBe(403);
      expect((await http.delete(`${BASE}/${existing!.id}`, { token: user.accessToken })).status).toBe(403);
    });
  });

  describe('seed', () => {
    it('offers the default definitions on the first start of an empty database', async () => {
      const res = await http.get<AttributeDefDto[]>(BASE, {
        token: user.accessToken,
        query: { keywordLike: '' },
      });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      const byName = new Map(res.body.map((d) => [d.name, d]));
      for (const name of DEFAULT_NAMES) expect(byName.has(name)).toBe(true);
      expect(byName.get('두께')!.selectableValues).toEqual(['얇음', '보통', '두꺼움']);
      expect(byName.get('계절')!.selectableValues).toEqual(['봄', '여름', '가을', '겨울']);
      expect(byName.get('방수')!.selectableValues).toEqual(['예', '아니오']);
      expect(byName.get('색상')!.selectableValues).toEqual(
        expect.arrayContaining(['블랙', '화이트', '네이비', '카키']),
      );
      expect(byName.get('소재')!.selectableValues).toEqual(
        expect.arrayContaining(['면', '린넨', '울', '패딩(다운)', '플리스']),
      );
    });

    it('seeds once only: never again after the claim, and not into a table that already has definitions', async () => {
      const { db } = server.database;
      const service = createAttributeDefsService({
        db,
        repo: createAttributeDefsRepo(),
        notifier: createNotifier({ bus: createLocalEventBus() }),
        log: server.app.log,
      });
      // Already claimed at start: a second call (a restart, another instance) adds nothing.
      expect(await service.seedDefaults()).toBe(0);
      // A database that had definitions before the seed existed: claimed, but nothing added.
      await db.delete(appSecrets).where(eq(appSecrets.name, 'seed:attribute_defs'));
      const before = await db.select({ n: sql<number>`count(*)::int` }).from(attributeDefs);
      expect(await service.seedDefaults()).toBe(0);
      const after = await db.select({ n: sql<number>`count(*)::int` }).from(attributeDefs);
      expect(after[0]!.n).toBe(before[0]!.n);
      expect(await service.seedDefaults()).toBe(0);
    });
  });

  describe('list', () => {
    it('sorts by name and createdAt in both directions and filters by keyword', async () => {
      const prefix = uniqueName('정렬');
      for (const n of ['가', '나', '다'])
        expect((await create({ name: `${prefix}${n}`, selectableValues: ['x'] })).status).toBe(201);
      const get = (query: Record<string, string>) =>
        http.get<AttributeDefDto[]>(BASE, {
          token: user.accessToken,
          query: { keywordLike: prefix, ...query },
        });
      expect((await get({ sortBy: 'name', sortDirection: 'ASCENDING' })).body.map((d) => d.name)).toEqual([
        `${prefix}가`,
        `${prefix}나`,
        `${prefix}다`,
      ]);
      expect((await get({ sortBy: 'name', sortDirection: 'DESCENDING' })).body.map((d) => d.name)).toEqual([
        `${prefix}다`,
        `${prefix}나`,
        `${prefix}가`,
      ]);
      expect(
        (await get({ sortBy: 'createdAt', sortDirection: 'ASCENDING' })).body.map((d) => d.name),
      ).toEqual([`${prefix}가`, `${prefix}나`, `${prefix}다`]);
      expect((await get({ sortBy: 'createdAt', sortDirection: 'whatever' })).body.map((d) => d.name)).toEqual(
        [`${prefix}다`, `${prefix}나`, `${prefix}가`],
      );
      // Default: name ascending; keyword is case-insensitive and literal.
      const all = await http.get<AttributeDefDto[]>(BASE, { token: user.accessToken });
      const names = all.body.map((d) => d.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect((await http.get(BASE, { token: user.accessToken, query: { keywordLike: '%' } })).body).toEqual(
        [],
      );
      expect(
        (await http.get(BASE, { token: user.accessToken, query: { keywordLike: '계' } })).body.map(
          (d: AttributeDefDto) => d.name,
        ),
      ).toContain('계절');
    });

    it('refuses bad sort fields and huge keywords with 400', async () => {
      expect((await http.get(BASE, { token: user.accessToken, query: { sortBy: 'password' } })).status).toBe(
        400,
      );
      expect(
        (await http.get(BASE, { token: user.accessToken, query: { keywordLike: 'x'.repeat(101) } })).status,
      ).toBe(400);
    });
  });

  describe('create', () => {
    it('creates with trimmed options, blanks dropped (201)', async () => {
      const name = uniqueName('핏');
      const res = await create({
        name: `  ${name}  `,
        selectableValues: [' 슬림 ', '', '  ', '레귤러', '오버'],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.any(String),
        name,
        selectableValues: ['슬림', '레귤러', '오버'],
      });
      expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    });

    it('refuses a taken name case-insensitively (409)', async () => {
      const name = uniqueName('Fit');
      expect((await create({ name, selectableValues: ['a'] })).status).toBe(201);
      const dup = await create({ name: name.toUpperCase(), selectableValues: ['b'] });
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({
        exceptionName: 'DuplicateAttributeNameException',
        message: ko.attributes.nameTaken,
        details: { name: ko.attributes.nameTaken },
      });
      expect((await create({ name: '두께', selectableValues: ['a'] })).status).toBe(409);
    });

    it.each([
      [{ name: '   ', selectableValues: ['a'] }, ko.attributes.nameRequired],
      [{ selectableValues: ['a'] }, ko.attributes.nameRequired],
      [{ name: 'x'.repeat(51), selectableValues: ['a'] }, ko.validation.textTooLong],
      [{ name: 'opt', selectableValues: [] }, ko.attributes.optionRequired],
      [{ name: 'opt', selectableValues: ['', '   '] }, ko.attributes.optionRequired],
      [{ name: 'opt' }, ko.attributes.optionRequired],
      [{ name: 'opt', selectableValues: ['Black', ' black '] }, ko.attributes.optionDuplicated],
      [{ name: 'opt', selectableValues: ['x'.repeat(51)] }, ko.validation.textTooLong],
      [
        { name: 'opt', selectableValues: Array.from({ length: 51 }, (_, i) => `v${i}`) },
        ko.validation.textTooLong,
      ],
      [{ name: 123, selectableValues: ['a'] }, ko.attributes.nameRequired],
      [{ name: 'opt', selectableValues: 'a,b' }, ko.attributes.optionRequired],
      [{ name: 'opt', selectableValues: [1, 2] }, undefined],
    ])('answers bad input %j with 400', async (body, message) => {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.exceptionName).toBe('InvalidInputException');
      if (message) expect(res.body.message).toBe(message);
    });

    it('answers a missing or broken body with 400', async () => {
      expect((await http.post(BASE, { token: admin.accessToken })).status).toBe(400);
      const broken = await http.post(BASE, {
        token: admin.accessToken,
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.status).toBe(400);
    });

    it('notifies every user but the administrator who made the change, inside the same transaction', async () => {
      const name = uniqueName('알림');
      const { db } = server.database;
      const userCount = (await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
      const res = await create({ name, selectableValues: ['a'] });
      expect(res.status).toBe(201);
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.content, ko.attributes.notifyAdded(name)));
      expect(rows).toHaveLength(userCount - 1);
      expect(new Set(rows.map((r) => r.receiverId)).size).toBe(userCount - 1);
      expect(rows.map((r) => r.receiverId)).not.toContain(admin.id);
      expect(rows[0]!.title).toBe(ko.attributes.notifyAddedTitle);
      expect(rows[0]!.title).toContain('속성');
      expect(rows[0]!.content).toContain('속성');
      // A refused create records nothing.
      expect((await create({ name, selectableValues: ['b'] })).status).toBe(409);
      expect(
        await db
          .select()
          .from(notifications)
          .where(eq(notifications.content, ko.attributes.notifyAdded(name))),
      ).toHaveLength(userCount - 1);
    });
  });

  describe('changes and the clothes that use them', () => {
    async function garmentWith(definitionId: string, value: string) {
      const res = await http.post<ClothesDto>('/api/clothes', {
        token: user.accessToken,
        form: multipartRequest({
          ownerId: user.id,
          name: '테스트 옷',
          type: 'TOP',
          attributes: [{ definitionId, value }],
        }),
      });
      expect(res.status).toBe(201);
      return res.body;
    }
    const valuesOf = (definitionId: string) =>
      server.database.db
        .select()
        .from(clothesAttributes)
        .where(eq(clothesAttributes.definitionId, definitionId));

    it('keeps values on rename, drops values of removed options, respells changed case, notifies', async () => {
      const def = (await create({ name: uniqueName('색감'), selectableValues: ['warm', 'cool', 'neutral'] }))
        .body;
      const warm = await garmentWith(def.id, 'warm');
      const cool = await garmentWith(def.id, 'COOL');
      expect(cool.attributes).toEqual([
        {
          definitionId: def.id,
          definitionName: def.name,
          selectableValues: def.selectableValues,
          value: 'cool',
        },
      ]);

      const newName = uniqueName('톤');
      const renamed = await http.patch<AttributeDefDto>(`${BASE}/${def.id}`, {
        token: admin.accessToken,
        json: { name: newName, selectableValues: ['Warm', 'neutral', 'pastel'] },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        id: def.id,
        name: newName,
        selectableValues: ['Warm', 'neutral', 'pastel'],
        createdAt: def.createdAt,
      });

      const rows = await valuesOf(def.id);
      // warm survives under its new spelling; cool's option is gone, and so is its value.
      expect(rows.map((r) => [r.clothesId, r.value])).toEqual([[warm.id, 'Warm']]);
      const list = await http.get<{ data: ClothesDto[] }>('/api/clothes', {
        token: user.accessToken,
        query: { ownerId: user.id, limit: 100 },
      });
      const seen = new Map(list.body.data.map((c) => [c.id, c]));
      expect(seen.get(warm.id)!.attributes).toEqual([
        {
          definitionId: def.id,
          definitionName: newName,
          selectableValues: ['Warm', 'neutral', 'pastel'],
          value: 'Warm',
        },
      ]);
      expect(seen.get(cool.id)!.attributes).toEqual([]);

      const changed = await server.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.receiverId, user.id),
            eq(notifications.content, ko.attributes.notifyRenamed(def.name, newName)),
          ),
        );
      expect(changed).toHaveLength(1);
      expect(changed[0]!.title).toBe(ko.attributes.notifyChangedTitle);
    });

    it('deleting a definition deletes its values (cascade) and answers 204, then 404', async () => {
      const def = (await create({ name: uniqueName('삭제'), selectableValues: ['a', 'b'] })).body;
      const garment = await garmentWith(def.id, 'a');
      expect(await valuesOf(def.id)).toHaveLength(1);
      const res = await http.delete(`${BASE}/${def.id}`, { token: admin.accessToken });
      expect(res.status).toBe(204);
      expect(res.body).toBe('');
      expect(await valuesOf(def.id)).toHaveLength(0);
      const list = await http.get<{ data: ClothesDto[] }>('/api/clothes', {
        token: user.accessToken,
        query: { ownerId: user.id, limit: 100 },
      });
      expect(list.body.data.find((c) => c.id === garment.id)!.attributes).toEqual([]);
      expect((await http.delete(`${BASE}/${def.id}`, { token: admin.accessToken })).status).toBe(404);
      const notes = await server.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.content, ko.attributes.notifyDeleted(def.name)));
      expect(notes.length).toBeGreaterThan(0);
      expect(notes.map((n) => n.receiverId)).not.toContain(admin.id);
    });

    it('answers unknown ids with 404, bad ids with 400 and a taken name with 409', async () => {
      const body = { name: uniqueName('x'), selectableValues: ['a'] };
      const missing = await http.patch(`${BASE}/00000000-0000-4000-8000-000000000000`, {
        token: admin.accessToken,
        json: body,
      });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(ko.attributes.notFound);
      expect((await http.patch(`${BASE}/not-a-uuid`, { token: admin.accessToken, json: body })).status).toBe(
        400,
      );
      expect((await http.delete(`${BASE}/not-a-uuid`, { token: admin.accessToken })).status).toBe(400);
      const a = (await create({ name: uniqueName('A'), selectableValues: ['a'] })).body;
      const b = (await create({ name: uniqueName('B'), selectableValues: ['a'] })).body;
      const clash = await http.patch(`${BASE}/${b.id}`, {
        token: admin.accessToken,
        json: { name: a.name.toLowerCase(), selectableValues: ['a'] },
      });
      expect(clash.status).toBe(409);
      // Renaming to its own name in another case is not a clash.
      expect(
        (
          await http.patch(`${BASE}/${a.id}`, {
            token: admin.accessToken,
            json: { name: a.name.toUpperCase(), selectableValues: ['a'] },
          })
        ).status,
      ).toBe(200);
      const dupOptions = await http.patch(`${BASE}/${a.id}`, {
        token: admin.accessToken,
        json: { name: a.name, selectableValues: ['a', 'A'] },
      });
      expect(dupOptions.status).toBe(400);
      expect(dupOptions.body.message).toBe(ko.attributes.optionDuplicated);
    });
  });
});

describe('attribute definition seed across restarts', () => {
  it('does not bring back defaults an administrator deleted', async () => {
    const database = await createTestDatabase();
    try {
      const first = await startServer({ database });
      const admin = await createUser(first, { role: 'ADMIN' });
      const http = httpClient(first.url);
      const defs = (await http.get<AttributeDefDto[]>(BASE, { token: admin.accessToken })).body;
      expect(defs.map((d) => d.name).sort()).toEqual([...DEFAULT_NAMES].sort());
      for (const d of defs)
        expect((await http.delete(`${BASE}/${d.id}`, { token: admin.accessToken })).status).toBe(204);
      await first.close();

      const second = await startServer({ database });
      const again = await createUser(second, { role: 'ADMIN' });
      expect((await httpClient(second.url).get(BASE, { token: again.accessToken })).body).toEqual([]);
      await second.close();
    } finally {
      await database.drop();
    }
  });

  it('seeds exactly once when two instances start together on one database', async () => {
    const database = await createTestDatabase();
    try {
      const [a, b] = await Promise.all([startServer({ database }), startServer({ database })]);
      const rows = await a.database.db.select({ name: attributeDefs.name }).from(attributeDefs);
      expect(rows.map((r) => r.name).sort()).toEqual([...DEFAULT_NAMES].sort());
      await Promise.all([a.close(), b.close()]);
    } finally {
      await database.drop();
    }
  });
});
