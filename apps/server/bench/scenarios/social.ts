/**
 * The social lists a signed-in user pages through, over a seeded community (bench/seed.ts): a feed's comments,
 * a user's followers and followings, the notification list and a direct-message conversation, each as the web
 * app asks for its first page (limit 20), at the runner's connections and on one connection (p50/p99, CPU per
 * request of the server and of its PostgreSQL backends), next to the cheapest authenticated route as a control.
 *
 *   npm run bench -- social                                          seeds a scratch database at SOCIAL_BENCH_SCALE
 *                                                                   (default 0.05 = 500 users), drops it after
 *   FEEDS_BENCH_DATABASE_URL=postgres://…/db npm run bench -- social   the database seeded for feeds.list, e.g. with
 *                                                                   `npm run seed -- --scale=1` (10,000 users)
 *
 * The seed writes no notifications and no messages, so the scenario adds its own for bench1 (NOTIFICATIONS unread
 * notifications, a conversation of MESSAGES with bench2) and deletes exactly those rows at the end, leaving a
 * shared database as it found it. On each `--db` kind, like feeds.list.
 */
import pg from 'pg';
import { BENCH_PASSWORD, benchEmail, seedId } from '../seed.js';
import { runLoad } from '../support/load.js';
import { sequential } from '../support/sequential.js';
import { seededCommunity } from '../support/community.js';
import { signIn, startBuiltServer } from '../support/servers.js';
import type { BenchContext, BenchRow, DbKind, LoadRow, Scenario, TimingRow } from '../support/types.js';

const P99_TARGET_MS = 50;
const SEQUENTIAL = 300;
/** The first page the web app asks for on each of these screens (COMMENT_PAGE_SIZE, FOLLOW_PAGE_SIZE, …). */
const LIMIT = 20;
const NOTIFICATIONS = 1_000;
const MESSAGES = 2_000;

const VIEWER = seedId('a', 1);
const PARTNER = seedId('a', 2);

/** The same conversation key as the server's pairKeyOf (the two ids in string order). */
const pairKey = (a: string, b: string) => (a < b ? `${a}_${b}` : `${b}_${a}`);

/** Rows this run added, deleted by id at the end whatever happens in between. */
interface Added {
  notifications: string[];
  messages: string[];
}

/** Unread notifications to the viewer and a conversation with the partner, one a minute back from now. */
async function addRows(client: pg.Client, added: Added) {
  const notes = await client.query<{ id: string }>(
    `insert into notifications (receiver_id, title, content, level, kind, source_user_id, created_at)
     select $1, '벤치마크 알림', '벤치마크 알림 ' || n, 'INFO', 'COMMENT', $2, now() - n * interval '1 minute'
     from generate_series(1, $3::int) n
     returning id`,
    [VIEWER, PARTNER, NOTIFICATIONS],
  );
  added.notifications = notes.rows.map((r) => r.id);
  // Alternating senders, as a conversation goes; the older half read, the newer half unread by the viewer.
  const messages = await client.query<{ id: string }>(
    `insert into direct_messages (sender_id, receiver_id, pair_key, content, created_at, read_at)
     select case when n % 2 = 0 then $1::uuid else $2::uuid end, case when n % 2 = 0 then $2::uuid else $1::uuid end,
            $3, '벤치마크 메시지 ' || n, now() - n * interval '1 minute',
            case when n > $4::int / 2 then now() end
     from generate_series(1, $4::int) n
     returning id`,
    [VIEWER, PARTNER, pairKey(VIEWER, PARTNER), MESSAGES],
  );
  added.messages = messages.rows.map((r) => r.id);
  // Statistics that see the new rows (autovacuum would take its time), so the plans are the ones of a live table.
  await client.query('analyze notifications, direct_messages');
}

async function removeRows(client: pg.Client, added: Added) {
  await client.query(`delete from notifications where id = any($1::uuid[])`, [added.notifications]);
  await client.query(`delete from direct_messages where id = any($1::uuid[])`, [added.messages]);
}

/** The busiest feed, followee and follower of the seeded database (a scan each, once, at setup). */
async function busiest(client: pg.Client) {
  const { rows } = await client.query<{
    feed: string;
    comments: number;
    followee: string;
    followers: number;
    follower: string;
    followings: number;
  }>(
    `select f.id as feed, f.comment_count as comments, e.followee, e.followers, r.follower, r.followings
     from (select id, comment_count from feeds order by comment_count desc, id limit 1) f,
          (select followee_id as followee, count(*)::int as followers from follows
           group by 1 order by 2 desc, 1 limit 1) e,
          (select follower_id as follower, count(*)::int as followings from follows
           group by 1 order by 2 desc, 1 limit 1) r`,
  );
  if (!rows[0]) throw new Error('the database has no feeds or no follows: seed it first');
  return rows[0];
}

const met = (ms: number) => `p99 < ${P99_TARGET_MS} ms: ${ms < P99_TARGET_MS ? 'met' : 'MISSED'}`;

