/**
 * `lists.floor`: the lists a signed-in user opens first, over a small community made through the API as the app
 * makes it (issue 23): USERS users, FEEDS posts among them, a CLOSET-piece closet and NOTIFICATIONS unread
 * notifications for the viewer, at the runner's connections on one scratch PostgreSQL database. Only today's
 * forecast is written straight into the database (the weather provider is offline in benchmarks).
 *
 *   npm run bench -- lists.floor --db=postgres
 *   LISTS_BENCH_KEEP=1 npm run bench -- lists.floor --db=postgres   keeps the database (its URL is logged) for EXPLAIN
 *
 * Rows: the cheapest signed-in call (the follow summary) and each first page as the web app asks for it.
 */
import { randomUUID } from 'node:crypto';
import { weatherForecasts, profiles } from '../../src/db/schema/index.js';
import { eq, sql } from 'drizzle-orm';
import { runLoad } from '../support/load.js';
import { BENCH_ADMIN, benchTarget, signIn, startBuiltServer, withDatabase } from '../support/servers.js';
import type { BenchRow, LoadRow, Scenario } from '../support/types.js';

const USERS = 30;
const FEEDS = 200;
const CLOSET = 300;
const NOTIFICATIONS = 50;
const PASSWORD = 'bench1234!';
const P99_TARGET_MS = 50;

const ITEMS: [string, string][] = [
  ['울코트', 'OUTER'],
  ['숏패딩', 'OUTER'],
  ['니트', 'TOP'],
  ['셔츠', 'TOP'],
  ['맨투맨', 'TOP'],
  ['청바지', 'BOTTOM'],
  ['슬랙스', 'BOTTOM'],
  ['원피스', 'DRESS'],
  ['운동화', 'SHOES'],
  ['로퍼', 'SHOES'],
  ['비니', 'HAT'],
  ['머플러', 'SCARF'],
];
const COLORS = ['블랙', '화이트', '네이비', '베이지', '그레이'];
const WORDS = ['출근길', '주말 나들이', '비 오는 날', '데이트', '캠퍼스', '산책'];

/** Today's forecast at Seoul (what a weather fetch would have stored). */
function today() {
  const at = new Date();
  return {
    source: 'open-meteo' as const,
    gridX: 60,
    gridY: 127,
    latitude: 37.5665,
    longitude: 126.978,
    locationNames: ['서울특별시', '중구', '명동'],
    forecastDate: at.toISOString().slice(0, 10),
    forecastAt: at,
    forecastedAt: at,
    skyStatus: 'CLOUDY' as const,
    precipitationType: 'NONE' as const,
    precipitationAmount: 0,
    precipitationProbability: 20,
    humidity: 55,
    humidityComparedToDayBefore: 0,
    temperatureCurrent: 8,
    temperatureMin: 3,
    temperatureMax: 12,
    temperatureComparedToDayBefore: 0,
    windSpeed: 3,
    windAsWord: 'WEAK' as const,
    batchId: randomUUID(),
    dayIndex: 0,
  };
}

interface Member {
  id: string;
  token: string;
}

