import path from 'node:path';
import { z } from 'zod';
import { defaultImageMemoryBytes } from './lib/images.js';

const DURATION = /^(\d+)\s*(ms|s|m|h|d)?$/;
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `15m`, `14d`, `3600` (seconds) → milliseconds. */
export function parseDuration(value: string): number {
  const m = DURATION.exec(value.trim());
  if (!m) throw new Error(`invalid duration "${value}"`);
  const unit = (m[2] ?? 's') as keyof typeof UNIT_MS;
  return Number(m[1]) * UNIT_MS[unit];
}

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => DURATION.test(v.trim()), 'expected a duration such as 15m, 14d or 3600')
    .transform(parseDuration);

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** The environment of docs/configuration.md; every variable has a working default. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optional,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  REDIS_URL: optional,
  JWT_SECRET: optional,
  ACCESS_TOKEN_TTL: duration('15m'),
  REFRESH_TOKEN_TTL: duration('14d'),
  ADMIN_EMAIL: z.string().default('admin@otboo.local'),
  ADMIN_PASSWORD: optional,
  ADMIN_NAME: z.string().default('관리자'),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('otboo <no-reply@otboo.local>'),
  WEATHER_PROVIDER: z.enum(['open-meteo', 'kma']).default('open-meteo'),
  OPEN_METEO_URL: z.string().default('https://api.open-meteo.com'),
  KMA_API_KEY: optional,
  KMA_URL: z.string().default('https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0'),
  KAKAO_REST_API_KEY: optional,
  KAKAO_LOCAL_URL: z.string().default('https://dapi.kakao.com'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  KAKAO_CLIENT_ID: optional,
  KAKAO_CLIENT_SECRET: optional,
  OAUTH_GOOGLE_ISSUER_URL: z.string().default('https://accounts.google.com'),
  OAUTH_KAKAO_BASE_URL: z.string().default('https://kauth.kakao.com'),
  OAUTH_KAKAO_API_URL: z.string().default('https://kapi.kakao.com'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: optional,
  S3_PUBLIC_URL: optional,
  LINK_IMPORT_ALLOW_PRIVATE: flag,
  /** Ours: encode every response with the zod contract as well and fail it when the bytes differ (tests). */
  CHECK_RESPONSES: flag,
  AUTH_RATE_PER_IP: z.coerce.number().int().min(1).default(60),
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Ours: the built web app to serve at `/` (defaults to apps/web/dist). */
  WEB_DIST_DIR: optional,
  /** Ours: how long a cached forecast is fresh before the next upstream call. */
  WEATHER_REFRESH_MINUTES: z.coerce.number().min(1).default(60),
  /** Ours: on SIGTERM/SIGINT, how long requests in flight may take before their connections are cut. */
  SHUTDOWN_GRACE: duration('8s'),
  /** Ours: per-user token bucket of each kind of write (DMs, comments, likes, follows, clothes, feeds). */
  WRITE_RATE_BURST: z.coerce.number().int().min(1).default(30),
  WRITE_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Ours: memory image decoding may use (MB); one decode slot per 400 MB, at most one per core. Default: ¼ of RAM. */
  IMAGE_MEMORY_MB: z.coerce.number().int().min(1).optional(),
  /** Ours: temporary disk all closet imports in flight may hold together (MB). */
  IMPORT_TEMP_DISK_MB: z.coerce.number().int().min(1).default(4096),
  /** Ours: origins besides our own allowed to open `/ws` (comma-separated, e.g. `https://app.example.com`). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin))),
  /** Web Push signing keys (docs/api.md §9.2); unset: a pair generated once and kept in the database. */
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  VAPID_SUBJECT: optional.refine(
    (v) => v === undefined || /^(mailto:|https:\/\/)/.test(v),
    'expected a mailto: or https:// URL',
  ),
  PUSH_ALLOW_PRIVATE: flag,
});

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment once; fails naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    throw new Error('invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlMs: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlMs: e.REFRESH_TOKEN_TTL,
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    weather: {
      provider: e.WEATHER_PROVIDER,
      openMeteoUrl: e.OPEN_METEO_URL.replace(/\/+$/, ''),
      kmaApiKey: e.KMA_API_KEY,
      kmaUrl: e.KMA_URL.replace(/\/+$/, ''),
      kakaoRestApiKey: e.KAKAO_REST_API_KEY,
      kakaoLocalUrl: e.KAKAO_LOCAL_URL.replace(/\/+$/, ''),
      refreshMs: e.WEATHER_REFRESH_MINUTES * 60_000,
    },
    oauth: {
      google: {
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
        issuerUrl: e.OAUTH_GOOGLE_ISSUER_URL.replace(/\/+$/, ''),
      },
      kakao: {
        clientId: e.KAKAO_CLIENT_ID,
        clientSecret: e.KAKAO_CLIENT_SECRET,
        baseUrl: e.OAUTH_KAKAO_BASE_URL.replace(/\/+$/, ''),
        apiUrl: e.OAUTH_KAKAO_API_URL.replace(/\/+$/, ''),
      },
    },
    storage: {
      kind: e.STORAGE,
      localDir: path.join(dataDir, 'uploads'),
      s3: { bucket: e.S3_BUCKET, region: e.S3_REGION, endpoint: e.S3_ENDPOINT, publicUrl: e.S3_PUBLIC_URL },
    },
    linkImportAllowPrivate: e.LINK_IMPORT_ALLOW_PRIVATE,
    checkResponses: e.CHECK_RESPONSES,
    rateLimit: { authPerIpPerMinute: e.AUTH_RATE_PER_IP, signInMaxFailures: e.SIGN_IN_MAX_FAILURES },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    shutdownGraceMs: e.SHUTDOWN_GRACE,
    writeRate: { burst: e.WRITE_RATE_BURST, perMinute: e.WRITE_RATE_PER_MINUTE },
    images: {
      memoryBytes: e.IMAGE_MEMORY_MB === undefined ? defaultImageMemoryBytes() : e.IMAGE_MEMORY_MB * 2 ** 20,
    },
    closetImport: { tempDiskBytes: e.IMPORT_TEMP_DISK_MB * 2 ** 20 },
    allowedOrigins: e.ALLOWED_ORIGINS,
    push: {
      vapid: {
        publicKey: e.VAPID_PUBLIC_KEY,
        privateKey: e.VAPID_PRIVATE_KEY,
        subject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL.toLowerCase()}`,
      },
      allowPrivate: e.PUSH_ALLOW_PRIVATE,
    },
  };
}
