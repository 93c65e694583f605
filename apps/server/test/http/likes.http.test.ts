import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type FeedDto } from '@otboo/contract';
import { feedLikes, feeds, notifications } from '../../src/db/schema/index.js';
import { insertWeatherRow, type WeatherRow } from '../support/db-rows.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('likes', () => {
  let server: TestServer;
  let http: HttpClient;
  let author: TestUser;
  let fan: TestUser;
  let weather: WeatherRow;

  const postFeed = async (user: TestUser, content = '좋아요 받을 글') => {
    const res = await http.post<FeedDto>('/api/feeds', {
      token: user.accessToken,
      json: { authorId: user.id, weatherId: weather.id, clothesIds: [], content },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const like = (user: TestUser, feedId: string) =>
    http.post(`/api/feeds/${feedId}/like`, { token: user.accessToken });
  const unlike = (user: TestUser, feedId: string) =>
    http.delete(`/api/feeds/${feedId}/like`, { token: user.accessToken });
  /** like_count in the row, and the number of like rows: they must always agree. */
  const counts = async (feedId: string) => {
    const [row] = await server.database.db
      .select({ likeCount: feeds.likeCount })
      .from(feeds)
      .where(eq(feeds.id, feedId));
    const [rows] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(feedLikes)
      .where(eq(feedLikes.feedId, feedId));
    return { likeCount: row?.likeCount, rows: rows!.n };
  };
  const seen = async (viewer: TestUser, feedId: string) => {
    const page = await http.get('/api/feeds', { token: viewer.accessToken, query: { limit: 100 } });
    return (page.body.data as FeedDto[]).find((f) => f.id === feedId)!;
  };
  const likeNotifications = async (receiverId: string) =>
    server.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.receiverId, receiverId),
          eq(notifications.title, ko.feeds.likedNotificationTitle),
        ),
      );

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [author, fan] = await Promise.all([
      createUser(server, { name: '작성자' }),
      createUser(server, { name: '팬클럽' }),
    ]);
    weather = await insertWeatherRow(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('needs a token and a well-formed id', async () => {
    const feed = await postFeed(author);
    expect((await http.post(`/api/feeds/${feed.id}/like`)).status).toBe(401);
    expect((await http.delete(`/api/feeds/${feed.id}/like`)).status).toBe(401);
    const bad = await http.post('/api/feeds/not-a-uuid/like', { token: fan.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.body.exceptionName).toBe('InvalidInputException');
    expect(await counts(feed.id)).toEqual({ likeCount: 0, rows: 0 });
  });

  it('likes once (409 the second time), unlikes once (404 the second time), with likeCount and likedByMe', async () => {
    const feed = await postFeed(author);
    expect((await like(fan, feed.id)).status).toBe(204);
    expect(await seen(fan, feed.id)).toMatchObject({ likeCount: 1, likedByMe: true });
    expect(await seen(author, feed.id)).toMatchObject({ likeCount: 1, likedByMe: false });

    const again = await like(fan, feed.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      exceptionName: 'AlreadyLikedException',
      message: ko.feeds.alreadyLiked,
      details: {},
    });
    expect(await counts(feed.id)).toEqual({ likeCount: 1, rows: 1 });

    expect((await unlike(fan, feed.id)).status).toBe(204);
    const twice = await unlike(fan, feed.id);
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(ko.feeds.notLiked);
    expect(await counts(feed.id)).toEqual({ likeCount: 0, rows: 0 });
    expect(await seen(fan, feed.id)).toMatchObject({ likeCount: 0, likedByMe: false });
    // A like does not count as an edit.
    expect((await seen(fan, feed.id)).updatedAt).toBe(feed.updatedAt);
  });

  it('answers 404 for an unknown or deleted feed and changes nothing', async () => {
    const feed = await postFeed(author);
    expect((await like(fan, MISSING_ID)).status).toBe(404);
    expect((await unlike(fan, MISSING_ID)).status).toBe(404);
    expect((await http.delete(`/api/feeds/${feed.id}`, { token: author.accessToken })).status).toBe(204);
    const res = await like(fan, feed.id);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(ko.feeds.notFound);
    expect(
      await server.database.db.select().from(feedLikes).where(eq(feedLikes.feedId, feed.id)),
    ).toHaveLength(0);
  });

  it('tells the author about a like with the 좋아요 keyword, but not about their own', async () => {
    const feed = await postFeed(author);
    const before = (await likeNotifications(author.id)).length;
    expect((await like(author, feed.id)).status).toBe(204);
    expect(await likeNotifications(author.id)).toHaveLength(before);
    expect((await like(fan, feed.id)).status).toBe(204);
    const after = await likeNotifications(author.id);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.content).toBe(ko.feeds.likedNotificationContent('팬클럽'));
    expect(after.at(-1)!.title + after.at(-1)!.content).toContain('좋아요');
    // The panel checks 피드 before 좋아요: a like must not read as a feed notification.
    expect(after.at(-1)!.title + after.at(-1)!.content).not.toContain('피드');
  });

  it('keeps likeCount equal to the rows when 50 users like at once and then unlike at once', async () => {
    const feed = await postFeed(author, '동시 좋아요');
    const crowd = await Promise.all(Array.from({ length: 50 }, () => createUser(server)));
    const liked = await Promise.all(crowd.map((u) => like(u, feed.id)));
    expect(liked.map((r) => r.status)).toEqual(Array(50).fill(204));
    expect(await counts(feed.id)).toEqual({ likeCount: 50, rows: 50 });
    expect((await seen(fan, feed.id)).likeCount).toBe(50);

    // Everyone likes again (409) while half of them unlike: still exact.
    const mixed = await Promise.all(
      crowd.flatMap((u, i) => (i % 2 === 0 ? [like(u, feed.id), unlike(u, feed.id)] : [like(u, feed.id)])),
    );
    expect(mixed.filter((r) => r.status >= 500)).toHaveLength(0);
    const mid = await counts(feed.id);
    expect(mid.likeCount).toBe(mid.rows);

    const unliked = await Promise.all(crowd.map((u) => unlike(u, feed.id)));
    expect(unliked.filter((r) => r.status >= 500)).toHaveLength(0);
    expect(await counts(feed.id)).toEqual({ likeCount: 0, rows: 0 });
  });

  it('lets one user’s simultaneous likes succeed exactly once', async () => {
    const feed = await postFeed(author, '연타');
    const results = await Promise.all(Array.from({ length: 10 }, () => like(fan, feed.id)));
    expect(results.filter((r) => r.status === 204)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await counts(feed.id)).toEqual({ likeCount: 1, rows: 1 });
    const undo = await Promise.all(Array.from({ length: 10 }, () => unlike(fan, feed.id)));
    expect(undo.filter((r) => r.status === 204)).toHaveLength(1);
    expect(undo.filter((r) => r.status === 404)).toHaveLength(9);
    expect(await counts(feed.id)).toEqual({ likeCount: 0, rows: 0 });
  });
});
