import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, type FollowDto } from '@otboo/contract';
import { follows, notifications, profiles } from '../../src/db/schema/index.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('follows', () => {
  let server: TestServer;
  let http: HttpClient;
  let alice: TestUser;
  let bob: TestUser;

  const follow = (user: TestUser, followeeId: string, followerId = user.id) =>
    http.post('/api/follows', { token: user.accessToken, json: { followeeId, followerId } });
  const summary = (viewer: TestUser, userId: string) =>
    http.get('/api/follows/summary', { token: viewer.accessToken, query: { userId } });
  const followers = (viewer: TestUser, query: Record<string, string | number | undefined>) =>
    http.get('/api/follows/followers', { token: viewer.accessToken, query });
  const followings = (viewer: TestUser, query: Record<string, string | number | undefined>) =>
    http.get('/api/follows/followings', { token: viewer.accessToken, query });

  beforeAll(async () => {
    server = await startServer();
    http = httpClient(server.url);
    [alice, bob] = await Promise.all([
      createUser(server, { name: '앨리스' }),
      createUser(server, { name: '밥' + Date.now().toString(36).slice(-6) }),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('needs a token on every route', async () => {
    expect(
      (await http.post('/api/follows', { json: { followeeId: bob.id, followerId: alice.id } })).status,
    ).toBe(401);
    expect((await http.delete(`/api/follows/${MISSING_ID}`)).status).toBe(401);
    expect((await http.get('/api/follows/summary', { query: { userId: bob.id } })).status).toBe(401);
    expect((await http.get('/api/follows/followers', { query: { followeeId: bob.id } })).status).toBe(401);
    expect((await http.get('/api/follows/followings', { query: { followerId: bob.id } })).status).toBe(401);
  });

  it('follows once and returns both people; 409 twice, 400 self, 403 as someone else, 404 unknown', async () => {
    const carol = await createUser(server, { name: '캐롤' });
    const res = await follow(carol, alice.id);
    expect(res.status).toBe(201);
    const dto: FollowDto = res.body;
    expect(dto).toMatchObject({
      followee: { userId: alice.id, name: '앨리스', profileImageUrl: null },
      follower: { userId: carol.id, name: '캐롤', profileImageUrl: null },
    });
    expect(dto.createdAt).toMatch(/Z$/);

    const twice = await follow(carol, alice.id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ko.follows.already);
    const self = await follow(carol, carol.id);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(ko.follows.self);
    const impersonate = await follow(carol, bob.id, alice.id);
    expect(impersonate.status).toBe(403);
    expect(impersonate.body.message).toBe(ko.follows.followerMismatch);
    const unknown = await follow(carol, MISSING_ID);
    expect(unknown.status).toBe(404);
    for (const json of [
      { followeeId: 'x', followerId: carol.id },
      { followerId: carol.id },
      { followeeId: 5, followerId: carol.id },
      [],
    ]) {
      const bad = await http.post('/api/follows', { token: carol.accessToken, json });
      expect(bad.status).toBe(400);
      expect(bad.body.exceptionName).toBe('InvalidInputException');
    }
    const rows = await server.database.db.select().from(follows).where(eq(follows.followerId, carol.id));
    expect(rows).toHaveLength(1);
  });

  it('tells the followee (never the follower)', async () => {
    const dave = await createUser(server, { name: '데이브' });
    expect((await follow(dave, bob.id)).status).toBe(201);
    const told = await server.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.receiverId, bob.id),
          eq(notifications.title, ko.follows.followedNotificationTitle),
        ),
      );
    expect(told.map((n) => n.content)).toContain(ko.follows.followedNotificationContent('데이브'));
    const self = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiverId, dave.id));
    expect(self).toHaveLength(0);
  });

  it('summarises counts and the relation to the viewer', async () => {
    const erin = await createUser(server, { name: '에린' });
    const frank = await createUser(server, { name: '프랭크' });
    const f1 = await follow(erin, frank.id);
    expect(f1.status).toBe(201);
    expect((await follow(frank, erin.id)).status).toBe(201);
    expect((await follow(alice, frank.id)).status).toBe(201);

    const asErin = await summary(erin, frank.id);
    expect(asErin.status).toBe(200);
    expect(asErin.body).toEqual({
      followeeId: frank.id,
      followerCount: 2,
      followingCount: 1,
      followedByMe: true,
      followedByMeId: f1.body.id,
      followingMe: true,
    });
    const asBob = await summary(bob, frank.id);
    expect(asBob.body).toMatchObject({
      followerCount: 2,
      followedByMe: false,
      followedByMeId: null,
      followingMe: false,
    });
    const own = await summary(frank, frank.id);
    expect(own.body).toMatchObject({ followedByMe: false, followedByMeId: null, followingMe: false });
    expect((await summary(erin, MISSING_ID)).status).toBe(404);
    expect((await summary(erin, 'abc')).status).toBe(400);
    expect((await http.get('/api/follows/summary', { token: erin.accessToken })).status).toBe(400);
  });

  it('unfollows only as the follower', async () => {
    const gina = await createUser(server, { name: '지나' });
    const { body: rel } = await follow(gina, alice.id);
    const foreign = await http.delete(`/api/follows/${rel.id}`, { token: alice.accessToken });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(ko.follows.notFollower);
    expect((await http.delete(`/api/follows/${rel.id}`, { token: gina.accessToken })).status).toBe(204);
    const again = await http.delete(`/api/follows/${rel.id}`, { token: gina.accessToken });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(ko.follows.notFound);
    expect((await http.delete('/api/follows/zzz', { token: gina.accessToken })).status).toBe(400);
    expect((await summary(gina, alice.id)).body).toMatchObject({ followedByMe: false, followedByMeId: null });
    // Following again works after unfollowing.
    expect((await follow(gina, alice.id)).status).toBe(201);
  });

  describe('lists', () => {
    let star: TestUser;
    let fans: TestUser[];

    beforeAll(async () => {
      star = await createUser(server, { name: '스타' });
      const names = ['김코트', '이코트장', '박니트', '최셔츠', 'Kim코트', '정바지', '한모자'];
      fans = [];
      for (const name of names) fans.push(await createUser(server, { name: `${name}${fans.length}` }));
      for (const fan of fans) expect((await follow(fan, star.id)).status).toBe(201);
      for (const fan of fans.slice(0, 3)) expect((await follow(star, fan.id)).status).toBe(201);
    });

    it('lists followers newest first with both sides, in pages, with totalCount', async () => {
      const seen: FollowDto[] = [];
      let cursor: string | undefined;
      let idAfter: string | undefined;
      for (let i = 0; i < 5; i++) {
        const res = await followers(alice, { followeeId: star.id, limit: 3, cursor, idAfter });
        expect(res.status).toBe(200);
        expect(res.body.totalCount).toBe(7);
        expect(res.body.sortBy).toBe('createdAt');
        expect(res.body.sortDirection).toBe('DESCENDING');
        seen.push(...res.body.data);
        if (!res.body.hasNext) break;
        cursor = res.body.nextCursor;
        idAfter = res.body.nextIdAfter;
      }
      expect(seen.map((f) => f.follower.userId)).toEqual([...fans].reverse().map((f) => f.id));
      expect(seen.every((f) => f.followee.userId === star.id && f.followee.name === '스타')).toBe(true);

      const following = await followings(alice, { followerId: star.id });
      expect(following.body.data.map((f: FollowDto) => f.followee.userId)).toEqual(
        fans
          .slice(0, 3)
          .reverse()
          .map((f) => f.id),
      );
      expect(following.body.totalCount).toBe(3);

      // A page past the end has no row to carry the count, and still tells it.
      const last = seen[seen.length - 1]!;
      const past = await followers(alice, {
        followeeId: star.id,
        limit: 3,
        cursor: last.createdAt,
        idAfter: last.id,
      });
      expect(past.body).toMatchObject({ data: [], totalCount: 7, hasNext: false });
      const nobody = await createUser(server, { name: '새친구' });
      expect((await followers(alice, { followeeId: nobody.id })).body).toMatchObject({
        data: [],
        totalCount: 0,
      });
      expect((await followings(alice, { followerId: nobody.id })).body).toMatchObject({
        data: [],
        totalCount: 0,
      });
    });

    it('searches the listed people by partial name, Korean included, case-insensitively', async () => {
      const coat = await followers(alice, { followeeId: star.id, nameLike: '코트' });
      expect(coat.body.data.map((f: FollowDto) => f.follower.name).sort()).toEqual(
        [fans[0]!.name, fans[1]!.name, fans[4]!.name].sort(),
      );
      expect(coat.body.totalCount).toBe(3);
      const latin = await followers(alice, { followeeId: star.id, nameLike: 'kim' });
      expect(latin.body.data.map((f: FollowDto) => f.follower.userId)).toEqual([fans[4]!.id]);
      const one = await followings(alice, { followerId: star.id, nameLike: '니' });
      expect(one.body.data.map((f: FollowDto) => f.followee.userId)).toEqual([fans[2]!.id]);
      expect(one.body.totalCount).toBe(1);
      const none = await followers(alice, { followeeId: star.id, nameLike: '없는이름' });
      expect(none.body).toMatchObject({
        data: [],
        totalCount: 0,
        hasNext: false,
        nextCursor: null,
        nextIdAfter: null,
      });
      // The list owner's own name is not what is searched.
      expect((await followers(alice, { followeeId: star.id, nameLike: '스타' })).body.totalCount).toBe(0);
    });

    it('shows avatars as profileImageUrl', async () => {
      await server.database.db
        .update(profiles)
        .set({ imageKey: 'profiles/33333333-3333-4333-8333-333333333333.webp' })
        .where(eq(profiles.userId, fans[6]!.id));
      const res = await followers(alice, { followeeId: star.id, limit: 1 });
      expect(res.body.data[0].follower.profileImageUrl).toBe(
        '/files/profiles/33333333-3333-4333-8333-333333333333.webp',
      );
    });

    it('answers bad list queries with 400 and unknown users with 404', async () => {
      for (const query of [
        {},
        { followeeId: 'me' },
        { followeeId: star.id, limit: 0 },
        { followeeId: star.id, cursor: 'soon' },
        { followeeId: star.id, nameLike: 'x'.repeat(101) },
      ]) {
        expect((await followers(alice, query)).status, JSON.stringify(query)).toBe(400);
      }
      expect((await followings(alice, { followeeId: star.id })).status).toBe(400);
      expect((await followers(alice, { followeeId: MISSING_ID })).status).toBe(404);
      expect((await followings(alice, { followerId: MISSING_ID })).status).toBe(404);
    });
  });
});
