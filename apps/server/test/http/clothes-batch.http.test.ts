import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type AttributeDefDto, type ClothesDto, type ErrorBody } from '@otboo/contract';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

describe('PATCH /api/clothes/batch', () => {
  let server: TestServer;
  let http: HttpClient;
  let owner: TestUser;
  let other: TestUser;
  let colour: AttributeDefDto;
  let season: AttributeDefDto;

  const create = async (user: TestUser, name: string, type = 'TOP', attributes: unknown[] = []) => {
    const res = await http.post<ClothesDto>('/api/clothes', {
      token: user.accessToken,
      form: multipartRequest({ ownerId: user.id, name, type, attributes }),
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const batch = (user: TestUser | null, json: unknown) =>
    http.patch<ClothesDto[] & ErrorBody>('/api/clothes/batch', {
      ...(user ? { token: user.accessToken } : {}),
      json,
    });
  const get = async (user: TestUser, id: string) => {
    const page = await http.get<{ data: ClothesDto[] }>('/api/clothes', {
      token: user.accessToken,
      query: { ownerId: user.id, limit: 100 },
    });
    return page.body.data.find((c) => c.id === id);
  };

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [owner, other] = await Promise.all([
      createUser(server, { prefix: 'batch' }),
      createUser(server, { prefix: 'other' }),
    ]);
    const defs = (
      await http.get<AttributeDefDto[]>('/api/clothes/attribute-defs', { token: owner.accessToken })
    ).body;
    colour = defs.find((d) => d.name === '색상')!;
    season = defs.find((d) => d.name === '계절')!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 401 without a token, 403 for another owner’s garment and then changes nothing', async () => {
    const mine = await create(owner, '내 셔츠');
    const theirs = await create(other, '남의 셔츠', 'TOP', [{ definitionId: colour.id, value: '블랙' }]);
    expect((await batch(null, { clothesIds: [mine.id], type: 'OUTER' })).status).toBe(401);
    const res = await batch(owner, {
      clothesIds: [mine.id, theirs.id],
      type: 'OUTER',
      attribute: { definitionId: colour.id, value: '화이트' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      exceptionName: 'ClothesForbiddenException',
      message: ko.clothes.batch.notOwner,
    });
    expect((await get(owner, mine.id))?.type).toBe('TOP');
    expect((await get(owner, mine.id))?.attributes).toEqual([]);
    const still = await get(other, theirs.id);
    expect(still?.type).toBe('TOP');
    expect(still?.attributes.map((a) => a.value)).toEqual(['블랙']);
  });

  it('answers 404 for an unknown id and 400 for bad input, changing nothing', async () => {
    const mine = await create(owner, '바지', 'BOTTOM');
    const unknown = await batch(owner, { clothesIds: [mine.id, randomUUID()], type: 'OUTER' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ko.clothes.batch.notFound);
    expect((await batch(owner, { clothesIds: [], type: 'TOP' })).body.message).toBe(ko.clothes.batch.empty);
    const tooMany = await batch(owner, {
      clothesIds: Array.from({ length: 101 }, () => randomUUID()),
      type: 'TOP',
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(ko.clothes.batch.tooMany(100));
    const nothing = await batch(owner, { clothesIds: [mine.id] });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(ko.clothes.batch.nothingToChange);
    const badType = await batch(owner, { clothesIds: [mine.id], type: 'CAPE' });
    expect(badType.status).toBe(400);
    const badValue = await batch(owner, {
      clothesIds: [mine.id],
      attribute: { definitionId: colour.id, value: '무지개' },
    });
    expect(badValue.status).toBe(400);
    expect(badValue.body.message).toBe(ko.clothes.attributeValueInvalid);
    const badDef = await batch(owner, {
      clothesIds: [mine.id],
      attribute: { definitionId: randomUUID(), value: 'x' },
    });
    expect(badDef.status).toBe(400);
    expect((await get(owner, mine.id))?.type).toBe('BOTTOM');
  });

  it('sets a type and an attribute value on several garments at once, and clears it with a blank value', async () => {
    const a = await create(owner, '코트 A', 'TOP', [{ definitionId: season.id, value: '겨울' }]);
    const b = await create(owner, '코트 B', 'TOP', [{ definitionId: colour.id, value: '블랙' }]);
    const c = await create(owner, '코트 C', 'ETC');
    const res = await batch(owner, {
      clothesIds: [c.id, a.id, b.id, a.id],
      type: 'OUTER',
      attribute: { definitionId: colour.id, value: '네이비' },
    });
    expect(res.status).toBe(200);
    expect(res.body.map((d) => d.id)).toEqual([c.id, a.id, b.id]);
    for (const dto of res.body) {
      expect(dto.type).toBe('OUTER');
      expect(dto.attributes.find((x) => x.definitionId === colour.id)?.value).toBe('네이비');
    }
    // Other attributes stay.
    expect(res.body[1]!.attributes.find((x) => x.definitionId === season.id)?.value).toBe('겨울');
    expect((await get(owner, b.id))?.attributes.find((x) => x.definitionId === colour.id)?.value).toBe(
      '네이비',
    );

    const cleared = await batch(owner, {
      clothesIds: [a.id, b.id],
      attribute: { definitionId: colour.id, value: null },
    });
    expect(cleared.status).toBe(200);
    expect(
      cleared.body.every(
        (d) => d.type === 'OUTER' && !d.attributes.some((x) => x.definitionId === colour.id),
      ),
    ).toBe(true);
    // The value is stored in the option's spelling, whatever case was sent.
    const cased = await batch(owner, {
      clothesIds: [c.id],
      attribute: { definitionId: season.id, value: '여름' },
    });
    expect(cased.body[0]!.attributes.find((x) => x.definitionId === season.id)?.value).toBe('여름');
  });

  it('sets and clears several attributes in one batch, all or nothing', async () => {
    const a = await create(owner, '니트 A', 'TOP', [{ definitionId: season.id, value: '가을' }]);
    const b = await create(owner, '니트 B', 'TOP', [
      { definitionId: colour.id, value: '블랙' },
      { definitionId: season.id, value: '여름' },
    ]);
    const res = await batch(owner, {
      clothesIds: [a.id, b.id],
      type: 'OUTER',
      attributes: [
        { definitionId: colour.id, value: '그레이' },
        { definitionId: season.id, value: null },
      ],
    });
    expect(res.status).toBe(200);
    for (const dto of res.body) {
      expect(dto.type).toBe('OUTER');
      expect(dto.attributes.map((x) => [x.definitionName, x.value])).toEqual([['색상', '그레이']]);
    }
    expect((await get(owner, a.id))?.attributes.map((x) => x.value)).toEqual(['그레이']);

    // A bad value in the second change refuses the whole batch: the first is not applied either.
    const bad = await batch(owner, {
      clothesIds: [a.id, b.id],
      attributes: [
        { definitionId: colour.id, value: '블랙' },
        { definitionId: season.id, value: '무지개' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: ko.clothes.attributeValueInvalid,
      details: { 'attributes.1.value': ko.clothes.attributeValueInvalid },
    });
    const unknownDef = await batch(owner, {
      clothesIds: [a.id],
      attributes: [
        { definitionId: season.id, value: '겨울' },
        { definitionId: randomUUID(), value: null },
      ],
    });
    expect(unknownDef.status).toBe(400);
    expect(unknownDef.body.message).toBe(ko.clothes.attributeUnknown);
    // Another user's garment among them: 403, and nothing of the owner's changes.
    const theirs = await create(other, '남의 니트', 'TOP');
    const foreign = await batch(owner, {
      clothesIds: [a.id, theirs.id],
      attributes: [{ definitionId: colour.id, value: null }],
    });
    expect(foreign.status).toBe(403);
    for (const id of [a.id, b.id]) {
      const still = await get(owner, id);
      expect(still?.attributes.map((x) => x.value)).toEqual(['그레이']);
    }
  });

  it('refuses malformed attribute lists with Korean messages, changing nothing', async () => {
    const mine = await create(owner, '셔츠 X', 'TOP', [{ definitionId: colour.id, value: '화이트' }]);
    const refused = async (json: unknown) => {
      const res = await batch(owner, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.message).toMatch(/[가-힣]/);
      return res.body;
    };
    const dup = await refused({
      clothesIds: [mine.id],
      attributes: [
        { definitionId: colour.id, value: '블랙' },
        { definitionId: colour.id, value: null },
      ],
    });
    expect(dup.message).toBe(ko.clothes.attributeDuplicated);
    expect(
      (
        await refused({
          clothesIds: [mine.id],
          attribute: { definitionId: colour.id, value: '블랙' },
          attributes: [{ definitionId: season.id, value: '봄' }],
        })
      ).message,
    ).toBe(ko.clothes.batch.attributeAndAttributes);
    expect((await refused({ clothesIds: [mine.id], attributes: [] })).message).toBe(
      ko.clothes.batch.nothingToChange,
    );
    // The value is required in the list: leaving it out is not a removal.
    await refused({ clothesIds: [mine.id], attributes: [{ definitionId: colour.id }] });
    await refused({ clothesIds: [mine.id], attributes: [{ definitionId: 'colour', value: '블랙' }] });
    await refused({ clothesIds: [mine.id], attributes: [{ definitionId: colour.id, value: 7 }] });
    await refused({ clothesIds: [mine.id], attributes: { definitionId: colour.id, value: '블랙' } });
    await refused({
      clothesIds: [mine.id],
      attributes: [{ definitionId: colour.id, value: 'x'.repeat(5000) }],
    });
    await refused({
      clothesIds: [mine.id],
      attributes: Array.from({ length: 31 }, () => ({ definitionId: randomUUID(), value: null })),
    });
    // Strict bodies: an unknown field, at the top or inside a change, is refused by name.
    const extra = await refused({ clothesIds: [mine.id], type: 'TOP', name: '새 이름' });
    expect(extra.message).toContain('name');
    await refused({
      clothesIds: [mine.id],
      attributes: [{ definitionId: colour.id, value: '블랙', remove: true }],
    });
    expect(
      (await batch(null, { clothesIds: [mine.id], attributes: [{ definitionId: colour.id, value: null }] }))
        .status,
    ).toBe(401);
    const still = await get(owner, mine.id);
    expect(still?.name).toBe('셔츠 X');
    expect(still?.attributes.map((x) => x.value)).toEqual(['화이트']);
  });
});
