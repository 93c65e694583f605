/**
 * Real-time benchmarks (`npm run bench -- realtime`):
 *
 * - `realtime.dm-latency`: 200 conversations, each sender publishing one direct message per second over raw
 *   STOMP/WebSocket; latency from SEND leaving the sender to MESSAGE arriving at the receiver (stored, notified,
 *   fanned out over the bus). One instance per database; on PostgreSQL also two instances (sender on A,
 *   receiver on B) over LISTEN/NOTIFY and, when Redis answers, over Redis pub/sub.
 * - `realtime.sse-broadcast`: 10,000 users each holding an SSE stream on one instance; server RSS before and
 *   with the streams, and the time from an administrator adding an attribute definition (one notification per
 *   user, the product's broadcast) until every stream has its event.
 *
 * Users and sessions are inserted in SQL and their access tokens signed with the servers' JWT_SECRET, so 10,000
 * users cost seconds instead of 10,000 password hashes. Clients run in this process, servers in their own.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { DM_SEND_DESTINATION, directMessageTopic } from '@otboo/contract';
import { createAccessTokens } from '../../src/domains/auth/index.js';
import { encodeFrame, FrameParser, type StompFrame } from '../../src/realtime/stomp/frame.js';
import { percentile } from '../support/process-stats.js';
import {
  BENCH_ADMIN,
  BUILT_SERVER,
  SERVER_DIR,
  benchEnv,
  benchTarget,
  freePort,
  signIn,
  waitForAnswer,
  withDatabase,
} from '../support/servers.js';
import {
  timingRow,
  type BenchContext,
  type BenchRow,
  type DbKind,
  type LoadRow,
  type Scenario,
} from '../support/types.js';

const JWT_SECRET = 'bench-realtime-secret-0123456789abcdef0123456789';
const CONVERSATIONS = 200;
const SEND_INTERVAL_MS = 1_000;
const SSE_STREAMS = 10_000;
const BROADCAST_ROUNDS = 3;

const userId = (n: number) => `b0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const sessionId = (n: number) => `5e000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

interface BenchUser {
  id: string;
  token: string;
}

/** Inserts `count` users with a live session each and signs their access tokens. */
async function seedUsers(
  target: { dataDir: string; databaseUrl?: string },
  count: number,
): Promise<BenchUser[]> {
  await withDatabase(target, async ({ db }) => {
    const uid = (g: string) => sql.raw(`('b0000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`);
    const sid = (g: string) => sql.raw(`('5e000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`);
    await db.execute(
      sql`insert into users (id, email, name) select ${uid('g')}, 'rt' || g || '@otboo.bench', 'rt' || g from generate_series(1, ${count}) g`,
    );
    await db.execute(
      sql`insert into profiles (user_id) select ${uid('g')} from generate_series(1, ${count}) g`,
    );
    await db.execute(
      sql`insert into sessions (id, user_id, expires_at) select ${sid('g')}, ${uid('g')}, now() + interval '1 day' from generate_series(1, ${count}) g`,
    );
  });
  const tokens = createAccessTokens(JWT_SECRET, 3_600_000);
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      id: userId(i + 1),
      token: await tokens.sign({ userId: userId(i + 1), sessionId: sessionId(i + 1), role: 'USER' }),
    })),
  );
}

interface Server {
  url: string;
  rssMb(): number;
  stop(): Promise<void>;
}

