/**
 * Fills a PostgreSQL database with a community of the size the feed benchmarks need, in SQL only
 * (generate_series), so scale 1 takes minutes:
 *
 *   DATABASE_URL=postgres://… npm run seed -- --scale=1 [--reset]
 *
 * Scale 1 = 10,000 users (20 clothes each), 1,000,000 feeds (1–4 garments each), ~3,000,000 likes,
 * ~1,000,000 comments and 200,000 follows; `--scale=0.01` makes a hundredth for a quick run. Every user can
 * sign in as `bench<n>@otboo.bench` / `bench1234!` (n from 1). The database is migrated first; a database that
 * already has users is refused unless `--reset` (which empties every table the app owns).
 *
 * Ids are derived from row numbers (`…-4000-8000-<hex n>`), so related rows are joined by arithmetic instead of
 * lookups, and the bulk load runs with `session_replication_role = replica` (no FK triggers: the generator
 * keeps references valid) and the secondary indexes dropped, then rebuilt once at the end.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { hashPassword } from '../src/lib/passwords.js';

export const BENCH_PASSWORD = 'bench1234!';
export const benchEmail = (n: number) => `bench${n}@otboo.bench`;
/** The id the seed gives row `n` of a table (prefix: users a, weather e, clothes c, feeds f, definitions d). */
export const seedId = (prefix: 'a' | 'c' | 'd' | 'e' | 'f', n: number) =>
  `${prefix}0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** Row counts of scale 1 (the task's figures). */
const BASE = { users: 10_000, clothesPerUser: 20, feeds: 1_000_000, weathers: 2_000, followsPerUser: 20 };

/** Tables whose secondary indexes are dropped during the load (unique indexes stay: they are constraints). */
const BULK_TABLES = [
  'users',
  'clothes',
  'clothes_attributes',
  'feeds',
  'feed_clothes',
  'feed_likes',
  'feed_comments',
  'follows',
];

const APP_TABLES = [
  'notifications',
  'direct_messages',
  'follows',
  'feed_comments',
  'feed_likes',
  'feed_clothes',
  'feeds',
  'feed_counts',
  'clothes_attributes',
  'clothes',
  'attribute_defs',
  'weather_alerts',
  'weather_forecasts',
  'refresh_tokens',
  'sessions',
  'social_accounts',
  'temporary_passwords',
  'sign_in_failures',
  'profiles',
  'users',
];

// SQL for "the uuid of row n" with the same layout as seedId.
const idSql = (prefix: string, n: string) =>
  `('${prefix}0000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;

/** Garments: name, type. '코트' occurs in four of them (a common two-letter search). */
const ITEMS: [string, string][] = [
  ['롱코트', 'OUTER'],
  ['트렌치코트', 'OUTER'],
  ['숏코트', 'OUTER'],
  ['울코트', 'OUTER'],
  ['패딩', 'OUTER'],
  ['롱패딩', 'OUTER'],
  ['경량패딩', 'OUTER'],
  ['블레이저', 'OUTER'],
  ['가죽자켓', 'OUTER'],
  ['데님자켓', 'OUTER'],
  ['바람막이', 'OUTER'],
  ['가디건', 'OUTER'],
  ['플리스', 'OUTER'],
  ['야상', 'OUTER'],
  ['니트', 'TOP'],
  ['터틀넥', 'TOP'],
  ['맨투맨', 'TOP'],
  ['후드티', 'TOP'],
  ['셔츠', 'TOP'],
  ['반팔티', 'TOP'],
  ['긴팔티', 'TOP'],
  ['블라우스', 'TOP'],
  ['스웨터', 'TOP'],
  ['폴로셔츠', 'TOP'],
  ['청바지', 'BOTTOM'],
  ['슬랙스', 'BOTTOM'],
  ['조거팬츠', 'BOTTOM'],
  ['반바지', 'BOTTOM'],
  ['롱스커트', 'BOTTOM'],
  ['미니스커트', 'BOTTOM'],
  ['와이드팬츠', 'BOTTOM'],
  ['카고팬츠', 'BOTTOM'],
  ['레깅스', 'BOTTOM'],
  ['원피스', 'DRESS'],
  ['셔츠원피스', 'DRESS'],
  ['니트원피스', 'DRESS'],
  ['운동화', 'SHOES'],
  ['로퍼', 'SHOES'],
  ['부츠', 'SHOES'],
  ['첼시부츠', 'SHOES'],
  ['샌들', 'SHOES'],
  ['스니커즈', 'SHOES'],
  ['구두', 'SHOES'],
  ['비니', 'HAT'],
  ['볼캡', 'HAT'],
  ['버킷햇', 'HAT'],
  ['백팩', 'BAG'],
  ['토트백', 'BAG'],
  ['크로스백', 'BAG'],
  ['머플러', 'SCARF'],
  ['스카프', 'SCARF'],
  ['장갑', 'ACCESSORY'],
  ['선글라스', 'ACCESSORY'],
  ['목걸이', 'ACCESSORY'],
  ['양말', 'SOCKS'],
  ['니삭스', 'SOCKS'],
  ['우산', 'ETC'],
];
const COLORS = ['블랙', '화이트', '네이비', '베이지', '그레이', '카키', '브라운', '아이보리'];
const OPENERS = [
  '오늘은',
  '출근길에',
  '주말 데이트룩으로',
  '비 오는 날',
  '쌀쌀한 아침',
  '여행 가서',
  '캠퍼스룩',
  '하객룩으로',
  '편하게',
  '꾸안꾸 OOTD',
];
const CLOSERS = [
  '생각보다 따뜻했어요.',
  '조금 추웠어요.',
  '딱 좋았어요!',
  '다들 예쁘다고 했어요 ㅎㅎ',
  '내일도 이렇게 입을래요.',
  '바람이 많이 불었어요.',
  '완전 만족!',
  '비 와서 아쉬웠어요.',
  'ootd 기록용',
];
const COMMENTS = [
  '예뻐요!',
  '어디 제품이에요?',
  '코디 참고할게요',
  '색 조합 좋네요',
  '따뜻해 보여요',
  '저도 이 코트 있어요',
  '오늘 날씨에 딱이네요',
  '사진 잘 나왔어요',
  '정보 감사합니다',
  '저도 따라 입어볼게요',
];
const FAMILY = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임'];
const GIVEN = [
  '민준',
  '서연',
  '도윤',
  '지우',
  '하준',
  '서윤',
  '은우',
  '하은',
  '시우',
  '지아',
  '예준',
  '수아',
];

const arr = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
/** `array[...]` element picked by an integer SQL expression (0-based, wrapped). */
const pick = (values: readonly string[], n: string) => `(${arr(values)})[1 + ((${n}) % ${values.length})]`;

function parseScale(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string', default: '0.01' },
      reset: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
    },
  });
  const scale = Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10)
    throw new Error(`--scale must be a number in (0, 10], got ${values.scale}`);
  return { scale, reset: values.reset, url: values['database-url'] };
}

