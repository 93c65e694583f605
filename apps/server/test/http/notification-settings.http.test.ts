import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, ko } from '@otboo/contract';
import { rowsOf } from '../../src/db/rows.js';
import { notifications, notificationSettings, profiles } from '../../src/db/schema/index.js';
import { dueUsersSql } from '../../src/domains/notification-settings/notification-settings.repo.js';
import { seoulDate, startOpenMeteoFake, type OpenMeteoFake } from '../fakes/open-meteo.js';
import { startPushServiceFake, type PushServiceFake } from '../fakes/push-service.js';
import { insertClothesRow } from '../support/db-rows.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { openSse } from '../support/sse-client.js';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../support/start-server.js';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const TITLE = ko.notificationSettings.morningTitle;
/** Today (real, Seoul) at a wall-clock time: the forecasts the fake serves start today. */
const seoulAt = (hhmm: string) => Date.parse(`${seoulDate(Date.now())}T${hhmm}:00+09:00`);
const WEATHER_TEXT = /^(맑음|구름많음|흐림|비|눈|비\/눈|소나기) -?\d+°\/-?\d+° · /;

async function setLocation(server: TestServer, user: TestUser) {
  await server.database.db
    .update(profiles)
    .set({
      latitude: 37.5665,
      longitude: 126.978,
      gridX: 60,
      gridY: 127,
      locationNames: ['서울특별시', '중구'],
    })
    .where(eq(profiles.userId, user.id));
}

async function morningOf(server: TestServer, userIds: readonly string[]) {
  return server.database.db
    .select()
    .from(notifications)
    .where(and(inArray(notifications.receiverId, [...userIds]), eq(notifications.title, TITLE)));
}

const enable = (http: HttpClient, user: TestUser, time = '07:00') =>
  http.patch(`/api/users/${user.id}/notification-settings`, {
    token: user.accessToken,
    json: { morningOutfit: { enabled: true, time } },
  });

