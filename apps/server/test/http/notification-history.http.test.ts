import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedDto, NotificationDto } from '@otboo/contract';
import { notifications } from '../../src/db/schema/index.js';
import { insertWeatherRow, type WeatherRow } from '../support/db-rows.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';
import { openDmSender } from '../support/stomp-client.js';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const HANGUL = /[가-힣]/;

/**
 * docs/api.md §9.9: where a notification leads, marking read without deleting, read-all and the history of
 * read ones; and that the course's DELETE still answers exactly as §7 says.
 */
describe('notification targets, read marks and history', () => {
  let server: TestServer;
  let http: HttpClient;
  let author: TestUser;
  let fan: TestUser;
  let weather: WeatherRow;

  const unread = async (user: TestUser) =>
    (await http.get('/api/notifications', { token: user.accessToken, query: { limit: 100 } })).body as {
      data: NotificationDto[];
      totalCount: number;
    };
  const history = async (user: TestUser, query: Record<string, string | number> = { limit: 100 }) =>
    (await http.get('/api/notifications/history', { token: user.accessToken, query })).body as {
      data: NotificationDto[];
      totalCount: number;
      hasNext: boolean;
      nextCursor: string | null;
      nextIdAfter: string | null;
    };
  const postFeed = async (user: TestUser) => {
    const res = await http.post<FeedDto>('/api/feeds', {
      token: user.accessToken,
      json: { authorId: user.id, weatherId: weather.id, clothesIds: [], content: '오늘의 OOTD' },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  /** A fresh receiver with one notification from `fan` (a follow), and its id. */
  const receiverWithOne = async () => {
    const user = await createUser(server);
    const res = await http.post('/api/follows', {
      token: fan.accessToken,
      json: { followeeId: user.id, followerId: fan.id },
    });
    expect(res.status).toBe(201);
    const [note] = (await unread(user)).data;
    return { user, id: note!.id };
  };

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [author, fan] = await Promise.all([
      createUser(server, { name: '글쓴이' }),
      createUser(server, { name: '팬심' }),
    ]);
    weather = await insertWeatherRow(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('each notification says where it leads; a comment quotes the comment, cut on one line', async () => {
    const receiver = await createUser(server, { name: '받는이' });
    const feed = await postFeed(receiver);
    const longComment = `첫 줄\n${'가'.repeat(100)}`;
    expect(
      (
        await http.post(`/api/feeds/${feed.id}/comments`, {
          token: fan.accessToken,
          json: { feedId: feed.id, authorId: fan.id, content: longComment },
        })
      ).status,
    ).toBe(201);
    expect((await http.post(`/api/feeds/${feed.id}/like`, { token: fan.accessToken })).status).toBe(204);
    expect(
      (
        await http.post('/api/follows', {
          token: fan.accessToken,
          json: { followeeId: receiver.id, followerId: fan.id },
        })
      ).status,
    ).toBe(201);
    const dm = await openDmSender(server.url, fan);
    await dm.send(receiver.id, '안녕');
    dm.close();

    const byTitle = new Map((await unread(receiver)).data.map((n) => [n.title, n]));
    expect(byTitle.get('새 댓글')?.target).toEqual({ kind: 'FEED', id: feed.id });
    expect(byTitle.get('새 좋아요')?.target).toEqual({ kind: 'FEED', id: feed.id });
    expect(byTitle.get('새 팔로워')?.target).toEqual({ kind: 'PROFILE', id: fan.id });
    expect(byTitle.get('새 메시지')?.target).toEqual({ kind: 'CONVERSATION', id: fan.id });
    // The course's content stays as it was (its keywords pick the course frontend's icon); ours quotes.
    expect(byTitle.get('새 댓글')).toMatchObject({
      content: '팬심님이 회원님의 OOTD에 댓글을 남겼어요.',
      excerpt: `첫 줄 ${'가'.repeat(56)}…`,
    });
    expect(byTitle.get('새 좋아요')?.excerpt).toBeUndefined();

    // A new feed tells the followers, and leads to it.
    const post = await postFeed(fan);
    const newFeed = (await unread(receiver)).data; // the receiver follows nobody: nothing
    expect(newFeed.some((n) => n.title === '새 피드')).toBe(false);
    expect(
      (
        await http.post('/api/follows', {
          token: receiver.accessToken,
          json: { followeeId: fan.id, followerId: receiver.id },
        })
      ).status,
    ).toBe(201);
    const second = await postFeed(fan);
    const told = (await unread(receiver)).data.find((n) => n.title === '새 피드');
    expect(told?.target).toEqual({ kind: 'FEED', id: second.id });
    expect(post.id).not.toBe(second.id);

    // Once the feed is deleted its notifications still lead to the feeds, without an id.
    expect((await http.delete(`/api/feeds/${feed.id}`, { token: receiver.accessToken })).status).toBe(204);
    const gone = new Map((await unread(receiver)).data.map((n) => [n.title, n]));
    expect(gone.get('새 댓글')?.target).toEqual({ kind: 'FEED' });
  });

  it('GET /api/feeds/{id} answers one feed as the list does; 404, 400 and 401 otherwise', async () => {
    const feed = await postFeed(author);
    const res = await http.get<FeedDto>(`/api/feeds/${feed.id}`, { token: fan.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(feed);
    const missing = await http.get(`/api/feeds/${MISSING_ID}`, { token: fan.accessToken });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(HANGUL);
    const bad = await http.get('/api/feeds/not-an-id', { token: fan.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(HANGUL);
    expect((await http.get(`/api/feeds/${feed.id}`)).status).toBe(401);
  });

  it('PATCH …/read marks read: out of the list, into the history, nothing deleted; repeating it is fine', async () => {
    const { user, id } = await receiverWithOne();
    expect((await unread(user)).totalCount).toBe(1);
    expect((await history(user)).totalCount).toBe(0);
    const res = await http.patch(`/api/notifications/${id}/read`, { token: user.accessToken });
    expect(res.status).toBe(204);
    expect(await unread(user)).toMatchObject({ data: [], totalCount: 0 });
    const read = await history(user);
    expect(read.totalCount).toBe(1);
    expect(read.data[0]).toMatchObject({ id, target: { kind: 'PROFILE', id: fan.id } });
    expect((await http.patch(`/api/notifications/${id}/read`, { token: user.accessToken })).status).toBe(204);
    expect((await history(user)).totalCount).toBe(1);
  });

  it("refuses someone else's notification (403, nothing changes), an unknown (404), a bad id (400), no token (401)", async () => {
    const { user, id } = await receiverWithOne();
    const other = await http.patch(`/api/notifications/${id}/read`, { token: author.accessToken });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('본인의 알림만 읽음 처리할 수 있습니다.');
    expect((await unread(user)).data.map((n) => n.id)).toEqual([id]);
    expect((await history(user)).totalCount).toBe(0);
    expect((await history(author)).data.map((n) => n.id)).not.toContain(id);

    const unknown = await http.patch(`/api/notifications/${MISSING_ID}/read`, { token: user.accessToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('알림을 찾을 수 없습니다.');
    for (const bad of ['not-a-uuid', 'a'.repeat(400), '1']) {
      const res = await http.patch(`/api/notifications/${bad}/read`, { token: user.accessToken });
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toMatch(HANGUL);
    }
    expect((await http.patch(`/api/notifications/${id}/read`)).status).toBe(401);
    expect((await http.patch('/api/notifications/read-all')).status).toBe(401);
    expect((await http.get('/api/notifications/history')).status).toBe(401);
    expect((await unread(user)).totalCount).toBe(1);
  });

  it("the course's DELETE still answers 204 and the notification leaves the list; ours keeps it in the history", async () => {
    const { user, id } = await receiverWithOne();
    const res = await http.delete(`/api/notifications/${id}`, { token: user.accessToken });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect(await unread(user)).toMatchObject({ data: [], totalCount: 0 });
    expect((await history(user)).data.map((n) => n.id)).toEqual([id]);
    const other = await receiverWithOne();
    expect((await http.delete(`/api/notifications/${other.id}`, { token: user.accessToken })).status).toBe(
      403,
    );
    expect((await unread(other.user)).totalCount).toBe(1);
  });

  it("PATCH read-all reads every one of the caller's, and nobody else's", async () => {
    const { user } = await receiverWithOne();
    const bystander = await receiverWithOne();
    const dm = await openDmSender(server.url, fan);
    await dm.send(user.id, '하나');
    await dm.send(user.id, '둘');
    dm.close();
    expect((await unread(user)).totalCount).toBe(3);
    const res = await http.patch('/api/notifications/read-all', { token: user.accessToken });
    expect(res.status).toBe(204);
    expect(await unread(user)).toMatchObject({ data: [], totalCount: 0 });
    expect((await history(user)).totalCount).toBe(3);
    expect((await unread(bystander.user)).totalCount).toBe(1);
    // Nothing left to read: still 204.
    expect((await http.patch('/api/notifications/read-all', { token: user.accessToken })).status).toBe(204);
  });

  it('the history pages newest first, and refuses bad paging with a Korean 400', async () => {
    const { user } = await receiverWithOne();
    const dm = await openDmSender(server.url, fan);
    for (let i = 1; i <= 4; i++) await dm.send(user.id, `메시지 ${i}`);
    dm.close();
    await http.patch('/api/notifications/read-all', { token: user.accessToken });
    const all = (await history(user)).data.map((n) => n.id);
    expect(all).toHaveLength(5);
    const seen: string[] = [];
    let query: Record<string, string | number> = { limit: 2 };
    for (let page = 0; page < 5; page++) {
      const body = await history(user, query);
      expect(body.totalCount).toBe(5);
      seen.push(...body.data.map((n) => n.id));
      if (!body.hasNext) break;
      query = { limit: 2, cursor: body.nextCursor!, idAfter: body.nextIdAfter! };
    }
    expect(seen).toEqual(all);
    for (const bad of [{ limit: 0 }, { limit: 101 }, { cursor: 'yesterday' }, { idAfter: 'x' }]) {
      const res = await http.get('/api/notifications/history', { token: user.accessToken, query: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toMatch(HANGUL);
    }
  });

  it('keeps read ones 30 days: older ones leave the history and are purged at the next read', async () => {
    const { user, id } = await receiverWithOne();
    await http.patch(`/api/notifications/${id}/read`, { token: user.accessToken });
    await server.database.db
      .update(notifications)
      .set({ readAt: sql`now() - interval '31 days'` })
      .where(eq(notifications.id, id));
    expect(await history(user)).toMatchObject({ data: [], totalCount: 0 });
    // Still stored until the receiver reads another one (the purge runs with a read mark).
    expect(
      await server.database.db.select().from(notifications).where(eq(notifications.id, id)),
    ).toHaveLength(1);
    const dm = await openDmSender(server.url, fan);
    await dm.send(user.id, '새 소식');
    dm.close();
    const [fresh] = (await unread(user)).data;
    await http.patch(`/api/notifications/${fresh!.id}/read`, { token: user.accessToken });
    expect(
      await server.database.db.select().from(notifications).where(eq(notifications.id, id)),
    ).toHaveLength(0);
    expect((await history(user)).data.map((n) => n.id)).toEqual([fresh!.id]);
  });
});
