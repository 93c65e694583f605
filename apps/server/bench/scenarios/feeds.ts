/**
 * GET /api/feeds over a seeded community (bench/seed.ts): first and deep pages, newest and most liked, without
 * and with a keyword (a common one, '코트' in ≈13% of posts, and a rare one, '한정판콜라보' in 0.1%), each at the
 * runner's connections; plus the EXPLAIN ANALYZE of each page query as the server builds it, flagged when
 * it reads a big table sequentially.
 *
 *   npm run bench -- feeds                                         seeds a scratch database at FEEDS_BENCH_SCALE
 *                                                                  (default 0.05 = 50,000 posts), drops it after
 *   FEEDS_BENCH_DATABASE_URL=postgres://…/db npm run bench -- feeds   a database seeded beforehand, e.g. with
 *                                                                  `npm run seed -- --scale=1` (1,000,000 posts)
 *
 * On each `--db` kind: PostgreSQL at a scratch (or given) database, and the embedded PostgreSQL server of a scratch
 * DATA_DIR, seeded the same way and served as `npm start` serves it.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { FeedListQuery } from '@otboo/contract';
import { createModules } from '../../src/app/create-modules.js';
import { moduleDeps } from '../../src/app/module-deps.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { combineLifecycles } from '../../src/lib/modules.js';
import { createLocalEventBus } from '../../src/realtime/event-bus.js';
import { OFFLINE_PROVIDER_ENV } from '../../test/support/offline-env.js';
import { BENCH_PASSWORD, benchEmail, seedId } from '../seed.js';
import { runLoad } from '../support/load.js';
import { sequential } from '../support/sequential.js';
import { seededCommunity } from '../support/community.js';
import { signIn, startBuiltServer } from '../support/servers.js';
import type { BenchContext, BenchRow, DbKind, Scenario } from '../support/types.js';

const P99_TARGET_MS = 50;
const SEQUENTIAL = 300;
const LIMIT = 10;
/** Big tables a hot-path plan must not read sequentially. */
const BIG_TABLES = ['feeds', 'feed_likes', 'feed_clothes', 'feed_comments', 'users'];

interface Variant {
  name: string;
  sortBy: 'createdAt' | 'likeCount';
  keyword?: string;
  /** Rows to skip to reach the deep page's cursor (0 = first page). */
  deep: number;
}

const VARIANTS: Variant[] = [
  { name: 'first page, newest', sortBy: 'createdAt', deep: 0 },
  { name: 'deep page, newest', sortBy: 'createdAt', deep: 0.5 },
  { name: 'first page, most liked', sortBy: 'likeCount', deep: 0 },
  { name: 'deep page, most liked', sortBy: 'likeCount', deep: 0.5 },
  { name: "'코트' first page, newest", sortBy: 'createdAt', keyword: '코트', deep: 0 },
  { name: "'코트' deep page, newest", sortBy: 'createdAt', keyword: '코트', deep: 0.5 },
  { name: "'코트' first page, most liked", sortBy: 'likeCount', keyword: '코트', deep: 0 },
  { name: "'코트' deep page, most liked", sortBy: 'likeCount', keyword: '코트', deep: 0.5 },
  { name: "'한정판콜라보' first page, newest", sortBy: 'createdAt', keyword: '한정판콜라보', deep: 0 },
  { name: "'한정판콜라보' deep page, most liked", sortBy: 'likeCount', keyword: '한정판콜라보', deep: 0.5 },
];

/** The cursor of a deep page: the sort key and id of the row `fraction` of the way down the matching rows. */
async function deepCursor(
  client: pg.Client,
  v: Variant,
): Promise<{ cursor: string; idAfter: string } | undefined> {
  if (v.deep === 0) return undefined;
  const where = v.keyword ? `where content ilike $1` : '';
  const params = v.keyword ? [`%${v.keyword}%`] : [];
  const { rows: count } = await client.query(`select count(*)::int as n from feeds ${where}`, params);
  const offset = Math.floor(count[0].n * v.deep);
  const column = v.sortBy === 'likeCount' ? 'like_count' : 'created_at';
  const { rows } = await client.query(
    `select ${column} as key, id from feeds ${where} order by ${column} desc, id desc offset ${offset} limit 1`,
    params,
  );
  const key = rows[0].key as Date | number;
  return { cursor: key instanceof Date ? key.toISOString() : String(key), idAfter: rows[0].id as string };
}

/**
 * The page query exactly as the feed list plans it (author ids, plan choice), EXPLAIN ANALYZEd. A keyword page
 * through the gram index runs as two statements (FeedsRepo.keywordPage: the ids, then the feeds by id); this
 * one statement holds the same word-dependent part, so its plan shows how the ids are found.
 */