/** The first pages of the social lists over a seeded community on one database kind. */
async function socialLists(ctx: BenchContext, kind: DbKind): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const community = await seededCommunity(ctx, 'SOCIAL_BENCH_SCALE', kind);
  try {
    const added: Added = { notifications: [], messages: [] };
    try {
      const top = await community.prepare(async (client) => {
        await addRows(client, added);
        return busiest(client);
      });
      ctx.log(
        `${added.notifications.length} notifications and ${added.messages.length} messages added for bench1; ` +
          `feed ${top.feed} has ${top.comments} comments, ${top.followee} ${top.followers} followers, ` +
          `${top.follower} ${top.followings} followings`,
      );
      const server = await startBuiltServer(community.serverTarget);
      const client = new pg.Client({ connectionString: await community.liveUrl() });
      await client.connect();
      try {
        const { accessToken } = await signIn(server.url, benchEmail(1), BENCH_PASSWORD);
        const headers = { authorization: `Bearer ${accessToken}` };
        const page = `limit=${LIMIT}`;
        const lists = [
          {
            // The cheapest authenticated route of the app (token and session check, one key lookup), as in
            // feeds.list: the ceiling for any /api call, so ratios to hello world read from one run.
            name: 'control: GET /api/follows/summary',
            path: `/api/follows/summary?userId=${PARTNER}`,
            size: 'control',
          },
          {
            name: "GET /api/feeds/{id}/comments (a feed's comments)",
            path: `/api/feeds/${top.feed}/comments?${page}`,
            size: `${top.comments} comments`,
          },
          {
            name: 'GET /api/follows/followers',
            path: `/api/follows/followers?followeeId=${top.followee}&${page}`,
            size: `${top.followers} followers`,
          },
          {
            name: 'GET /api/follows/followings',
            path: `/api/follows/followings?followerId=${top.follower}&${page}`,
            size: `${top.followings} followings`,
          },
          {
            name: 'GET /api/notifications',
            path: `/api/notifications?${page}`,
            size: `${added.notifications.length}+ unread`,
          },
          {
            name: 'GET /api/direct-messages (a conversation)',
            path: `/api/direct-messages?userId=${PARTNER}&${page}`,
            size: `${added.messages.length} messages`,
          },
        ];
        // Each route answers before anything is measured: a 4xx or 500 is a broken scenario, not a figure.
        for (const list of lists) {
          const res = await fetch(`${server.url}${list.path}`, { headers });
          const body = await res.text();
          if (res.status !== 200) throw new Error(`${list.name}: ${res.status} ${body.slice(0, 300)}`);
        }
        // Fill the server's connection pool, so every backend it will use exists before CPU is sampled.
        await runLoad({
          name: 'warm-up',
          url: `${server.url}${lists[1]!.path}`,
          connections: ctx.connections,
          durationSeconds: 2,
          headers,
        });
        for (const list of lists) {
          const listUrl = `${server.url}${list.path}`;
          const load = await runLoad({
            name: list.name,
            url: listUrl,
            connections: ctx.connections,
            durationSeconds: ctx.durationSeconds,
            headers,
          });
          const failed = load.non2xx + load.errors;
          const loadRow: LoadRow = {
            ...load,
            database: kind,
            notes: [
              failed > 0 ? `FAILED: ${load.non2xx} non-2xx, ${load.errors} errors` : '',
              met(load.p99Ms),
              list.size,
            ]
              .filter(Boolean)
              .join('; '),
          };
          const seq = await sequential(listUrl, headers, server.pid, client, SEQUENTIAL);
          const round = (x: number) => Math.round(x * 10) / 10;
          const timing: TimingRow = {
            kind: 'timing',
            name: `${list.name}, one connection`,
            database: kind,
            samplesMs: [round(seq.p50), round(seq.p99)],
            medianMs: round(seq.p50),
            maxMs: round(seq.p99),
            notes: [
              seq.non2xx > 0 ? `FAILED: ${seq.non2xx} of ${SEQUENTIAL} non-2xx` : '',
              // The table rounds the timing columns to whole ms: the figures again, to a tenth.
              `p50 ${seq.p50.toFixed(1)} ms, p99 ${seq.p99.toFixed(1)} ms of ${SEQUENTIAL} sequential requests`,
              met(seq.p99),
              `CPU per request: server ${seq.serverCpu.toFixed(2)} ms, database ${seq.dbCpu.toFixed(2)} ms`,
            ]
              .filter(Boolean)
              .join('; '),
          };
          rows.push(loadRow, timing);
        }
      } finally {
        // The client first: the server's close stops the embedded PostgreSQL under it.
        await client.end();
        await server.stop();
      }
    } finally {
      // A scratch community goes as a whole; a given database keeps only what it had.
      if (kind === 'postgres') await community.prepare((client) => removeRows(client, added));
    }
  } finally {
    await community.close();
  }
  return rows;
}

export const scenarios: Scenario[] = [
  {
    name: 'social.lists',
    description:
      "first pages of a feed's comments, followers, followings, notifications and a conversation, over a seeded community",
    async run(ctx) {
      const rows: BenchRow[] = [];
      for (const kind of ctx.databases) rows.push(...(await socialLists(ctx, kind)));
      return rows;
    },
  },
];
