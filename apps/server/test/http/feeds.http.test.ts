import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type ErrorBody, type FeedDto } from '@otboo/contract';
import {
  clothes,
  clothesAttributes,
  feedComments,
  feedLikes,
  feeds,
  notifications,
  profiles,
  users,
} from '../../src/db/schema/index.js';
import {
  insertAttributeDef,
  insertClothesRow,
  insertWeatherRow,
  type WeatherRow,
} from '../support/db-rows.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('feeds: post, list, search, edit, delete', () => {
  let server: TestServer;
  let http: HttpClient;
  let author: TestUser;
  let other: TestUser;
  let weather: WeatherRow;
  let rainy: WeatherRow;

  const post = (user: TestUser, json: Record<string, unknown>) =>
    http.post<FeedDto & ErrorBody>('/api/feeds', { token: user.accessToken, json });
  const postFeed = (
    user: TestUser,
    content: string,
    opts: { weatherId?: string; clothesIds?: string[] } = {},
  ) =>
    post(user, {
      authorId: user.id,
      weatherId: opts.weatherId ?? weather.id,
      clothesIds: opts.clothesIds ?? [],
      content,
    });
  const list = (user: TestUser, query: Record<string, string | number | undefined> = {}) =>
    http.get('/api/feeds', { token: user.accessToken, query });
  const feedCount = async () =>
    (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(feeds))[0]!.n;

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [author, other] = await Promise.all([
      createUser(server, { name: '김코디' }),
      createUser(server, { name: '박패션' }),
    ]);
    weather = await insertWeatherRow(server);
    rainy = await insertWeatherRow(server, {
      skyStatus: 'CLOUDY',
      precipitationType: 'RAIN',
      precipitationAmount: 12.5,
      precipitationProbability: 80,
      temperatureCurrent: 8.4,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('access and bad input', () => {
    it('answers 401 without a token on every feed route', async () => {
      const id = MISSING_ID;
      for (const [method, path] of [
        ['get', '/api/feeds'],
        ['post', '/api/feeds'],
        ['patch', `/api/feeds/${id}`],
        ['delete', `/api/feeds/${id}`],
      ] as const) {
        const res = await http[method](path, {
          json: method === 'get' || method === 'delete' ? undefined : {},
        });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.exceptionName).toBeTruthy();
      }
    });

    it('rejects posting as someone else, with others’ or unknown clothes, or for an unknown forecast, and stores nothing', async () => {
      const mine = await insertClothesRow(server, author.id, { name: '내 셔츠' });
      const theirs = await insertClothesRow(server, other.id, { name: '남의 셔츠' });
      const before = await feedCount();

      const asOther = await post(other, {
        authorId: author.id,
        weatherId: weather.id,
        clothesIds: [],
        content: '사칭',
      });
      expect(asOther.status).toBe(403);
      expect(asOther.body.message).toBe(ko.feeds.authorMismatch);

      const notOwned = await postFeed(author, '남의 옷', { clothesIds: [mine.id, theirs.id] });
      expect(notOwned.status).toBe(403);
      expect(notOwned.body.message).toBe(ko.feeds.clothesNotOwned);

      const unknown = await postFeed(author, '없는 옷', { clothesIds: [MISSING_ID] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.details).toHaveProperty('clothesIds');

      const noWeather = await postFeed(author, '날씨 없음', { weatherId: MISSING_ID });
      expect(noWeather.status).toBe(404);
      expect(noWeather.body.message).toBe(ko.weather.weatherNotFound);

      expect(await feedCount()).toBe(before);
    });

    it('validates content and types with 400 and Korean messages', async () => {
      const before = await feedCount();
      const cases: [Record<string, unknown>, string][] = [
        [{ content: '   ' }, ko.feeds.contentRequired],
        [{ content: '' }, ko.feeds.contentRequired],
        [{ content: undefined }, ko.feeds.contentRequired],
        [{ content: 'x'.repeat(1001) }, ko.feeds.contentTooLong],
        [{ content: '가'.repeat(10_000) }, ko.feeds.contentTooLong],
        [{ content: 'a\u0000b' }, ko.validation.textInvalidCharacter],
        [{ content: 42 }, ko.feeds.contentRequired],
      ];
      for (const [patch, message] of cases) {
        const res = await post(author, {
          authorId: author.id,
          weatherId: weather.id,
          clothesIds: [],
          ...patch,
        });
        expect(res.status, JSON.stringify(patch).slice(0, 40)).toBe(400);
        expect(res.body.message).toBe(message);
        expect(res.body.details).toHaveProperty('content');
      }
      for (const body of [
        { authorId: author.id, weatherId: weather.id, clothesIds: 'abc', content: 'x' },
        { authorId: author.id, weatherId: 'not-a-uuid', clothesIds: [], content: 'x' },
        { authorId: 'x', weatherId: weather.id, clothesIds: [], content: 'x' },
        {
          authorId: author.id,
          weatherId: weather.id,
          clothesIds: Array.from({ length: 21 }, () => MISSING_ID),
          content: 'x',
        },
        { authorId: author.id, weatherId: weather.id, clothesIds: [] },
      ]) {
        const res = await post(author, body);
        expect(res.status).toBe(400);
        expect(res.body.exceptionName).toBe('InvalidInputException');
      }
      const malformed = await http.post('/api/feeds', {
        token: author.accessToken,
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      expect(await feedCount()).toBe(before);
    });
  });

  describe('posting', () => {
    it('returns the FeedDto with the forecast, the author and the garments as they were, and tells the followers', async () => {
      const thickness = await insertAttributeDef(server, `두께감${Date.now()}`, ['얇음', '보통', '두꺼움']);
      const coat = await insertClothesRow(server, author.id, {
        name: '베이지 롱코트',
        type: 'OUTER',
        imageKey: 'clothes/11111111-1111-4111-8111-111111111111.webp',
        thumbnailKey: 'clothes/11111111-1111-4111-8111-111111111111-thumb.webp',
        attributes: [{ definitionId: thickness.id, value: '두꺼움' }],
      });
      const shoes = await insertClothesRow(server, author.id, { name: '로퍼', type: 'SHOES' });
      const follower = await createUser(server);
      const follow = await http.post('/api/follows', {
        token: follower.accessToken,
        json: { followerId: follower.id, followeeId: author.id },
      });
      expect(follow.status).toBe(201);

      const res = await postFeed(author, '  오늘은 롱코트  ', {
        weatherId: rainy.id,
        clothesIds: [shoes.id, coat.id, shoes.id],
      });
      expect(res.status).toBe(201);
      const feed = res.body;
      expect(feed).toMatchObject({
        author: { userId: author.id, name: '김코디', profileImageUrl: null },
        weather: {
          weatherId: rainy.id,
          skyStatus: 'CLOUDY',
          precipitation: { type: 'RAIN', amount: 12.5, probability: 80 },
          temperature: { current: rainy.temperatureCurrent, min: 6, max: 15.5, comparedToDayBefore: -2.5 },
        },
        content: '오늘은 롱코트',
        likeCount: 0,
        commentCount: 0,
        likedByMe: false,
      });
      expect(feed.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      // In the order given, duplicates dropped.
      expect(feed.ootds.map((o) => o.name)).toEqual(['로퍼', '베이지 롱코트']);
      expect(feed.ootds[1]).toEqual({
        clothesId: coat.id,
        name: '베이지 롱코트',
        type: 'OUTER',
        imageUrl: '/files/clothes/11111111-1111-4111-8111-111111111111.webp',
        thumbnailUrl: '/files/clothes/11111111-1111-4111-8111-111111111111-thumb.webp',
        attributes: [
          {
            definitionId: thickness.id,
            definitionName: thickness.name,
            selectableValues: ['얇음', '보통', '두꺼움'],
            value: '두꺼움',
          },
        ],
      });

      const told = await server.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.receiverId, follower.id));
      expect(told.filter((n) => n.title === ko.feeds.newFeedNotificationTitle)).toHaveLength(1);
      expect(told.find((n) => n.title === ko.feeds.newFeedNotificationTitle)!.content).toBe(
        ko.feeds.newFeedNotificationContent('김코디'),
      );
      expect(told.find((n) => n.title === ko.feeds.newFeedNotificationTitle)!.content).toContain('피드');
      const self = await server.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.receiverId, author.id));
      expect(self.filter((n) => n.title === ko.feeds.newFeedNotificationTitle)).toHaveLength(0);
    });

    it('keeps the garments as posted after the garment is edited and then deleted', async () => {
      const color = await insertAttributeDef(server, `색상${Date.now()}`, ['블랙', '화이트']);
      const shirt = await insertClothesRow(server, author.id, {
        name: '화이트 셔츠',
        attributes: [{ definitionId: color.id, value: '화이트' }],
      });
      const created = await postFeed(author, '셔츠 코디', { clothesIds: [shirt.id] });
      expect(created.status).toBe(201);
      const id = created.body.id;

      await server.database.db
        .update(clothes)
        .set({ name: '블랙 셔츠', type: 'OUTER', imageKey: 'clothes/x.webp' })
        .where(eq(clothes.id, shirt.id));
      await server.database.db
        .update(clothesAttributes)
        .set({ value: '블랙' })
        .where(eq(clothesAttributes.clothesId, shirt.id));
      const afterEdit = (await list(author, { authorIdEqual: author.id, limit: 100 })).body.data.find(
        (f: FeedDto) => f.id === id,
      );
      expect(afterEdit.ootds).toEqual(created.body.ootds);

      await server.database.db.delete(clothes).where(eq(clothes.id, shirt.id));
      const afterDelete = (await list(author, { authorIdEqual: author.id, limit: 100 })).body.data.find(
        (f: FeedDto) => f.id === id,
      );
      expect(afterDelete.ootds).toEqual([{ ...created.body.ootds[0], clothesId: null }]);
      expect(afterDelete.ootds[0].name).toBe('화이트 셔츠');
      expect(afterDelete.ootds[0].attributes[0].value).toBe('화이트');
    });

    it('stores and returns HTML and script as plain text, in content and names', async () => {
      const html = '<script>alert("x")</script><img src=x onerror=alert(1)> & "따옴표"';
      const res = await postFeed(other, html);
      expect(res.status).toBe(201);
      expect(res.body.content).toBe(html);
      // Names from social sign-in are not limited to the sign-up pattern.
      await server.database.db.update(users).set({ name: '<b>이름</b>' }).where(eq(users.id, other.id));
      const page = await list(author, { authorIdEqual: other.id });
      expect(page.body.data[0].content).toBe(html);
      expect(page.body.data[0].author.name).toBe('<b>이름</b>');
      await server.database.db.update(users).set({ name: '박패션' }).where(eq(users.id, other.id));
    });

    it('shows an uploaded avatar (or a social one) as the author’s profileImageUrl', async () => {
      const user = await createUser(server);
      await server.database.db
        .update(profiles)
        .set({ externalImageUrl: 'https://example.com/a.png' })
        .where(eq(profiles.userId, user.id));
      expect((await postFeed(user, '소셜 사진')).body.author.profileImageUrl).toBe(
        'https://example.com/a.png',
      );
      await server.database.db
        .update(profiles)
        .set({ imageKey: 'profiles/22222222-2222-4222-8222-222222222222.webp' })
        .where(eq(profiles.userId, user.id));
      const page = await list(user, { authorIdEqual: user.id });
      expect(page.body.data[0].author.profileImageUrl).toBe(
        '/files/profiles/22222222-2222-4222-8222-222222222222.webp',
      );
    });
  });

  describe('listing and search', () => {
    let searcher: TestUser;
    let coatAuthor: TestUser;
    const made: Record<string, string> = {};

    beforeAll(async () => {
      searcher = await createUser(server, { name: '검색왕' });
      coatAuthor = await createUser(server, { name: '트렌치코트러버' });
      const snowy = await insertWeatherRow(server, { skyStatus: 'MOSTLY_CLOUDY', precipitationType: 'SNOW' });
      for (const [key, user, content, w] of [
        ['long', searcher, '오늘은 베이지 롱코트에 니트', weather],
        ['coatEn', searcher, 'Winter COAT and boots', weather],
        ['rain', searcher, '비 오는 날 우산 챙기기 100%', rainy],
        ['snow', searcher, '눈 오는 날 패딩', snowy],
        ['byName', coatAuthor, '내용에는 키워드 없음', weather],
        ['under', searcher, 'snake_case 셔츠', weather],
      ] as const) {
        const res = await postFeed(user, content, { weatherId: w.id });
        expect(res.status).toBe(201);
        made[key] = res.body.id;
      }
    });

    const ids = (body: { data: FeedDto[] }) => body.data.map((f) => f.id);

    it('finds two-letter Korean words inside longer ones, case-insensitively, and by author name', async () => {
      const coat = await list(searcher, { keywordLike: '코트', limit: 100 });
      expect(coat.status).toBe(200);
      expect(ids(coat.body)).toContain(made.long);
      expect(ids(coat.body)).toContain(made.byName);
      expect(ids(coat.body)).not.toContain(made.rain);
      for (const f of coat.body.data as FeedDto[]) expect(`${f.content} ${f.author.name}`).toMatch(/코트/);
      expect(coat.body.totalCount).toBe(coat.body.data.length);

      const en = await list(searcher, { keywordLike: 'coat', limit: 100 });
      expect(ids(en.body)).toContain(made.coatEn);
      const one = await list(searcher, { keywordLike: '눈', authorIdEqual: searcher.id });
      expect(ids(one.body)).toEqual([made.snow]);
      const spaced = await list(searcher, { keywordLike: '  롱코트에 니  ' });
      expect(ids(spaced.body)).toEqual([made.long]);
    });

    it('takes % and _ in a keyword literally', async () => {
      expect(ids((await list(searcher, { keywordLike: '100%' })).body)).toEqual([made.rain]);
      expect(ids((await list(searcher, { keywordLike: 'e_c' })).body)).toEqual([made.under]);
      expect((await list(searcher, { keywordLike: '%' })).body.data.map((f: FeedDto) => f.content)).toEqual([
        '비 오는 날 우산 챙기기 100%',
      ]);
    });

    it('filters by sky, precipitation and author, with totalCount matching the filters', async () => {
      const rain = await list(searcher, { precipitationTypeEqual: 'RAIN', authorIdEqual: searcher.id });
      expect(ids(rain.body)).toEqual([made.rain]);
      expect(rain.body.totalCount).toBe(1);
      const snow = await list(searcher, { skyStatusEqual: 'MOSTLY_CLOUDY', precipitationTypeEqual: 'SNOW' });
      expect(ids(snow.body)).toEqual([made.snow]);
      expect(snow.body.totalCount).toBe(1);
      const cloudy = await list(searcher, { skyStatusEqual: 'CLOUDY', limit: 100 });
      expect(cloudy.body.data.every((f: FeedDto) => f.weather.skyStatus === 'CLOUDY')).toBe(true);
      const all = await list(searcher, { limit: 1 });
      expect(all.body.totalCount).toBe(await feedCount());
      const mine = await list(searcher, { authorIdEqual: searcher.id, limit: 2 });
      expect(mine.body.totalCount).toBe(5);
      expect(mine.body.data).toHaveLength(2);
      expect(mine.body.hasNext).toBe(true);
      // Past the last page no row carries the count: it is still the filter's.
      const oldest = (await list(searcher, { authorIdEqual: searcher.id, limit: 100 })).body.data.at(
        -1,
      ) as FeedDto;
      const beyond = await list(searcher, {
        authorIdEqual: searcher.id,
        cursor: oldest.createdAt,
        idAfter: oldest.id,
      });
      expect(beyond.body).toMatchObject({ data: [], totalCount: 5, hasNext: false });
      // Empty values mean no filter, as browsers send them.
      const empty = await list(searcher, { keywordLike: '', skyStatusEqual: '', limit: 1 });
      expect(empty.status).toBe(200);
      expect(empty.body.totalCount).toBe(await feedCount());
    });

    it('sorts newest first by default and by likeCount, and shows likedByMe per caller', async () => {
      const newest = await list(searcher, { authorIdEqual: searcher.id });
      expect(newest.body.sortBy).toBe('createdAt');
      expect(newest.body.sortDirection).toBe('DESCENDING');
      const times = newest.body.data.map((f: FeedDto) => f.createdAt);
      expect([...times].sort().reverse()).toEqual(times);

      expect((await http.post(`/api/feeds/${made.snow}/like`, { token: author.accessToken })).status).toBe(
        204,
      );
      expect((await http.post(`/api/feeds/${made.snow}/like`, { token: other.accessToken })).status).toBe(
        204,
      );
      expect((await http.post(`/api/feeds/${made.rain}/like`, { token: author.accessToken })).status).toBe(
        204,
      );
      const liked = await list(author, {
        authorIdEqual: searcher.id,
        sortBy: 'likeCount',
        sortDirection: 'DESCENDING',
      });
      expect(liked.body.sortBy).toBe('likeCount');
      expect(liked.body.data.slice(0, 2).map((f: FeedDto) => [f.id, f.likeCount, f.likedByMe])).toEqual([
        [made.snow, 2, true],
        [made.rain, 1, true],
      ]);
      const asSearcher = await list(searcher, { authorIdEqual: searcher.id, sortBy: 'likeCount' });
      expect(asSearcher.body.data.every((f: FeedDto) => f.likedByMe === false)).toBe(true);
      const ascending = await list(author, {
        authorIdEqual: searcher.id,
        sortBy: 'likeCount',
        sortDirection: 'ASCENDING',
      });
      expect(ascending.body.sortDirection).toBe('ASCENDING');
      expect(ascending.body.data.map((f: FeedDto) => f.likeCount)).toEqual([0, 0, 0, 1, 2]);
      // Any other direction means descending (docs/api.md §1).
      const sideways = await list(author, {
        authorIdEqual: searcher.id,
        sortBy: 'likeCount',
        sortDirection: 'sideways',
      });
      expect(sideways.body.sortDirection).toBe('DESCENDING');
    });

    it('pages with nextCursor/nextIdAfter in both sorts without repeats', async () => {
      for (const sortBy of ['createdAt', 'likeCount']) {
        for (const sortDirection of ['DESCENDING', 'ASCENDING']) {
          const seen: string[] = [];
          let cursor: string | undefined;
          let idAfter: string | undefined;
          for (let i = 0; i < 10; i++) {
            const page = await list(author, {
              authorIdEqual: searcher.id,
              sortBy,
              sortDirection,
              limit: 2,
              cursor,
              idAfter,
            });
            expect(page.status).toBe(200);
            seen.push(...ids(page.body));
            if (!page.body.hasNext) {
              expect(page.body.nextCursor).toBeNull();
              expect(page.body.nextIdAfter).toBeNull();
              break;
            }
            if (sortBy === 'likeCount') expect(page.body.nextCursor).toMatch(/^\d+$/);
            else expect(new Date(page.body.nextCursor).toISOString()).toBe(page.body.nextCursor);
            cursor = page.body.nextCursor;
            idAfter = page.body.nextIdAfter;
          }
          expect(new Set(seen).size, `${sortBy} ${sortDirection}`).toBe(5);
        }
      }
    });

    it('pages through a keyword search in every order, each match once, with its count and likedByMe', async () => {
      const everyMatch = ids((await list(author, { keywordLike: '코트', limit: 100 })).body);
      expect(everyMatch.length).toBeGreaterThanOrEqual(2);
      for (const sortBy of ['createdAt', 'likeCount']) {
        for (const sortDirection of ['DESCENDING', 'ASCENDING']) {
          const seen: string[] = [];
          let cursor: string | undefined;
          let idAfter: string | undefined;
          for (let i = 0; i < 10; i++) {
            const page = await list(author, {
              keywordLike: '코트',
              sortBy,
              sortDirection,
              limit: 1,
              cursor,
              idAfter,
            });
            expect(page.status).toBe(200);
            expect(page.body.totalCount).toBe(everyMatch.length);
            seen.push(...ids(page.body));
            if (!page.body.hasNext) break;
            cursor = page.body.nextCursor;
            idAfter = page.body.nextIdAfter;
          }
          expect([...seen].sort(), `${sortBy} ${sortDirection}`).toEqual([...everyMatch].sort());
        }
      }
      // The page's feeds are read with the caller's likes, in the list's order ('날': the snow and rain posts).
      const liked = await list(author, {
        keywordLike: '날',
        sortBy: 'likeCount',
        sortDirection: 'DESCENDING',
      });
      expect(liked.body.data.map((f: FeedDto) => [f.id, f.likeCount, f.likedByMe])).toEqual([
        [made.snow, 2, true],
        [made.rain, 1, true],
      ]);
      const asSearcher = await list(searcher, { keywordLike: '날' });
      expect(asSearcher.body.data.map((f: FeedDto) => f.likedByMe)).toEqual([false, false]);
    });

    it('answers malformed paging and filters with 400, never 500', async () => {
      const bad: Record<string, string>[] = [
        { sortBy: 'content' },
        { cursor: 'yesterday' },
        { cursor: '2026-13-45T00:00:00Z' },
        { cursor: '0000-01-01T00:00:00.000Z' },
        { cursor: '12abc', sortBy: 'likeCount' },
        { cursor: '99999999999', sortBy: 'likeCount' },
        { cursor: '2026-01-01T00:00:00.000Z', idAfter: 'nope' },
        { limit: '0' },
        { limit: '101' },
        { limit: 'ten' },
        { skyStatusEqual: 'SUNNY' },
        { precipitationTypeEqual: 'HAIL' },
        { authorIdEqual: 'me' },
        { keywordLike: 'x'.repeat(101) },
        { keywordLike: 'a\u0000' },
      ];
      for (const query of bad) {
        const res = await list(searcher, query);
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.exceptionName).toBeTruthy();
        expect(res.body.message).toBeTruthy();
      }
    });
  });

  describe('editing and deleting', () => {
    it('lets only the author edit the content', async () => {
      const { body: feed } = await postFeed(author, '처음 내용');
      const foreign = await http.patch(`/api/feeds/${feed.id}`, {
        token: other.accessToken,
        json: { content: '남이 고침' },
      });
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toBe(ko.feeds.notAuthor);
      const empty = await http.patch(`/api/feeds/${feed.id}`, {
        token: author.accessToken,
        json: { content: '  ' },
      });
      expect(empty.status).toBe(400);
      const long = await http.patch(`/api/feeds/${feed.id}`, {
        token: author.accessToken,
        json: { content: 'x'.repeat(10_000) },
      });
      expect(long.status).toBe(400);
      const missing = await http.patch(`/api/feeds/${MISSING_ID}`, {
        token: author.accessToken,
        json: { content: '없음' },
      });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(ko.feeds.notFound);
      const badId = await http.patch('/api/feeds/123', {
        token: author.accessToken,
        json: { content: '없음' },
      });
      expect(badId.status).toBe(400);

      const ok = await http.patch(`/api/feeds/${feed.id}`, {
        token: author.accessToken,
        json: { content: ' 고친 내용 ' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.content).toBe('고친 내용');
      expect(ok.body.createdAt).toBe(feed.createdAt);
      expect(new Date(ok.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(feed.updatedAt).getTime(),
      );
      const [row] = await server.database.db.select().from(feeds).where(eq(feeds.id, feed.id));
      expect(row!.content).toBe('고친 내용');
    });

    it('lets the author or an admin delete; likes and comments go with the feed', async () => {
      const admin = await createUser(server, { role: 'ADMIN' });
      const { body: feed } = await postFeed(author, '지울 글');
      expect((await http.post(`/api/feeds/${feed.id}/like`, { token: other.accessToken })).status).toBe(204);
      const comment = await http.post(`/api/feeds/${feed.id}/comments`, {
        token: other.accessToken,
        json: { feedId: feed.id, authorId: other.id, content: '댓글' },
      });
      expect(comment.status).toBe(201);
      const total = (await list(author, { limit: 1 })).body.totalCount;

      const foreign = await http.delete(`/api/feeds/${feed.id}`, { token: other.accessToken });
      expect(foreign.status).toBe(403);
      expect((await http.delete(`/api/feeds/${feed.id}`, { token: author.accessToken })).status).toBe(204);
      expect((await http.delete(`/api/feeds/${feed.id}`, { token: author.accessToken })).status).toBe(404);
      expect(
        await server.database.db.select().from(feedLikes).where(eq(feedLikes.feedId, feed.id)),
      ).toHaveLength(0);
      expect(
        await server.database.db.select().from(feedComments).where(eq(feedComments.feedId, feed.id)),
      ).toHaveLength(0);
      expect((await list(author, { limit: 1 })).body.totalCount).toBe(total - 1);

      const { body: second } = await postFeed(author, '관리자가 지울 글');
      expect((await http.delete(`/api/feeds/${second.id}`, { token: admin.accessToken })).status).toBe(204);
      expect((await list(author, { limit: 1 })).body.totalCount).toBe(total - 1);
    });
  });
});