describe('notification settings', () => {
  let server: TestServer;
  let http: HttpClient;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [alice, bob] = await Promise.all([createUser(server), createUser(server)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const path = (user: { id: string }) => `/api/users/${user.id}/notification-settings`;

  it('answers 401 without a token, 403 for someone else, 400 for a malformed id', async () => {
    expect((await http.get(path(alice))).status).toBe(401);
    expect((await http.patch(path(alice), { json: { push: { likes: false } } })).status).toBe(401);
    const other = await http.get(path(alice), { token: bob.accessToken });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(ko.notificationSettings.notSelf);
    const otherPatch = await http.patch(path(alice), {
      token: bob.accessToken,
      json: { push: { likes: false } },
    });
    expect(otherPatch.status).toBe(403);
    expect((await http.get(path({ id: MISSING_ID }), { token: bob.accessToken })).status).toBe(403);
    expect(
      (await http.get('/api/users/not-a-uuid/notification-settings', { token: bob.accessToken })).status,
    ).toBe(400);
    expect((await http.get(path(alice), { token: alice.accessToken })).body).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS,
    );
  });

  it('refuses times outside 00:00–23:59 and wrong types, in Korean', async () => {
    for (const time of [
      '24:00',
      '7:5',
      '7:05',
      '07:60',
      '0700',
      ' 07:00',
      '07:00:00',
      '',
      '오전 7시',
      '23:5９',
    ]) {
      const res = await http.patch(path(alice), {
        token: alice.accessToken,
        json: { morningOutfit: { time } },
      });
      expect(res.status, time).toBe(400);
      expect(res.body.message, time).toBe(ko.notificationSettings.timeInvalid);
      expect(res.body.details['morningOutfit.time']).toBe(ko.notificationSettings.timeInvalid);
    }
    const wrongTypes: [unknown, string][] = [
      [{ morningOutfit: { time: 700 } }, 'morningOutfit.time'],
      [{ morningOutfit: { enabled: 'yes' } }, 'morningOutfit.enabled'],
      [{ morningOutfit: null }, 'morningOutfit'],
      [{ push: { likes: 'false' } }, 'push.likes'],
      [{ push: [] }, 'push'],
      ['settings', ''],
    ];
    for (const [json, field] of wrongTypes) {
      const res = await http.patch(path(alice), { token: alice.accessToken, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.message).toMatch(/[가-힣]/);
      if (field) expect(Object.keys(res.body.details), JSON.stringify(json)).toContain(field);
    }
    expect((await http.get(path(alice), { token: alice.accessToken })).body).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS,
    );
  });

  it('refuses unknown fields at every level with a 400 naming them, and changes nothing', async () => {
    const user = await createUser(server);
    const saved = await http.patch(path(user), { token: user.accessToken, json: { push: { likes: false } } });
    expect(saved.status).toBe(200);
    for (const [json, field] of [
      [{ sound: true }, 'sound'],
      [{ push: { sms: true } }, 'push.sms'],
      [{ push: { likes: true, sms: true } }, 'push.sms'],
      [{ morningOutfit: { enabled: true, timezone: 'UTC' } }, 'morningOutfit.timezone'],
      [{ morningOutfit: { enabled: true }, push: { comments: false }, extra: 1 }, 'extra'],
    ] as const) {
      const res = await http.patch(path(user), { token: user.accessToken, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.exceptionName).toBe('InvalidInputException');
      expect(res.body.details).toEqual({ [field]: ko.validation.unknownFields(field) });
      expect(res.body.message).toBe(ko.validation.unknownFields(field));
    }
    expect((await http.get(path(user), { token: user.accessToken })).body).toEqual(saved.body);
  });

  it('changes only what is sent and answers the whole settings', async () => {
    const first = await http.patch(path(alice), {
      token: alice.accessToken,
      json: { push: { likes: false } },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      push: { ...DEFAULT_NOTIFICATION_SETTINGS.push, likes: false },
    });
    const second = await http.patch(path(alice), {
      token: alice.accessToken,
      json: { morningOutfit: { enabled: true, time: '06:05' }, push: { weather: false } },
    });
    expect(second.body).toEqual({
      morningOutfit: { enabled: true, time: '06:05' },
      push: { ...DEFAULT_NOTIFICATION_SETTINGS.push, likes: false, weather: false },
    });
    expect((await http.patch(path(alice), { token: alice.accessToken, json: {} })).body).toEqual(second.body);
    expect((await http.get(path(alice), { token: alice.accessToken })).body).toEqual(second.body);
    for (const time of ['00:00', '23:59']) {
      const res = await http.patch(path(alice), {
        token: alice.accessToken,
        json: { morningOutfit: { time } },
      });
      expect(res.body.morningOutfit.time).toBe(time);
    }
    // Bob's are untouched.
    expect((await http.get(path(bob), { token: bob.accessToken })).body).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS,
    );
  });
});

describe('the morning outfit', () => {
  let weatherFake: OpenMeteoFake;
  let pushFake: PushServiceFake;
  let server: TestServer;
  let http: HttpClient;
  let clock = seoulAt('06:59');
  let dressed: TestUser;
  let emptyCloset: TestUser;
  let nowhere: TestUser;
  let later: TestUser;
  let off: TestUser;

  beforeAll(async () => {
    [weatherFake, pushFake] = await Promise.all([startOpenMeteoFake(), startPushServiceFake()]);
    server = await startServer({
      env: { OPEN_METEO_URL: weatherFake.url, PUSH_ALLOW_PRIVATE: 'true' },
      overrides: { morningOutfit: { now: () => clock, tickMs: 50 } },
    });
    http = httpClient(server.url);
    [dressed, emptyCloset, nowhere, later, off] = await Promise.all(
      ['옷부자', '빈옷장', '위치없음', '늦잠꾸러기', '알림끔'].map((name) => createUser(server, { name })),
    );
    for (const u of [dressed, emptyCloset, later, off]) await setLocation(server, u);
    for (const [name, type] of [
      ['울 코트', 'OUTER'],
      ['니트', 'TOP'],
      ['청바지', 'BOTTOM'],
      ['첼시 부츠', 'SHOES'],
    ] as const)
      await insertClothesRow(server, dressed.id, { name, type });
    for (const u of [dressed, emptyCloset, nowhere]) expect((await enable(http, u)).status).toBe(200);
    expect((await enable(http, later, '08:00')).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await weatherFake?.close();
    await pushFake?.close();
  });

  it('sends one per due user at their minute, with the weather and the pieces, through the list, SSE and push', async () => {
    const devices = { dressed: pushFake.device(), emptyCloset: pushFake.device() };
    for (const [user, device] of [
      [dressed, devices.dressed],
      [emptyCloset, devices.emptyCloset],
    ] as const) {
      const res = await http.post('/api/push/subscriptions', {
        token: user.accessToken,
        json: device.subscription,
      });
      expect(res.status).toBe(201);
    }
    const sse = await openSse(server.url, { token: dressed.accessToken });
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(await morningOf(server, [dressed.id, emptyCloset.id, nowhere.id])).toEqual([]);

      clock = seoulAt('07:00');
      await expect
        .poll(async () => (await morningOf(server, [dressed.id, emptyCloset.id, nowhere.id])).length, {
          timeout: 15_000,
        })
        .toBe(3);
      // More ticks of the same minute and later minutes of the day add nothing.
      await new Promise((r) => setTimeout(r, 300));
      clock = seoulAt('07:30');
      await new Promise((r) => setTimeout(r, 300));
      const sent = await morningOf(server, [dressed.id, emptyCloset.id, nowhere.id, later.id, off.id]);
      expect(sent.map((n) => n.receiverId).sort()).toEqual([dressed.id, emptyCloset.id, nowhere.id].sort());

      const of = (u: TestUser) => sent.find((n) => n.receiverId === u.id)!;
      expect(of(dressed).content).toMatch(WEATHER_TEXT);
      const pieces = of(dressed).content.split(' · ')[1]!.split(', ');
      expect(pieces.length).toBeGreaterThan(0);
      for (const piece of pieces) expect(['울 코트', '니트', '청바지', '첼시 부츠']).toContain(piece);
      expect(of(emptyCloset).content).toMatch(WEATHER_TEXT);
      expect(of(emptyCloset).content.endsWith(ko.notificationSettings.morningEmptyCloset)).toBe(true);
      expect(of(nowhere).content).toBe('위치를 설정하면 매일 아침 옷을 추천해드려요');

      const [event] = await sse.waitForEvents(1, { timeoutMs: 5_000 });
      expect(JSON.parse(event!.data)).toMatchObject({
        title: '오늘의 옷 추천',
        content: of(dressed).content,
      });
      const listed = await http.get('/api/notifications', { token: dressed.accessToken });
      expect(listed.body.data[0]).toMatchObject({ title: '오늘의 옷 추천', content: of(dressed).content });
      // A tap opens the home on the day it was sent (Asia/Seoul).
      const day = listed.body.data[0].target.date as string;
      expect(listed.body.data[0].target).toEqual({
        kind: 'HOME',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });

      const pushed = await pushFake.waitFor((p) => p.deviceId === devices.dressed.id);
      expect(pushed.payload).toMatchObject({
        title: TITLE,
        content: of(dressed).content,
        url: `/#/recommendations?date=${day}`,
      });
      const closet = await pushFake.waitFor((p) => p.deviceId === devices.emptyCloset.id);
      expect(closet.payload.url).toBe('/#/closet');

      clock = seoulAt('08:00');
      await expect
        .poll(async () => (await morningOf(server, [later.id])).length, { timeout: 15_000 })
        .toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(
        await morningOf(server, [dressed.id, emptyCloset.id, nowhere.id, later.id, off.id]),
      ).toHaveLength(4);
    } finally {
      sse.close();
    }
  });

  it('sends again the next day, once', async () => {
    clock = seoulAt('07:00') + 86_400_000;
    await expect
      .poll(async () => (await morningOf(server, [nowhere.id])).length, { timeout: 15_000 })
      .toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(await morningOf(server, [nowhere.id])).toHaveLength(2);
  });
});

describe('the morning outfit across restarts and instances', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('serves the users a stopped instance left, late, and nobody twice', async () => {
    let clock = seoulAt('06:00');
    const overrides = { morningOutfit: { now: () => clock, tickMs: 20, batchSize: 1 } };
    const first = await startServer({ database, overrides });
    const users: TestUser[] = [];
    try {
      const http = httpClient(first.url);
      users.push(...(await Promise.all(Array.from({ length: 6 }, () => createUser(first)))));
      for (const u of users) expect((await enable(http, u)).status).toBe(200);
      clock = seoulAt('07:00');
      // Stop as soon as the first is sent: the run ends between batches, leaving the rest unserved.
      await expect
        .poll(
          async () =>
            (
              await morningOf(
                first,
                users.map((u) => u.id),
              )
            ).length,
          {
            timeout: 15_000,
            interval: 5,
          },
        )
        .toBeGreaterThan(0);
    } finally {
      await first.close();
    }
    clock = seoulAt('07:02');
    const second = await startServer({ database, overrides });
    try {
      await expect
        .poll(
          async () =>
            (
              await morningOf(
                second,
                users.map((u) => u.id),
              )
            ).length,
          {
            timeout: 15_000,
          },
        )
        .toBe(users.length);
      await new Promise((r) => setTimeout(r, 300));
      const sent = await morningOf(
        second,
        users.map((u) => u.id),
      );
      expect(new Set(sent.map((n) => n.receiverId)).size).toBe(users.length);
      expect(sent).toHaveLength(users.length);
    } finally {
      await second.close();
    }
  }, 90_000);

  // Several instances share a database only on PostgreSQL.
  it('sends exactly one per user when two instances run the job', async () => {
    let clock = seoulAt('05:00');
    const overrides = { morningOutfit: { now: () => clock, tickMs: 10, batchSize: 3 } };
    const [a, b] = [await startServer({ database, overrides }), await startServer({ database, overrides })];
    try {
      const http = httpClient(a.url);
      const users: TestUser[] = [];
      users.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => createUser(i % 2 ? a : b)))));
      for (const u of users) expect((await enable(http, u, '05:30')).status).toBe(200);
      clock = seoulAt('05:30');
      await expect
        .poll(
          async () =>
            (
              await morningOf(
                a,
                users.map((u) => u.id),
              )
            ).length,
          {
            timeout: 15_000,
          },
        )
        .toBe(users.length);
      await new Promise((r) => setTimeout(r, 500));
      const sent = await morningOf(
        b,
        users.map((u) => u.id),
      );
      expect(sent).toHaveLength(users.length);
      expect(new Set(sent.map((n) => n.receiverId)).size).toBe(users.length);
      const enabled = await a.database.db
        .select()
        .from(notificationSettings)
        .where(
          inArray(
            notificationSettings.userId,
            users.map((u) => u.id),
          ),
        );
      expect(enabled.every((s) => s.morningEnabled && s.morningMinute === 330)).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 90_000);
});

describe('the morning outfit: the due-users query', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads the partial index on the morning minute, not every user', async () => {
    const query = dueUsersSql({
      day: seoulDate(Date.now()),
      fromMinute: 240,
      toMinute: 420,
      after: { minute: 300, userId: MISSING_ID },
      limit: 200,
    });
    // With sequential scans discouraged a usable index is taken whatever the (tiny) table's size.
    const plan = await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(tx, sql`explain (format json) ${query}`);
      return JSON.stringify(row?.['QUERY PLAN']);
    });
    expect(plan).toContain('notification_settings_morning_idx');
  });
});