async function call(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: string | FormData | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** A garment through the real multipart endpoint. */
async function addGarment(base: string, owner: Member, i: number, defs: { id: string; values: string[] }[]) {
  const [item, type] = ITEMS[i % ITEMS.length]!;
  const request = {
    ownerId: owner.id,
    name: `${COLORS[i % COLORS.length]} ${item} ${i}`,
    type,
    attributes: defs.map((d, k) => ({ definitionId: d.id, value: d.values[(i + k) % d.values.length]! })),
  };
  const form = new FormData();
  form.append('request', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  return (await call(base, owner.token, 'POST', '/api/clothes', form)).id as string;
}

/** Runs `fn` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, fn: (item: T, index: number) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += width)
    await Promise.all(items.slice(i, i + width).map((item, k) => fn(item, i + k)));
}

export const scenarios: Scenario[] = [
  {
    name: 'lists.floor',
    description: `the first lists of a signed-in user over ${USERS} users, ${FEEDS} posts, a ${CLOSET}-piece closet`,
    async run(ctx) {
      if (!ctx.databases.includes('postgres')) {
        ctx.log('lists.floor runs on PostgreSQL only (skipped)');
        return [];
      }
      const rows: BenchRow[] = [];
      const target = await benchTarget('postgres');
      try {
        const server = await startBuiltServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
        try {
          const base = server.url;
          const started = performance.now();
          const admin = await signIn(base, BENCH_ADMIN.email, BENCH_ADMIN.password);
          // The definitions every new database starts with (두께, 계절, …), as an administrator keeps them.
          const defsRes = await fetch(`${base}/api/clothes/attribute-defs`, {
            headers: { authorization: `Bearer ${admin.accessToken}` },
          });
          const defs = ((await defsRes.json()) as { id: string; selectableValues: string[] }[])
            .slice(0, 3)
            .map((d) => ({ id: d.id, values: d.selectableValues }));
          const members: Member[] = [];
          await inParallel(
            Array.from({ length: USERS }, (_, i) => i),
            5,
            async (i) => {
              const email = `floor${i}.${Date.now().toString(36)}@otboo.bench`;
              const user = await call(base, null, 'POST', '/api/users', {
                email,
                name: `사용자${i}`,
                password: PASSWORD,
              });
              const { accessToken } = await signIn(base, email, PASSWORD);
              members[i] = { id: user.id as string, token: accessToken };
            },
          );
          const viewer = members[0]!;
          const weatherId = await withDatabase(target, async ({ db }) => {
            const [w] = await db
              .insert(weatherForecasts)
              .values(today())
              .returning({ id: weatherForecasts.id });
            // The profile's location, as the app's location prompt would have set it.
            await db
              .update(profiles)
              .set({
                latitude: 37.5665,
                longitude: 126.978,
                gridX: 60,
                gridY: 127,
                locationNames: ['서울특별시', '중구', '명동'],
              })
              .where(eq(profiles.userId, viewer.id));
            return w!.id;
          });
          // The viewer's closet; every other member owns three pieces to post with.
          const closet: string[] = [];
          await inParallel(
            Array.from({ length: CLOSET }, (_, i) => i),
            5,
            async (i) => (closet[i] = await addGarment(base, viewer, i, defs)),
          );
          const owned = new Map<string, string[]>([[viewer.id, closet]]);
          await inParallel(members.slice(1), 5, async (m, k) =>
            owned.set(m.id, await Promise.all([0, 1, 2].map((j) => addGarment(base, m, k * 3 + j, defs)))),
          );
          // Posts spread over the members, about one in eight naming a coat ('코트').
          const posts: { id: string; author: Member }[] = [];
          await inParallel(
            Array.from({ length: FEEDS }, (_, i) => i),
            5,
            async (i) => {
              const author = members[i % USERS]!;
              const mine = owned.get(author.id)!;
              const content = `${WORDS[i % WORDS.length]} 코디 ${i}${i % 8 === 0 ? ' 울코트 입었어요' : ''}`;
              const feed = await call(base, author.token, 'POST', '/api/feeds', {
                authorId: author.id,
                weatherId,
                clothesIds: [mine[i % mine.length]!, mine[(i + 1) % mine.length]!],
                content,
              });
              posts[i] = { id: feed.id as string, author };
            },
          );
          // Notifications for the viewer: every other member follows them, then likes of their posts.
          await inParallel(members.slice(1), 5, (m) =>
            call(base, m.token, 'POST', '/api/follows', { followeeId: viewer.id, followerId: m.id }),
          );
          const viewerPosts = posts.filter((p) => p.author === viewer);
          const likes = NOTIFICATIONS - (USERS - 1);
          await inParallel(
            Array.from({ length: likes }, (_, i) => i),
            5,
            (i) =>
              call(
                base,
                members[1 + (i % (USERS - 1))]!.token,
                'POST',
                `/api/feeds/${viewerPosts[Math.floor(i / (USERS - 1))]!.id}/like`,
              ),
          );
          // Statistics that see the new rows, as autovacuum would have them on a live database (it may be off, or
          // slow to come round, on a scratch one); without them every plan is made from default guesses.
          await withDatabase(target, ({ db }) => db.execute(sql`analyze`));
          ctx.log(
            `made ${USERS} users, ${FEEDS} posts, a ${CLOSET}-piece closet through the API in ${((performance.now() - started) / 1000).toFixed(0)} s`,
          );

          const headers = { authorization: `Bearer ${viewer.token}` };
          const other = members[1]!.id;
          const lists = [
            {
              name: 'GET /api/follows/summary (cheapest signed-in call)',
              path: `/api/follows/summary?userId=${other}`,
            },
            { name: 'GET /api/clothes/attribute-defs', path: '/api/clothes/attribute-defs' },
            { name: 'GET /api/users/{id}/profiles', path: `/api/users/${other}/profiles` },
            { name: 'GET /api/notifications (limit 20)', path: '/api/notifications?limit=20' },
            {
              name: 'GET /api/feeds newest (limit 10)',
              path: '/api/feeds?limit=10&sortBy=createdAt&sortDirection=DESCENDING',
            },
            {
              name: 'GET /api/feeds by likes (limit 10)',
              path: '/api/feeds?limit=10&sortBy=likeCount&sortDirection=DESCENDING',
            },
            {
              name: "GET /api/feeds '코트' (limit 10)",
              path: `/api/feeds?limit=10&sortBy=createdAt&sortDirection=DESCENDING&keywordLike=${encodeURIComponent('코트')}`,
            },
            {
              name: `GET /api/clothes (limit 20 of ${CLOSET})`,
              path: `/api/clothes?ownerId=${viewer.id}&limit=20`,
            },
            { name: 'GET /api/recommendations', path: `/api/recommendations?weatherId=${weatherId}` },
          ];
          for (const list of lists) {
            const res = await fetch(`${base}${list.path}`, { headers });
            const body = await res.text();
            if (res.status !== 200) throw new Error(`${list.name}: ${res.status} ${body.slice(0, 300)}`);
          }
          await runLoad({
            name: 'warm-up',
            url: `${base}${lists[4]!.path}`,
            connections: ctx.connections,
            durationSeconds: 2,
            headers,
          });
          for (const list of lists) {
            const load = await runLoad({
              name: list.name,
              url: `${base}${list.path}`,
              connections: ctx.connections,
              durationSeconds: ctx.durationSeconds,
              headers,
            });
            const failed = load.non2xx + load.errors;
            const row: LoadRow = {
              ...load,
              database: 'postgres',
              notes: [
                failed > 0 ? `FAILED: ${load.non2xx} non-2xx, ${load.errors} errors` : '',
                `p99 < ${P99_TARGET_MS} ms: ${load.p99Ms < P99_TARGET_MS ? 'met' : 'MISSED'}`,
              ]
                .filter(Boolean)
                .join('; '),
            };
            rows.push(row);
          }
        } finally {
          await server.stop();
        }
      } finally {
        if (process.env.LISTS_BENCH_KEEP) ctx.log(`kept ${target.databaseUrl}`);
        else await target.cleanup();
      }
      return rows;
    },
  },
];