/** `node dist/server.js` like `startBuiltServer`, keeping the process id to read its RSS. */
async function spawnServer(
  target: { dataDir: string; databaseUrl?: string },
  env: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [BUILT_SERVER], {
    cwd: SERVER_DIR,
    env: benchEnv({
      PORT: String(port),
      DATA_DIR: target.dataDir,
      JWT_SECRET,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      ...env,
    }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForAnswer(`${url}/api/auth/csrf-token`, performance.now(), child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${stderr}`, { cause: err });
  }
  return {
    url,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A lean STOMP client for load: raw WebSocket, callbacks per frame. */
function stompClient(
  baseUrl: string,
  token: string,
  onFrame: (f: StompFrame) => void,
): Promise<{ send(command: string, headers: Record<string, string>, body?: string): void; close(): void }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { perMessageDeflate: false });
    const parser = new FrameParser({
      maxFrameBytes: 1 << 20,
      maxHeaders: 100,
      onFrame: (f) => {
        if (f.command === 'CONNECTED') {
          resolve({
            send: (c, h, b) => ws.send(encodeFrame({ command: c, headers: h, body: b })),
            close: () => ws.close(),
          });
        } else if (f.command === 'ERROR') {
          reject(new Error(`STOMP ERROR ${f.headers.message}`));
        }
        onFrame(f);
      },
      onError: (kind) => reject(new Error(`bad frame from server: ${kind}`)),
    });
    ws.on('message', (d: Buffer) => parser.push(d));
    ws.on('error', reject);
    ws.on('open', () =>
      ws.send(
        encodeFrame({
          command: 'CONNECT',
          headers: { 'accept-version': '1.2', 'heart-beat': '0,0', Authorization: `Bearer ${token}` },
        }),
      ),
    );
  });
}

/** Receivers subscribe on `receiveAt`, senders publish on `sendAt`; one message per conversation per second. */
async function measureDmLatency(
  ctx: BenchContext,
  name: string,
  database: DbKind,
  sendAt: Server,
  receiveAt: Server,
  users: BenchUser[],
  notes: string,
): Promise<LoadRow> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let errors = 0;
  const pairs = Array.from({ length: CONVERSATIONS }, (_, i) => ({
    sender: users[2 * i]!,
    receiver: users[2 * i + 1]!,
  }));
  const receivers = await Promise.all(
    pairs.map(async ({ sender, receiver }) => {
      let subscribed!: () => void;
      const ready = new Promise<void>((r) => (subscribed = r));
      const client = await stompClient(receiveAt.url, receiver.token, (f) => {
        if (f.command === 'RECEIPT') subscribed();
        if (f.command === 'ERROR') errors++;
        if (f.command !== 'MESSAGE') return;
        const key = (JSON.parse(f.body.toString()) as { content: string }).content;
        const start = sentAt.get(key);
        if (start !== undefined) {
          latencies.push(performance.now() - start);
          sentAt.delete(key);
        }
      });
      client.send('SUBSCRIBE', {
        id: 'dm',
        destination: directMessageTopic(sender.id, receiver.id),
        receipt: 'sub',
      });
      await ready;
      return client;
    }),
  );
  const senders = await Promise.all(
    pairs.map(({ sender }) =>
      stompClient(sendAt.url, sender.token, (f) => void (f.command === 'ERROR' && errors++)),
    ),
  );
  ctx.log(`${name}: ${CONVERSATIONS} conversations connected, sending for ${ctx.durationSeconds} s`);

  let sent = 0;
  const started = performance.now();
  const timers = pairs.map(({ sender, receiver }, i) => {
    let n = 0;
    const fire = () => {
      const key = `${i}:${++n}`;
      sentAt.set(key, performance.now());
      senders[i]!.send(
        'SEND',
        { destination: DM_SEND_DESTINATION, 'content-type': 'application/json' },
        JSON.stringify({ senderId: sender.id, receiverId: receiver.id, content: key }),
      );
      sent++;
    };
    // Spread the senders over the interval so the load is steady.
    return setTimeout(
      () => {
        fire();
        timers[i] = setInterval(fire, SEND_INTERVAL_MS);
      },
      (i * SEND_INTERVAL_MS) / CONVERSATIONS,
    );
  }) as NodeJS.Timeout[];
  await new Promise((r) => setTimeout(r, ctx.durationSeconds * 1000));
  for (const t of timers) clearInterval(t);
  const elapsed = (performance.now() - started) / 1000;
  // Let what is in flight arrive.
  for (let waited = 0; sentAt.size > 0 && waited < 10_000; waited += 100)
    await new Promise((r) => setTimeout(r, 100));
  for (const c of [...senders, ...receivers]) c.close();

  const sorted = latencies.sort((a, b) => a - b);
  return {
    kind: 'load',
    name,
    database,
    requestsPerSec: Math.round(latencies.length / elapsed),
    p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
    p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
    requests: latencies.length,
    non2xx: sent - latencies.length,
    errors,
    durationSeconds: Math.round(elapsed * 10) / 10,
    notes: `${notes}; msgs/s delivered; non-2xx column = not delivered; max ${Math.round(sorted[sorted.length - 1] ?? 0)} ms`,
  };
}

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis('redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** One SSE stream counting its `notifications` events. */
interface StreamProbe {
  events: number;
  close(): void;
}

function openStream(baseUrl: string, token: string, agent: Agent, onEvent: () => void): Promise<StreamProbe> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}/api/sse`, {
      agent,
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`SSE answered ${res.statusCode}`));
      const probe: StreamProbe = { events: 0, close: () => req.destroy() };
      let tail = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const text = tail + chunk;
        const found = text.split('event: notifications\n').length - 1;
        tail = text.slice(-25);
        if (found > 0) {
          probe.events += found;
          onEvent();
        }
      });
      res.once('data', () => resolve(probe));
    });
    req.end();
  });
}

