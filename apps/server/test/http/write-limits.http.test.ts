import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DM_SEND_DESTINATION, ko, type FeedDto } from '@otboo/contract';
import {
  clothes,
  directMessages,
  feedComments,
  feedLikes,
  feeds,
  follows,
  notifications,
} from '../../src/db/schema/index.js';
import { insertWeatherRow, type WeatherRow } from '../support/db-rows.js';
import { createUser, signIn, type TestUser } from '../support/factories.js';
import { httpClient, multipartRequest, type HttpClient, type HttpResponse } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';
import { directMessageTopic, openRawStomp } from '../support/stomp-client.js';

const BURST = 3;

/**
 * Per-user write budgets (plugins/write-limits.ts) with a small burst and one token a minute, so nothing refills
 * during the test: the write after the burst is refused with 429, `Retry-After` and a Korean message, nothing
 * of it is stored, and other users and other kinds of write are not affected.
 */
describe('per-user write limits', () => {
  let server: TestServer;
  let http: HttpClient;
  let weather: WeatherRow;

  beforeAll(async () => {
    server = await startServer({ env: { WRITE_RATE_BURST: String(BURST), WRITE_RATE_PER_MINUTE: '1' } });
    http = httpClient(server.url);
    weather = await insertWeatherRow(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const count = async (table: PgTable, where: SQL | undefined) => {
    const [row] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where);
    return row!.n;
  };
  /** Waits until `read` stops changing (notifications are written after the request answers). */
  const settled = async (read: () => Promise<number>, expected: number) => {
    const deadline = Date.now() + 5_000;
    while ((await read()) < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    return read();
  };
  const expectLimited = (res: HttpResponse) => {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.body).toEqual({
      exceptionName: 'TooManyRequestsException',
      message: ko.common.tooManyWrites(retryAfter),
      details: {},
    });
    expect(res.body.message).toMatch(/초 후 다시 시도해주세요/);
  };
  const postFeed = (user: TestUser, content = '오늘의 옷') =>
    http.post<FeedDto>('/api/feeds', {
      token: user.accessToken,
      json: { authorId: user.id, weatherId: weather.id, clothesIds: [], content },
    });

  it('comments: the one after the burst is refused and not stored; another user still comments', async () => {
    const [author, writer, other] = await Promise.all([
      createUser(server),
      createUser(server),
      createUser(server),
    ]);
    const feed = (await postFeed(author)).body;
    const comment = (user: TestUser, content: string) =>
      http.post(`/api/feeds/${feed.id}/comments`, {
        token: user.accessToken,
        json: { feedId: feed.id, authorId: user.id, content },
      });
    for (let i = 0; i < BURST; i++) expect((await comment(writer, `댓글 ${i}`)).status).toBe(201);
    expectLimited(await comment(writer, '한 번 더'));
    expectLimited(await comment(writer, '또 한 번 더'));
    expect(await count(feedComments, eq(feedComments.authorId, writer.id))).toBe(BURST);
    const commentNotices = () =>
      count(
        notifications,
        and(eq(notifications.receiverId, author.id), eq(notifications.sourceUserId, writer.id)),
      );
    expect(await settled(commentNotices, BURST)).toBe(BURST);
    expect((await comment(other, '다른 사람')).status).toBe(201);
    // Other kinds of write have budgets of their own.
    expect((await http.post(`/api/feeds/${feed.id}/like`, { token: writer.accessToken })).status).toBe(204);
  });

  it('counts by the signed-in user, across sessions, whatever ids the payload names', async () => {
    const [author, writer] = await Promise.all([createUser(server), createUser(server)]);
    const feed = (await postFeed(author)).body;
    const second = await signIn(server, writer.email, writer.password);
    const tokens = [writer.accessToken, second.jwt.accessToken];
    for (let i = 0; i < BURST; i++) {
      const res = await http.post(`/api/feeds/${feed.id}/comments`, {
        token: tokens[i % 2],
        json: { feedId: feed.id, authorId: writer.id, content: `댓글 ${i}` },
      });
      expect(res.status).toBe(201);
    }
    const other = await http.post(`/api/feeds/${feed.id}/comments`, {
      token: second.jwt.accessToken,
      json: { feedId: feed.id, authorId: author.id, content: '남의 이름으로' },
    });
    expectLimited(other);
  });

  it('likes: like and unlike share one budget; the state stays as the last allowed write left it', async () => {
    const [author, fan, other] = await Promise.all([
      createUser(server),
      createUser(server),
      createUser(server),
    ]);
    const feed = (await postFeed(author)).body;
    const like = (user: TestUser) => http.post(`/api/feeds/${feed.id}/like`, { token: user.accessToken });
    const unlike = (user: TestUser) => http.delete(`/api/feeds/${feed.id}/like`, { token: user.accessToken });
    expect((await like(fan)).status).toBe(204);
    expect((await unlike(fan)).status).toBe(204);
    expect((await like(fan)).status).toBe(204);
    expectLimited(await unlike(fan));
    expect(await count(feedLikes, and(eq(feedLikes.feedId, feed.id), eq(feedLikes.userId, fan.id)))).toBe(1);
    expect((await like(other)).status).toBe(204);
  });

  it('follows: follow and unfollow share one budget', async () => {
    const [star, follower, other] = await Promise.all([
      createUser(server),
      createUser(server),
      createUser(server),
    ]);
    const follow = (user: TestUser) =>
      http.post('/api/follows', {
        token: user.accessToken,
        json: { followeeId: star.id, followerId: user.id },
      });
    const first = await follow(follower);
    expect(first.status).toBe(201);
    expect((await http.delete(`/api/follows/${first.body.id}`, { token: follower.accessToken })).status).toBe(
      204,
    );
    expect((await follow(follower)).status).toBe(201);
    expectLimited(await follow(follower));
    expect(await count(follows, eq(follows.followerId, follower.id))).toBe(1);
    expect((await follow(other)).status).toBe(201);
  });

  it('clothes: creating and editing share one budget; a refused upload stores nothing', async () => {
    const [owner, other] = await Promise.all([createUser(server), createUser(server)]);
    const create = (user: TestUser, name: string) =>
      http.post('/api/clothes', {
        token: user.accessToken,
        form: multipartRequest({ ownerId: user.id, name, type: 'TOP', attributes: [] }),
      });
    const made = await create(owner, '셔츠 1');
    expect(made.status).toBe(201);
    expect((await create(owner, '셔츠 2')).status).toBe(201);
    const edited = await http.patch(`/api/clothes/${made.body.id}`, {
      token: owner.accessToken,
      form: multipartRequest({ name: '고친 셔츠', type: 'TOP', attributes: [] }),
    });
    expect(edited.status).toBe(200);
    expectLimited(await create(owner, '셔츠 3'));
    const refusedEdit = await http.patch(`/api/clothes/${made.body.id}`, {
      token: owner.accessToken,
      form: multipartRequest({ name: '또 고친 셔츠', type: 'TOP', attributes: [] }),
    });
    expectLimited(refusedEdit);
    expect(await count(clothes, eq(clothes.ownerId, owner.id))).toBe(2);
    const [row] = await server.database.db.select().from(clothes).where(eq(clothes.id, made.body.id));
    expect(row!.name).toBe('고친 셔츠');
    expect((await create(other, '남의 셔츠')).status).toBe(201);
  });

  it('clothes: a batch edit of several garments and a whole import are one closet write each', async () => {
    const owner = await createUser(server);
    const made = await http.post<{ id: string }>('/api/clothes', {
      token: owner.accessToken,
      form: multipartRequest({ ownerId: owner.id, name: '셔츠', type: 'TOP', attributes: [] }),
    });
    expect(made.status).toBe(201);
    const importCsv = () => {
      const form = new FormData();
      form.append('file', new Blob(['name,type\r\n바지 1,BOTTOM\r\n바지 2,BOTTOM\r\n']), 'closet.csv');
      return http.post('/api/clothes/import', { token: owner.accessToken, form });
    };
    expect((await importCsv()).status).toBe(200);
    const [first, second] = await http
      .get<{ data: { id: string }[] }>('/api/clothes', {
        token: owner.accessToken,
        query: { ownerId: owner.id, limit: 10 },
      })
      .then((res) => res.body.data.map((c) => c.id));
    const batch = () =>
      http.patch('/api/clothes/batch', {
        token: owner.accessToken,
        json: { clothesIds: [made.body.id, first, second], type: 'OUTER' },
      });
    expect((await batch()).status).toBe(200);
    expectLimited(await importCsv());
    expectLimited(await batch());
    expect(await count(clothes, eq(clothes.ownerId, owner.id))).toBe(3);
  });

  it('feeds: creating and editing share one budget', async () => {
    const [author, other] = await Promise.all([createUser(server), createUser(server)]);
    const first = await postFeed(author, '첫 글');
    expect(first.status).toBe(201);
    expect((await postFeed(author, '둘째 글')).status).toBe(201);
    const edit = (content: string) =>
      http.patch(`/api/feeds/${first.body.id}`, { token: author.accessToken, json: { content } });
    expect((await edit('고친 글')).status).toBe(200);
    expectLimited(await postFeed(author, '셋째 글'));
    expectLimited(await edit('또 고친 글'));
    expect(await count(feeds, eq(feeds.authorId, author.id))).toBe(2);
    const [row] = await server.database.db.select().from(feeds).where(eq(feeds.id, first.body.id));
    expect(row!.content).toBe('고친 글');
    expect((await postFeed(other, '다른 사람 글')).status).toBe(201);
  });

  describe('direct messages over STOMP', () => {
    it('answers a flood with ERROR (429, retry-after, Korean) after the burst, storing and delivering nothing more', async () => {
      const [sender, receiver, other] = await Promise.all([
        createUser(server),
        createUser(server),
        createUser(server),
      ]);
      const topic = directMessageTopic(sender.id, receiver.id);
      const watcher = await openRawStomp(server.url);
      await watcher.connect(receiver.accessToken);
      watcher.send('SUBSCRIBE', { id: '0', destination: topic, receipt: 's' });
      await watcher.waitFor((f) => f.command === 'RECEIPT');

      const stomp = await openRawStomp(server.url);
      expect((await stomp.connect(sender.accessToken)).command).toBe('CONNECTED');
      // 20 SENDs written at once, as a script would.
      for (let i = 0; i < 20; i++)
        stomp.send(
          'SEND',
          { destination: DM_SEND_DESTINATION, receipt: `r${i}`, 'content-type': 'application/json' },
          JSON.stringify({ senderId: sender.id, receiverId: receiver.id, content: `메시지 ${i}` }),
        );
      const error = await stomp.waitFor((f) => f.command === 'ERROR');
      await stomp.closed;
      expect(stomp.frames.filter((f) => f.command === 'RECEIPT').map((f) => f.headers['receipt-id'])).toEqual(
        Array.from({ length: BURST }, (_, i) => `r${i}`),
      );
      const retryAfter = Number(error.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(error.headers.message).toBe(ko.common.tooManyWrites(retryAfter));
      expect(error.headers['receipt-id']).toBe(`r${BURST}`);
      expect(JSON.parse(error.body.toString())).toEqual({
        exceptionName: 'TooManyRequestsException',
        message: ko.common.tooManyWrites(retryAfter),
        details: {},
      });

      expect(await count(directMessages, eq(directMessages.senderId, sender.id))).toBe(BURST);
      const notices = () => count(notifications, eq(notifications.receiverId, receiver.id));
      expect(await settled(notices, BURST)).toBe(BURST);
      expect(watcher.frames.filter((f) => f.command === 'MESSAGE')).toHaveLength(BURST);

      // The budget is the user's, not the connection's: a new connection is refused as well.
      const again = await openRawStomp(server.url);
      await again.connect(sender.accessToken);
      again.send(
        'SEND',
        { destination: DM_SEND_DESTINATION, receipt: 'again' },
        JSON.stringify({ senderId: sender.id, receiverId: receiver.id, content: '다시' }),
      );
      const refused = await again.waitFor((f) => f.command === 'ERROR' || f.command === 'RECEIPT');
      expect(refused.command).toBe('ERROR');
      expect(refused.headers.message).toMatch(/초 후 다시 시도해주세요/);
      await again.closed;
      expect(await count(directMessages, eq(directMessages.senderId, sender.id))).toBe(BURST);

      // Someone else still writes to the same receiver.
      const others = await openRawStomp(server.url);
      await others.connect(other.accessToken);
      others.send(
        'SEND',
        { destination: DM_SEND_DESTINATION, receipt: 'ok' },
        JSON.stringify({ senderId: other.id, receiverId: receiver.id, content: '안녕하세요' }),
      );
      expect((await others.waitFor((f) => f.command === 'ERROR' || f.command === 'RECEIPT')).command).toBe(
        'RECEIPT',
      );
      others.close();
      watcher.close();
    });
  });
});