export interface SeedSizes {
  users: number;
  clothesPerUser: number;
  feeds: number;
  weathers: number;
  followsPerUser: number;
}

export function sizesFor(scale: number): SeedSizes {
  const users = Math.max(20, Math.round(BASE.users * scale));
  return {
    users,
    clothesPerUser: BASE.clothesPerUser,
    feeds: Math.max(100, Math.round(BASE.feeds * scale)),
    weathers: Math.max(20, Math.round(BASE.weathers * Math.sqrt(scale))),
    followsPerUser: Math.min(BASE.followsPerUser, users - 1),
  };
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await fn();
  console.log(`${label.padEnd(34)} ${((performance.now() - start) / 1000).toFixed(1).padStart(7)} s`);
  return result;
}

/** Seeds `url`; returns the sizes used. */
export async function seed(
  url: string,
  scale: number,
  options: { reset?: boolean } = {},
): Promise<SeedSizes> {
  const sizes = sizesFor(scale);
  const database = await openDatabase({ url, poolSize: 1 });
  await timed('migrate', () => migrateDatabase(database));
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, params: unknown[] = []) => client.query(text, params);
  try {
    const { rows } = await q('select count(*)::int as n from users');
    if (rows[0].n > 0 && !options.reset)
      throw new Error('the database already has users; pass --reset to empty it first');
    if (options.reset) await timed('reset', () => q(`truncate ${APP_TABLES.join(', ')} cascade`));

    await q(`set maintenance_work_mem = '512MB'`);
    await q(`set work_mem = '256MB'`);
    // Skips FK triggers (and our counter triggers) during the load; needs a superuser, so optional.
    const replica = await q(`set session_replication_role = replica`).then(
      () => true,
      () => false,
    );
    if (!replica) console.log('(not a superuser: foreign keys are checked during the load, which is slower)');

    const indexes = await q(
      `select i.indexname, i.indexdef from pg_indexes i
       join pg_class c on c.relname = i.indexname
       join pg_index x on x.indexrelid = c.oid
       where i.schemaname = 'public' and i.tablename = any($1) and not x.indisunique`,
      [BULK_TABLES],
    );
    await timed(`drop ${indexes.rows.length} secondary indexes`, async () => {
      for (const r of indexes.rows) await q(`drop index ${r.indexname}`);
    });

    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const U = sizes.users;
    await timed(`users ${U}`, async () => {
      await q(
        `insert into users (id, email, name, password_hash, role, created_at, updated_at)
         select ${idSql('a', 'n')}, 'bench' || n || '@otboo.bench',
                ${pick(FAMILY, 'n')} || ${pick(GIVEN, 'n / 10')} || n, $1, 'USER',
                now() - interval '400 days' + n * interval '1 second', now()
         from generate_series(1, ${U}) n`,
        [passwordHash],
      );
      await q(`insert into profiles (user_id, temperature_sensitivity) select id, 2.5 from users`);
    });

    await timed('attribute definitions', () =>
      q(`insert into attribute_defs (id, name, selectable_values) values
           (${idSql('d', '1')}, '두께감', array['얇음','보통','두꺼움']),
           (${idSql('d', '2')}, '계절', array['봄','여름','가을','겨울']),
           (${idSql('d', '3')}, '색상', array[${COLORS.map((c) => `'${c}'`).join(',')}])`),
    );

    const C = U * sizes.clothesPerUser;
    // Garment n belongs to user ((n - 1) % U) + 1, so user a owns a, a + U, a + 2U, ….
    await timed(`clothes ${C} (+2 attributes each)`, async () => {
      await q(
        `insert into clothes (id, owner_id, name, type, created_at, updated_at)
         select ${idSql('c', 'n')}, ${idSql('a', '((n - 1) % ' + U + ') + 1')},
                ${pick(COLORS, 'n / 7')} || ' ' || (${arr(ITEMS.map((i) => i[0]))})[1 + (n % ${ITEMS.length})],
                (${arr(ITEMS.map((i) => i[1]))})[1 + (n % ${ITEMS.length})],
                now() - interval '300 days' + n * interval '100 ms', now()
         from generate_series(1, ${C}) n`,
      );
      await q(
        `insert into clothes_attributes (clothes_id, definition_id, value)
         select ${idSql('c', 'n')}, ${idSql('d', '1')}, (array['얇음','보통','두꺼움'])[1 + n % 3] from generate_series(1, ${C}) n
         union all
         select ${idSql('c', 'n')}, ${idSql('d', '3')}, ${pick(COLORS, 'n / 7')} from generate_series(1, ${C}) n`,
      );
    });

    const W = sizes.weathers;
    await timed(`weather forecasts ${W}`, () =>
      q(
        `insert into weather_forecasts (id, source, grid_x, grid_y, latitude, longitude, location_names, forecast_date,
           forecast_at, forecasted_at, sky_status, precipitation_type, precipitation_amount, precipitation_probability,
           humidity, humidity_compared_to_day_before, temperature_current, temperature_min, temperature_max,
           temperature_compared_to_day_before, wind_speed, wind_as_word, batch_id, day_index, created_at)
         select ${idSql('e', 'n')}, 'open-meteo', 60, 127, 37.5665, 126.978, array['서울특별시','중구','명동'],
           (current_date - (n / 5))::date, now() - (n / 5) * interval '1 day', now() - (n / 5) * interval '1 day',
           (array['CLEAR','MOSTLY_CLOUDY','CLOUDY'])[1 + n % 3],
           case when n % 10 < 6 then 'NONE' else (array['RAIN','RAIN_SNOW','SNOW','SHOWER'])[1 + n % 4] end,
           case when n % 10 < 6 then 0 else (n % 20) end, case when n % 10 < 6 then 10 else 70 end,
           50 + n % 40, (n % 11) - 5, round((-5 + (n % 35))::numeric, 1), -8 + (n % 30), 2 + (n % 33), (n % 9) - 4,
           (n % 120) / 10.0, case when n % 120 < 40 then 'WEAK' when n % 120 < 90 then 'MODERATE' else 'STRONG' end,
           gen_random_uuid(), (n % 5), now()
         from generate_series(1, ${W}) n`,
      ),
    );

    const F = sizes.feeds;
    const maxLikes = Math.min(500, U - 1);
    // Heavy-tailed like counts (mean ≈ 3, a few hundred at most) and comments (mean ≈ 1), decided up front so
    // the like and comment rows can be generated per feed and the counters are exact from the start.
    await timed(`feeds ${F}`, async () => {
      await q(
        `create temp table seed_feeds as
         select n,
                1 + floor(random() * ${U})::int as author,
                1 + floor(random() * ${W})::int as weather,
                1 + (n % 4) as garments,
                least(${maxLikes}, floor(0.53 / (1 - 0.999 * random())))::int as likes,
                least(200, floor(0.36 / (1 - 0.985 * random())))::int as comments,
                date_trunc('milliseconds', now() - random() * interval '365 days') as created_at,
                random() as r1, random() as r2, random() as r3
         from generate_series(1, ${F}) n`,
      );
      await q(
        `insert into feeds (id, author_id, weather_id, sky_status, precipitation_type, content, like_count, comment_count,
                            created_at, updated_at)
         select ${idSql('f', 's.n')}, ${idSql('a', 's.author')}, w.id, w.sky_status, w.precipitation_type,
                ${pick(OPENERS, 'floor(s.r1 * 1000)::int')} || ' ' || ${pick(COLORS, 's.n / 3')} || ' '
                  || (${arr(ITEMS.map((i) => i[0]))})[1 + floor(s.r2 * ${ITEMS.length})::int] || '에 '
                  || (${arr(ITEMS.map((i) => i[0]))})[1 + floor(s.r3 * ${ITEMS.length})::int] || ' 매치했어요. '
                  || ${pick(CLOSERS, 's.n / 11')}
                  || case when s.n % 1000 = 7 then ' #한정판콜라보' else '' end
                  || case when s.n % 3 = 0 then ' #코디' || (s.n % 5000) else '' end,
                s.likes, s.comments, s.created_at, s.created_at
         from seed_feeds s join weather_forecasts w on w.id = ${idSql('e', 's.weather')}
         -- In posting order, as a real table fills: the newest posts share heap pages.
         order by s.created_at`,
      );
    });

    await timed('feed garments', () =>
      q(
        `create temp table seed_attrs as
         select ca.clothes_id, jsonb_agg(jsonb_build_object('definitionId', d.id, 'definitionName', d.name,
                  'selectableValues', to_jsonb(d.selectable_values), 'value', ca.value) order by d.name) as attributes
         from clothes_attributes ca join attribute_defs d on d.id = ca.definition_id group by ca.clothes_id;
         insert into feed_clothes (feed_id, position, clothes_id, name, type, attributes)
         select ${idSql('f', 's.n')}, g.p, c.id, c.name, c.type, coalesce(a.attributes, '[]'::jsonb)
         from seed_feeds s
         cross join lateral generate_series(0, s.garments - 1) g(p)
         join clothes c on c.id = ${idSql('c', `s.author + ${U} * ((s.n + g.p * 5) % ${sizes.clothesPerUser})`)}
         left join seed_attrs a on a.clothes_id = c.id`,
      ),
    );

    // Likes of feed n: users (n·7919 + j) mod U + 1 for j < likes, distinct because likes < U.
    await timed('likes', () =>
      q(
        `insert into feed_likes (feed_id, user_id, created_at)
         select ${idSql('f', 's.n')}, ${idSql('a', `((s.n::bigint * 7919 + j) % ${U}) + 1`)}, s.created_at + j * interval '1 minute'
         from seed_feeds s cross join lateral generate_series(0, s.likes - 1) j`,
      ),
    );

    await timed('comments', () =>
      q(
        `insert into feed_comments (feed_id, author_id, content, created_at)
         select ${idSql('f', 's.n')}, ${idSql('a', `1 + ((s.n + j * 31) % ${U})`)}, ${pick(COMMENTS, 's.n + j')},
                s.created_at + j * interval '3 minutes'
         from seed_feeds s cross join lateral generate_series(1, s.comments) j`,
      ),
    );

    await timed('follows', () =>
      q(
        `insert into follows (follower_id, followee_id, created_at)
         select ${idSql('a', 'a')}, ${idSql('a', `((a - 1 + j * 97) % ${U}) + 1`)}, now() - (j * interval '1 day') - a * interval '1 second'
         from generate_series(1, ${U}) a cross join generate_series(1, ${sizes.followsPerUser}) j
         where ((a - 1 + j * 97) % ${U}) + 1 <> a
         on conflict do nothing`,
      ),
    );

    await timed('feed counts', () =>
      q(`insert into feed_counts (sky_status, precipitation_type, feed_count)
         select sky_status, precipitation_type, count(*) from feeds group by 1, 2
         on conflict (sky_status, precipitation_type) do update set feed_count = excluded.feed_count`),
    );
    await q(`set session_replication_role = origin`).catch(() => undefined);

    await timed(`rebuild ${indexes.rows.length} indexes`, async () => {
      for (const r of indexes.rows) await q(r.indexdef);
    });
    // Sets hint bits and the visibility map (index-only scans) and gives the planner statistics.
    await timed('vacuum analyze', () => q('vacuum (analyze) ' + APP_TABLES.join(', ')));

    const counts = await q(
      `select (select count(*) from users) users, (select count(*) from clothes) clothes, (select count(*) from feeds) feeds,
              (select count(*) from feed_clothes) feed_clothes, (select count(*) from feed_likes) likes,
              (select count(*) from feed_comments) comments, (select count(*) from follows) follows`,
    );
    console.log(counts.rows[0]);
    return sizes;
  } finally {
    await client.end();
  }
}

// Run as a script: `npm run seed -- --scale=…`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseScale(process.argv.slice(2));
  const url = args.url ?? loadConfig().databaseUrl;
  if (!url) {
    console.error(
      'set DATABASE_URL (or --database-url) to a PostgreSQL database; the seed does not run on the embedded one',
    );
    process.exit(2);
  }
  const start = performance.now();
  await seed(url, args.scale, { reset: args.reset });
  console.log(`seeded scale ${args.scale} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
}