export const scenarios: Scenario[] = [
  {
    name: 'realtime.dm-latency',
    description: `STOMP SEND → MESSAGE at the receiver, ${CONVERSATIONS} conversations × 1 msg/s (one instance; two on PostgreSQL)`,
    async run(ctx) {
      const rows: BenchRow[] = [];
      for (const kind of ctx.databases) {
        const target = await benchTarget(kind);
        try {
          const users = await seedUsers(target, CONVERSATIONS * 2);
          const a = await spawnServer(target);
          try {
            rows.push(
              await measureDmLatency(
                ctx,
                'DM latency, one instance',
                kind,
                a,
                a,
                users,
                kind === 'embedded' ? 'in-process bus' : 'LISTEN/NOTIFY bus',
              ),
            );
            if (kind === 'postgres') {
              const other = { ...target, dataDir: `${target.dataDir}-b` };
              const b = await spawnServer(other);
              try {
                rows.push(
                  await measureDmLatency(
                    ctx,
                    'DM latency, A → B (two instances)',
                    kind,
                    a,
                    b,
                    users,
                    'LISTEN/NOTIFY bus',
                  ),
                );
              } finally {
                await b.stop();
              }
            }
          } finally {
            await a.stop();
          }
          if (kind === 'postgres' && (await redisAnswers())) {
            const env = { REDIS_URL: 'redis://127.0.0.1:6379' };
            const ra = await spawnServer(target, env);
            const rb = await spawnServer({ ...target, dataDir: `${target.dataDir}-rb` }, env);
            try {
              rows.push(
                await measureDmLatency(
                  ctx,
                  'DM latency, A → B (two instances)',
                  kind,
                  ra,
                  rb,
                  users,
                  'Redis bus',
                ),
              );
            } finally {
              await ra.stop();
              await rb.stop();
            }
          }
        } finally {
          await target.cleanup();
        }
      }
      return rows;
    },
  },
  {
    name: 'realtime.sse-broadcast',
    description: `${SSE_STREAMS.toLocaleString('en-US')} SSE streams on one instance: RSS, and a notification to every user until the last stream has it`,
    async run(ctx) {
      const rows: BenchRow[] = [];
      for (const kind of ctx.databases) {
        const target = await benchTarget(kind);
        const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
        const streams: StreamProbe[] = [];
        try {
          const users = await seedUsers(target, SSE_STREAMS);
          const server = await spawnServer(target);
          try {
            const { accessToken: admin } = await signIn(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
            const rssBefore = server.rssMb();
            let waiters: (() => void)[] = [];
            const onEvent = () => {
              for (const w of waiters) w();
            };
            const openStarted = performance.now();
            for (let i = 0; i < users.length; i += 250) {
              streams.push(
                ...(await Promise.all(
                  users.slice(i, i + 250).map((u) => openStream(server.url, u.token, agent, onEvent)),
                )),
              );
            }
            const openMs = performance.now() - openStarted;
            await new Promise((r) => setTimeout(r, 2_000));
            const rssStreams = server.rssMb();
            ctx.log(
              `${kind}: ${streams.length} streams open in ${Math.round(openMs)} ms; RSS ${Math.round(rssBefore)} → ${Math.round(rssStreams)} MB`,
            );

            const samples: number[] = [];
            const halfway: number[] = [];
            const postMs: number[] = [];
            for (let round = 1; round <= BROADCAST_ROUNDS; round++) {
              let half = 0;
              const done = new Promise<void>((resolve) => {
                const check = () => {
                  const reached = streams.filter((s) => s.events >= round).length;
                  if (!half && reached >= streams.length / 2) half = performance.now();
                  if (reached === streams.length) resolve();
                };
                waiters = [check];
              });
              const t0 = performance.now();
              const res = await fetch(`${server.url}/api/clothes/attribute-defs`, {
                method: 'POST',
                headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
                body: JSON.stringify({ name: `bench-${round}-${Date.now()}`, selectableValues: ['a', 'b'] }),
              });
              postMs.push(performance.now() - t0);
              if (res.status !== 201)
                throw new Error(`attribute-def POST answered ${res.status}: ${await res.text()}`);
              await Promise.race([
                done,
                new Promise((_, reject) =>
                  setTimeout(
                    () => reject(new Error('broadcast did not reach every stream in 120 s')),
                    120_000,
                  ),
                ),
              ]);
              samples.push(performance.now() - t0);
              halfway.push(half - t0);
            }
            const rssAfter = server.rssMb();
            rows.push(
              timingRow(
                `SSE broadcast to ${SSE_STREAMS.toLocaleString('en-US')} streams (POST → last stream)`,
                samples,
                {
                  database: kind,
                  notes: `half the streams by ${Math.round(halfway.sort((x, y) => x - y)[1] ?? 0)} ms; POST answered in ${Math.round(postMs.sort((x, y) => x - y)[1] ?? 0)} ms (median); RSS ${Math.round(rssBefore)} MB idle → ${Math.round(rssStreams)} MB with the streams → ${Math.round(rssAfter)} MB after ${BROADCAST_ROUNDS} broadcasts; streams opened in ${Math.round(openMs / 1000)} s`,
                },
              ),
            );
          } finally {
            for (const s of streams) s.close();
            await server.stop();
          }
        } finally {
          agent.destroy();
          await target.cleanup();
        }
      }
      return rows;
    },
  },
];
