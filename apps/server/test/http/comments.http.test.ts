import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type CommentDto, type FeedDto } from '@otboo/contract';
import { feedComments, feeds, notifications } from '../../src/db/schema/index.js';
import { insertWeatherRow, type WeatherRow } from '../support/db-rows.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('comments', () => {
  let server: TestServer;
  let http: HttpClient;
  let author: TestUser;
  let reader: TestUser;
  let weather: WeatherRow;

  const postFeed = async (user: TestUser) => {
    const res = await http.post<FeedDto>('/api/feeds', {
      token: user.accessToken,
      json: { authorId: user.id, weatherId: weather.id, clothesIds: [], content: '댓글 달릴 글' },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const comment = (user: TestUser, feedId: string, content: unknown, body: Record<string, unknown> = {}) =>
    http.post(`/api/feeds/${feedId}/comments`, {
      token: user.accessToken,
      json: { feedId, authorId: user.id, content, ...body },
    });
  const listComments = (
    user: TestUser,
    feedId: string,
    query: Record<string, string | number | undefined> = {},
  ) => http.get(`/api/feeds/${feedId}/comments`, { token: user.accessToken, query });
  /** comment_count in the row, and the number of comment rows. */
  const counts = async (feedId: string) => {
    const [row] = await server.database.db
      .select({ commentCount: feeds.commentCount })
      .from(feeds)
      .where(eq(feeds.id, feedId));
    const [rows] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(feedComments)
      .where(eq(feedComments.feedId, feedId));
    return { commentCount: row?.commentCount, rows: rows!.n };
  };

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [author, reader] = await Promise.all([
      createUser(server, { name: '글쓴이' }),
      createUser(server, { name: '댓글러' }),
    ]);
    weather = await insertWeatherRow(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('needs a token', async () => {
    const feed = await postFeed(author);
    expect((await http.get(`/api/feeds/${feed.id}/comments`)).status).toBe(401);
    expect(
      (
        await http.post(`/api/feeds/${feed.id}/comments`, {
          json: { feedId: feed.id, authorId: reader.id, content: 'x' },
        })
      ).status,
    ).toBe(401);
  });

  it('rejects commenting as someone else, for another feed, empty or too long, and stores nothing', async () => {
    const feed = await postFeed(author);
    const other = await postFeed(author);
    const asOther = await comment(reader, feed.id, '사칭', { authorId: author.id });
    expect(asOther.status).toBe(403);
    expect(asOther.body.message).toBe(ko.feeds.commentAuthorMismatch);
    const wrongFeed = await comment(reader, feed.id, '엉뚱한 피드', { feedId: other.id });
    expect(wrongFeed.status).toBe(400);
    expect(wrongFeed.body.details).toHaveProperty('feedId');
    for (const [content, message] of [
      ['   ', ko.feeds.commentRequired],
      ['', ko.feeds.commentRequired],
      [null, ko.feeds.commentRequired],
      ['x'.repeat(1001), ko.feeds.commentTooLong],
      ['댓'.repeat(10_000), ko.feeds.commentTooLong],
      ['\u0000', ko.validation.textInvalidCharacter],
    ] as const) {
      const res = await comment(reader, feed.id, content);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.details).toHaveProperty('content');
    }
    const badBody = await comment(reader, feed.id, 'x', { feedId: 'nope', authorId: 7 });
    expect(badBody.status).toBe(400);
    const badPath = await http.post('/api/feeds/nope/comments', {
      token: reader.accessToken,
      json: { feedId: feed.id, authorId: reader.id, content: 'x' },
    });
    expect(badPath.status).toBe(400);
    expect(await counts(feed.id)).toEqual({ commentCount: 0, rows: 0 });
  });

  it('creates a CommentDto (trimmed, HTML kept as text, 1000 chars allowed) and counts it', async () => {
    const feed = await postFeed(author);
    const res = await comment(reader, feed.id, '  <b>멋져요</b> <script>alert(1)</script>  ');
    expect(res.status).toBe(201);
    const dto: CommentDto = res.body;
    expect(dto).toMatchObject({
      feedId: feed.id,
      author: { userId: reader.id, name: '댓글러', profileImageUrl: null },
      content: '<b>멋져요</b> <script>alert(1)</script>',
    });
    expect(dto.createdAt).toMatch(/Z$/);
    expect((await comment(reader, feed.id, 'ㅋ'.repeat(1000))).status).toBe(201);
    expect(await counts(feed.id)).toEqual({ commentCount: 2, rows: 2 });
    const page = await http.get('/api/feeds', {
      token: reader.accessToken,
      query: { authorIdEqual: author.id, limit: 100 },
    });
    expect((page.body.data as FeedDto[]).find((f) => f.id === feed.id)!.commentCount).toBe(2);
  });

  it('answers 404 for comments on an unknown or deleted feed', async () => {
    const feed = await postFeed(author);
    expect((await comment(reader, MISSING_ID, 'x')).status).toBe(404);
    expect((await listComments(reader, MISSING_ID)).status).toBe(404);
    expect((await http.delete(`/api/feeds/${feed.id}`, { token: author.accessToken })).status).toBe(204);
    const res = await comment(reader, feed.id, '늦은 댓글');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(ko.feeds.notFound);
    expect((await listComments(reader, feed.id)).status).toBe(404);
  });

  it('tells the feed author about a comment (default icon: none of the other keywords), not about their own', async () => {
    const feed = await postFeed(author);
    const mine = () =>
      server.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.receiverId, author.id),
            eq(notifications.title, ko.feeds.commentedNotificationTitle),
          ),
        );
    const before = (await mine()).length;
    expect((await comment(author, feed.id, '내 글에 내 댓글')).status).toBe(201);
    expect(await mine()).toHaveLength(before);
    expect((await comment(reader, feed.id, '좋아요! 피드 멋져요')).status).toBe(201);
    const after = await mine();
    expect(after).toHaveLength(before + 1);
    const text = after.at(-1)!.title + after.at(-1)!.content;
    expect(text).toContain('댓글');
    for (const keyword of ['메시지', '속성', '피드', '좋아요', '권한']) expect(text).not.toContain(keyword);
  });

  it('lists newest first in cursor pages with an exact totalCount, also while comments are added', async () => {
    const feed = await postFeed(author);
    for (let i = 0; i < 45; i++)
      expect((await comment(i % 2 ? reader : author, feed.id, `댓글 ${i}`)).status).toBe(201);
    const seen: CommentDto[] = [];
    let cursor: string | undefined;
    let idAfter: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await listComments(reader, feed.id, { limit: 20, cursor, idAfter });
      expect(res.status).toBe(200);
      expect(res.body.sortBy).toBe('createdAt');
      expect(res.body.sortDirection).toBe('DESCENDING');
      if (page === 0) {
        expect(res.body.totalCount).toBe(45);
        // A new comment after the first page sorts before the cursor: later pages neither repeat nor skip.
        expect((await comment(reader, feed.id, '중간에 달린 댓글')).status).toBe(201);
      }
      seen.push(...res.body.data);
      if (!res.body.hasNext) break;
      cursor = res.body.nextCursor;
      idAfter = res.body.nextIdAfter;
    }
    // Every comment that existed when paging began, once, newest first (same-millisecond ties go by id).
    expect(seen.map((c) => c.content).sort()).toEqual(
      Array.from({ length: 45 }, (_, i) => `댓글 ${i}`).sort(),
    );
    const times = seen.map((c) => c.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(seen[0]!.content).toBe('댓글 44');
    expect((await listComments(reader, feed.id)).body.totalCount).toBe(46);

    // A page past the end has no row to carry the count, and still tells it; so does a feed without comments.
    const last = seen.at(-1)!;
    const past = await listComments(reader, feed.id, { limit: 20, cursor: last.createdAt, idAfter: last.id });
    expect(past.body).toMatchObject({ data: [], totalCount: 46, hasNext: false });
    const quiet = await postFeed(author);
    expect((await listComments(reader, quiet.id)).body).toMatchObject({ data: [], totalCount: 0 });
  });

  it('answers malformed paging with 400', async () => {
    const feed = await postFeed(author);
    for (const query of [
      { cursor: 'later' },
      { limit: 0 },
      { limit: 1000 },
      { idAfter: 'x', cursor: '2026-01-01T00:00:00Z' },
    ]) {
      const res = await listComments(reader, feed.id, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });

  it('keeps commentCount exact when 20 comments arrive at once', async () => {
    const feed = await postFeed(author);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => comment(i % 2 ? reader : author, feed.id, `동시 ${i}`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(await counts(feed.id)).toEqual({ commentCount: 20, rows: 20 });
    expect((await listComments(reader, feed.id, { limit: 100 })).body.data).toHaveLength(20);
  });
});
