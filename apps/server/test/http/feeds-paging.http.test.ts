import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedDto } from '@otboo/contract';
import { feeds } from '../../src/db/schema/index.js';
import { insertWeatherRow, type WeatherRow } from '../support/db-rows.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

const INITIAL = 500;

/**
 * docs/api.md §2: paging through a list that is being written to never repeats or skips a row that existed when
 * paging began. A reader pages through 500 posts while a writer keeps posting and liking.
 */
describe('feed pages while others post and like', () => {
  let server: TestServer;
  let http: HttpClient;
  let poster: TestUser;
  let reader: TestUser;
  let likers: TestUser[];
  let weather: WeatherRow;
  let initialIds: string[];

  const postFeed = async (user: TestUser, content: string) => {
    const res = await http.post<FeedDto>('/api/feeds', {
      token: user.accessToken,
      json: { authorId: user.id, weatherId: weather.id, clothesIds: [], content },
    });
    expect(res.status).toBe(201);
    return res.body.id;
  };

  let step = 0;
  /** One write by the other client: a new post, and a like on one of the posts that existed. */
  async function writeStep(likeTargets: string[]): Promise<{ posted: number; liked: number }> {
    const i = step++;
    await postFeed(poster, `페이지 넘기는 중 새 글 ${i}`);
    for (let attempt = 0; attempt < 8; attempt++) {
      const liker = likers[(i + attempt) % likers.length]!;
      const res = await http.post(
        `/api/feeds/${likeTargets[(i * 37 + attempt * 101) % likeTargets.length]}/like`,
        { token: liker.accessToken },
      );
      expect([204, 409]).toContain(res.status);
      if (res.status === 204) return { posted: 1, liked: 1 };
    }
    return { posted: 1, liked: 0 };
  }

  /** Writes between every page (so writing is certain) and, concurrently, in a loop until `stop()`. */
  function startWriter(likeTargets: string[]) {
    let running = true;
    const totals = { posts: 0, likes: 0 };
    const add = (r: { posted: number; liked: number }) => {
      totals.posts += r.posted;
      totals.likes += r.liked;
    };
    const loop = (async () => {
      while (running) add(await writeStep(likeTargets));
    })();
    return {
      between: async () => add(await writeStep(likeTargets)),
      async stop() {
        running = false;
        await loop;
        return totals;
      },
    };
  }

  async function pageThrough(
    query: Record<string, string>,
    between: () => Promise<void>,
  ): Promise<FeedDto[]> {
    const seen: FeedDto[] = [];
    let cursor: string | undefined;
    let idAfter: string | undefined;
    for (let i = 0; i < 200; i++) {
      const res = await http.get('/api/feeds', {
        token: reader.accessToken,
        query: { ...query, limit: 20, cursor, idAfter },
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.data);
      if (!res.body.hasNext) return seen;
      cursor = res.body.nextCursor;
      idAfter = res.body.nextIdAfter;
      await between();
    }
    throw new Error('paging did not end');
  }

  const likeCounts = async (ids: string[]) =>
    new Map(
      (
        await server.database.db
          .select({ id: feeds.id, n: feeds.likeCount })
          .from(feeds)
          .where(inArray(feeds.id, ids))
      ).map((r) => [r.id, r.n]),
    );

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [poster, reader] = await Promise.all([createUser(server), createUser(server)]);
    likers = await Promise.all(Array.from({ length: 8 }, () => createUser(server)));
    weather = await insertWeatherRow(server);
    initialIds = [];
    for (let i = 0; i < INITIAL; i += 10) {
      initialIds.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, j) => postFeed(poster, `처음부터 있던 글 ${i + j}`)),
        )),
      );
    }
    // Spread like counts so the likeCount order has many ties and many distinct values.
    for (let i = 0; i < 120; i++) {
      const res = await http.post(`/api/feeds/${initialIds[(i * 7) % INITIAL]}/like`, {
        token: likers[i % likers.length]!.accessToken,
      });
      expect([204, 409]).toContain(res.status);
    }
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it('newest first: every post that existed is seen exactly once, new posts never appear mid-list', async () => {
    const writer = startWriter(initialIds);
    const seen = await pageThrough({ sortBy: 'createdAt', sortDirection: 'DESCENDING' }, writer.between);
    const { posts } = await writer.stop();
    expect(posts).toBeGreaterThan(0);
    const ids = seen.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    const seenSet = new Set(ids);
    expect(initialIds.filter((id) => !seenSet.has(id))).toEqual([]);
    const times = seen.map((f) => f.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  }, 120_000);

  it('oldest first: every post that existed is seen exactly once, in order, new posts only at the end', async () => {
    const writer = startWriter(initialIds);
    const seen = await pageThrough({ sortBy: 'createdAt', sortDirection: 'ASCENDING' }, writer.between);
    await writer.stop();
    const ids = seen.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    const initial = new Set(initialIds);
    expect(ids.filter((id) => initial.has(id))).toHaveLength(INITIAL);
    const times = seen.map((f) => f.createdAt);
    expect([...times].sort()).toEqual(times);
    // Posts that appeared during paging come after every post that existed.
    const firstNew = ids.findIndex((id) => !initial.has(id));
    if (firstNew >= 0) expect(ids.slice(firstNew).every((id) => !initial.has(id))).toBe(true);
  }, 120_000);

  it('most liked first: every post whose like count did not change is seen exactly once', async () => {
    const before = await likeCounts(initialIds);
    const writer = startWriter(initialIds);
    const seen = await pageThrough({ sortBy: 'likeCount', sortDirection: 'DESCENDING' }, writer.between);
    const { likes } = await writer.stop();
    expect(likes).toBeGreaterThan(0);
    const after = await likeCounts(initialIds);
    const unchanged = initialIds.filter((id) => before.get(id) === after.get(id));
    const changed = new Set(initialIds.filter((id) => before.get(id) !== after.get(id)));
    expect(changed.size).toBeGreaterThan(0);

    const times = new Map<string, number>();
    for (const f of seen) times.set(f.id, (times.get(f.id) ?? 0) + 1);
    // The guarantee (see feeds.repo page()): rows whose key did not move are neither repeated nor skipped.
    expect(unchanged.filter((id) => times.get(id) !== 1)).toEqual([]);
    // A post liked meanwhile may show up twice or be passed over, never more than twice.
    for (const [id, n] of times) if (n > 1) expect(changed.has(id) && n === 2).toBe(true);
    const counts = seen.map((f) => f.likeCount);
    expect(counts.length).toBeGreaterThanOrEqual(unchanged.length);
  }, 120_000);
});