async function explainPage(
  url: string,
  dataDir: string,
  client: pg.Client,
  v: Variant,
  deep?: { cursor: string; idAfter: string },
) {
  const database = await openDatabase({ url, poolSize: 2 });
  // The feed list of a server of our own on the same database, built as the app builds it.
  const config = loadConfig({ ...OFFLINE_PROVIDER_ENV, DATA_DIR: dataDir, DATABASE_URL: url });
  const log = { warn: () => undefined, child: () => log } as unknown as FastifyBaseLogger;
  const base = await moduleDeps(config, database, log, { bus: createLocalEventBus() });
  const modules = await createModules(base);
  const { feedList } = modules.feeds.api;
  try {
    const query = FeedListQuery.parse({
      limit: String(LIMIT),
      sortBy: v.sortBy,
      sortDirection: 'DESCENDING',
      ...(v.keyword ? { keywordLike: v.keyword } : {}),
      ...(deep ?? {}),
    });
    // As in the server once this search has been seen: its exact count is known and guides the plan.
    if (v.keyword) {
      await feedList.read(seedId('a', 1), query);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const { sql, params, keywordIndex } = await feedList.pageStatement(seedId('a', 1), query);
    let rows: Record<string, string>[];
    if (v.keyword) {
      ({ rows } = await client.query(`explain (analyze, costs off) ${sql}`, params));
    } else {
      // The server runs this one as a prepared statement, which PostgreSQL answers with a generic plan after
      // five runs: explain that plan (made without the values), not a custom one.
      const literal = (p: unknown) => (typeof p === 'number' ? String(p) : client.escapeLiteral(String(p)));
      await client.query(`prepare bench_page as ${sql}`);
      await client.query(`set plan_cache_mode = force_generic_plan`);
      try {
        ({ rows } = await client.query(
          `explain (analyze, costs off) execute bench_page(${params.map(literal).join(', ')})`,
        ));
      } finally {
        await client.query(`reset plan_cache_mode`);
        await client.query(`deallocate bench_page`);
      }
    }
    const plan = rows.map((r) => r['QUERY PLAN']!);
    const seqScans = plan.filter((l) => BIG_TABLES.some((t) => new RegExp(`Seq Scan on ${t}\\b`).test(l)));
    const scans = [
      ...new Set(
        plan.flatMap(
          (l) =>
            /(Index Only Scan|Index Scan|Bitmap Index Scan) (?:Backward )?(?:using|on) (\w+)/.exec(l)?.[2] ??
            [],
        ),
      ),
    ];
    return {
      plan,
      seqScans,
      scans,
      keywordIndex,
      executionMs: plan.find((l) => l.startsWith('Execution Time'))?.replace(/\D+([\d.]+).*/, '$1'),
    };
  } finally {
    await combineLifecycles(modules.all.map((m) => m.lifecycle)).close();
    await database.close();
  }
}

/** The feed list over a seeded community on one database kind. */
async function feedLists(ctx: BenchContext, kind: DbKind): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const community = await seededCommunity(ctx, 'FEEDS_BENCH_SCALE', kind);
  try {
    const server = await startBuiltServer(community.serverTarget);
    const url = await community.liveUrl();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows: sizes } = await client.query(
        `select (select count(*) from feeds)::int as feeds, (select count(*) from feed_likes)::int as likes`,
      );
      ctx.log(
        `${sizes[0].feeds.toLocaleString('en-US')} feeds, ${sizes[0].likes.toLocaleString('en-US')} likes`,
      );
      const { accessToken } = await signIn(server.url, benchEmail(1), BENCH_PASSWORD);
      const headers = { authorization: `Bearer ${accessToken}` };
      const pid = server.pid;
      // Fill the server's connection pool, so every backend it will use exists before CPU is sampled.
      await runLoad({
        name: 'warm-up',
        url: `${server.url}/api/feeds?limit=${LIMIT}`,
        connections: ctx.connections,
        durationSeconds: 2,
        headers,
      });
      // The cheapest authenticated route of the app as a control: plugins, token check, one small query.
      const controlUrl = `${server.url}/api/follows/summary?userId=${seedId('a', 2)}`;
      const controlLoad = await runLoad({
        name: 'control: GET /api/follows/summary',
        url: controlUrl,
        connections: ctx.connections,
        durationSeconds: ctx.durationSeconds,
        headers,
      });
      rows.push({
        ...controlLoad,
        database: kind,
        notes: `the cheapest authenticated route (token and session check, one key lookup): the ceiling for any /api call here; p99 < ${P99_TARGET_MS}: ${controlLoad.p99Ms < P99_TARGET_MS ? 'met' : 'MISSED'}`,
      });
      const control = await sequential(controlUrl, headers, pid, client, SEQUENTIAL);
      rows.push({
        kind: 'timing',
        name: 'control: GET /api/follows/summary, one connection',
        database: kind,
        samplesMs: [control.p50, control.p99].map((x) => Math.round(x * 10) / 10),
        medianMs: Math.round(control.p50 * 10) / 10,
        maxMs: Math.round(control.p99 * 10) / 10,
        notes: `p50/p99 of ${SEQUENTIAL} sequential requests; CPU per request: server ${control.serverCpu.toFixed(2)} ms, database ${control.dbCpu.toFixed(2)} ms`,
      });
      for (const v of VARIANTS) {
        const deep = await deepCursor(client, v);
        const query = new URLSearchParams({
          limit: String(LIMIT),
          sortBy: v.sortBy,
          sortDirection: 'DESCENDING',
          ...(v.keyword ? { keywordLike: v.keyword } : {}),
          ...(deep ?? {}),
        });
        const pageUrl = `${server.url}/api/feeds?${query}`;
        // The first request of a keyword search (plans its estimate; may count or start the background count).
        const coldStart = performance.now();
        const probe = await fetch(pageUrl, { headers });
        const coldMs = performance.now() - coldStart;
        const page = (await probe.json()) as { totalCount: number; data: unknown[] };
        if (probe.status !== 200 || page.data.length === 0)
          throw new Error(`probe of ${v.name} failed: ${probe.status}`);
        const explained = await explainPage(url, community.serverTarget.dataDir, client, v, deep);
        // Let a background count finish, so the load measures the steady state (reported as such).
        await new Promise((r) => setTimeout(r, 1500));
        const settled = (await (await fetch(pageUrl, { headers })).json()) as { totalCount: number };
        const seq = await sequential(pageUrl, headers, pid, client, SEQUENTIAL);
        const load = await runLoad({
          name: `GET /api/feeds ${v.name}`,
          url: pageUrl,
          connections: ctx.connections,
          durationSeconds: ctx.durationSeconds,
          headers,
        });
        rows.push({
          ...load,
          database: kind,
          notes: [
            `p99 < ${P99_TARGET_MS}: ${load.p99Ms < P99_TARGET_MS ? 'met' : 'MISSED'}`,
            `totalCount ${page.totalCount.toLocaleString('en-US')}${settled.totalCount !== page.totalCount ? ` → ${settled.totalCount.toLocaleString('en-US')}` : ''}`,
            `first request ${coldMs.toFixed(0)} ms`,
            `one connection: p50 ${seq.p50.toFixed(1)} ms, p99 ${seq.p99.toFixed(1)} ms, CPU/request server ${seq.serverCpu.toFixed(2)} ms + database ${seq.dbCpu.toFixed(2)} ms`,
            `${v.keyword ? 'plan' : 'generic plan'} ${explained.executionMs} ms via ${explained.scans.filter((s) => s.startsWith('feeds_')).join('+')}${v.keyword ? (explained.keywordIndex ? ' (gram index)' : ' (walk)') : ''}`,
            explained.seqScans.length > 0 ? `SEQ SCAN: ${explained.seqScans.join('; ')}` : 'no seq scan',
          ].join('; '),
        });
        if (process.env.FEEDS_BENCH_PLANS) ctx.log(`${v.name}\n${explained.plan.join('\n')}`);
      }
      // What an exact count of the common keyword costs (the background count; the API never waits for it).
      const started = performance.now();
      await client.query('begin');
      await client.query(`set local work_mem = '64MB'`);
      const { rows: exact } = await client.query(
        `select count(*)::int as n from feeds where content ilike '%코트%' and otboo_grams(content) @> otboo_bigrams('코트')`,
      );
      await client.query('commit');
      rows.push({
        kind: 'timing',
        name: "exact count of '코트' (background; cached 30 s)",
        database: kind,
        samplesMs: [Math.round(performance.now() - started)],
        medianMs: Math.round(performance.now() - started),
        maxMs: Math.round(performance.now() - started),
        notes: `${exact[0].n.toLocaleString('en-US')} matches`,
      });
    } finally {
      // The client first: the server's close stops the embedded PostgreSQL under it.
      await client.end();
      await server.stop();
    }
  } finally {
    await community.close();
  }
  return rows;
}

export const scenarios: Scenario[] = [
  {
    name: 'feeds.list',
    description:
      'GET /api/feeds first and deep pages, newest and most liked, with and without a keyword, over a seeded community',
    async run(ctx) {
      const rows: BenchRow[] = [];
      for (const kind of ctx.databases) rows.push(...(await feedLists(ctx, kind)));
      return rows;
    },
  },
];
