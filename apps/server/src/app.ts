import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createResponseSerializerCompiler } from './lib/response-serializer.js';
import { configureImageWork } from './lib/images.js';
import { AccessLogController } from './lib/access-log.js';
import type { Config } from './config.js';
import { openConfiguredDatabase, type Database } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { jwtSecret } from './db/app-secrets.js';
import { createStorage } from './adapters/storage/create-storage.js';
import type { Storage } from './adapters/storage/storage.js';
import type { Connector } from './adapters/page-fetcher/page-fetcher.js';
import type { EventBus } from './realtime/event-bus.js';
import { createEventBus } from './realtime/create-event-bus.js';
import { createSessionGuard } from './realtime/session-guard.js';
import { DEFAULT_SSE_OPTIONS, type SseOptions } from './realtime/sse.js';
import type { BrokerOptions } from './realtime/stomp/broker.js';
import realtimePlugin from './realtime/realtime-plugin.js';
import { createPgJobLock, processJobLock } from './lib/job-lock.js';
import { combineLifecycles } from './lib/modules.js';
import { createAuthModule } from './domains/auth/index.js';
import { createNotificationsModule } from './domains/notifications/index.js';
import { createRecommendationsModule } from './domains/recommendations/index.js';
import { createClothesModule } from './domains/clothes/index.js';
import { createFeedsModule } from './domains/feeds/index.js';
import { createFollowsModule } from './domains/follows/index.js';
import { createWeatherModule } from './domains/weather/index.js';
import { createUsersModule } from './domains/users/index.js';
import { createPushModule, type PushTuning } from './domains/push/index.js';
import {
  createNotificationSettingsModule,
  type MorningOutfitTuning,
} from './domains/notification-settings/index.js';
import { createMessagesModule } from './domains/messages/index.js';
import { createPlansModule } from './domains/plans/index.js';
import { createTripsModule } from './domains/trips/index.js';
import closeConnectionsPlugin from './plugins/close-connections.js';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors.js';
import securityHeadersPlugin, { APP_SECURITY_HEADERS, helmetHeaders } from './plugins/security-headers.js';
import csrfPlugin, { csrfKeyFrom } from './plugins/csrf.js';
import apiNoStorePlugin from './plugins/api-no-store.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import openapiPlugin from './plugins/openapi.js';
import authPlugin from './plugins/auth.js';
import writeLimitsPlugin, { createWriteLimits, limitSends } from './plugins/write-limits.js';
import filesPlugin from './plugins/files.js';
import webPlugin from './plugins/web.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Replaceable parts; tests pass a database made from a migrated template. */
export interface AppOverrides {
  /** A database the caller owns (and closes). */
  database?: Database;
  /** The configured database, already being opened (server.ts starts it early); the app owns and closes it. */
  openingDatabase?: Promise<Database>;
  storage?: Storage;
  bus?: EventBus;
  /** Where log lines go instead of stdout (tests read what would be logged). */
  logStream?: { write(line: string): void };
  /** Link import's socket opener (tests keep every connection on loopback even with the address check off). */
  pageConnector?: Connector;
  /** Real-time tuning (tests shorten heart-beats and buffers). */
  realtime?: { sse?: Partial<SseOptions>; stomp?: Partial<BrokerOptions> };
  push?: PushTuning;
  morningOutfit?: MorningOutfitTuning;
}

function loggerOptions(config: Config, stream?: AppOverrides['logStream']): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    // Tokens, cookies and passwords never reach the log.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
  };
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * Requests validated by zod; responses through fast-json-stringify, and in tests (CHECK_RESPONSES) also proved
 * against zod. Given as Fastify's compiler factories rather than set on the app afterwards, Fastify never loads its
 * own Ajv compiler (a tenth of a second of every start). Fastify types the factories after its Ajv and
 * fast-json-stringify compilers; it calls them with the same route definitions as `setValidatorCompiler` and
 * `setSerializerCompiler` would.
 */
function schemaCompilers(config: Config): CompilersFactory {
  const serializerCompiler = createResponseSerializerCompiler({ checkContract: config.checkResponses });
  return {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => serializerCompiler,
  } as unknown as CompilersFactory;
}

/**
 * Builds the app (docs/architecture.md): ecosystem plugins → our plugins → domain modules in dependency order →
 * routes by URL prefix. The caller then runs `app.lifecycle.bootstrap()` (defaults, the administrator), listens,
 * and runs `app.lifecycle.start()` (background jobs); closing the app stops them.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}) {
  const database =
    overrides.database ?? (await (overrides.openingDatabase ?? openConfiguredDatabase(config)));
  await migrateDatabase(database);
  const { db } = database;
  // Decode slots are process-wide (memory is); every app of the process is configured alike.
  configureImageWork(config.images);

  const app = Fastify({
    logger: loggerOptions(config, overrides.logStream),
    // One access-log line per request (lib/access-log.ts).
    logController: new AccessLogController(),
    // Idle keep-alive sockets close at once; requests in flight finish before the database closes (onClose).
    // Long-lived streams (SSE, STOMP) are ended in preClose hooks, so they do not hold the close up.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { maxParamLength: 500 },
    schemaController: { compilersFactory: schemaCompilers(config) },
    // What the framework refuses before any route or hook (a bad URL, an unparsable request) answers in the
    // error body too (plugins/errors.ts).
    frameworkErrors: frameworkErrors(helmetHeaders(APP_SECURITY_HEADERS)),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  const log = app.log;
  if (database.movedFromPglite)
    log.info(
      database.movedFromPglite,
      'moved the PGlite database of DATA_DIR to the embedded PostgreSQL server',
    );

  // Ecosystem plugins (closing first: its preClose must come before any other)
  await app.register(closeConnectionsPlugin);
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 + 1, files: 2, fields: 20 } });
  await app.register(securityHeadersPlugin, APP_SECURITY_HEADERS);

  // Our plugins. CSRF tokens are keyed from the JWT secret, shared by every instance.
  const secure = config.publicUrl.startsWith('https://');
  await app.register(csrfPlugin, { key: csrfKeyFrom(await jwtSecret(db, config.jwtSecret)), secure });
  await app.register(apiNoStorePlugin);
  await app.register(rateLimitPlugin, { authPerIpPerMinute: config.rateLimit.authPerIpPerMinute });
  await app.register(openapiPlugin);

  // What the modules share
  const storage = overrides.storage ?? (await createStorage(config.storage));
  const bus = overrides.bus ?? (await createEventBus(config.redisUrl, database, log));
  // Background jobs run on one instance at a time when several share a PostgreSQL database.
  const jobLock = database.pool ? createPgJobLock(database.pool) : processJobLock;
  const pages = { allowPrivate: config.linkImportAllowPrivate, connect: overrides.pageConnector };

  // Domain modules, in dependency order
  const auth = await createAuthModule({ db, log, config, bus, storage, pages });
  // Open STOMP connections and SSE streams end with their session (sign-out, lock, role or password change).
  const sessions = createSessionGuard({ bus, isSessionLive: auth.auth.isSessionLive, log });
  const sse = { ...DEFAULT_SSE_OPTIONS, ...overrides.realtime?.sse };
  const notifications = createNotificationsModule({ db, log, bus, admit: sessions.admit, sse });
  const { notifier } = notifications;
  const recommendations = createRecommendationsModule({ db });
  const { closetGaps } = recommendations;
  const clothes = createClothesModule({
    db,
    log,
    notifier,
    storage,
    pages,
    jobLock,
    closetGaps,
    closetImport: config.closetImport,
  });
  const feeds = createFeedsModule({ db, log, notifier });
  const follows = createFollowsModule({ db, log, notifier });
  const weather = createWeatherModule({ db, log, config, notifier, jobLock });
  const { resolveLocation: locate, forecast } = weather.weather;
  const users = createUsersModule({
    db,
    log,
    auth: auth.auth,
    notifier,
    storage,
    locate,
    admin: config.admin,
  });
  const push = await createPushModule({
    db,
    log,
    config: config.push,
    notifications: notifier,
    tuning: overrides.push,
  });
  const plans = createPlansModule({ db, dresserFor: recommendations.dresserFor, forecast });
  const notificationSettings = createNotificationSettingsModule({
    db,
    log,
    notifier,
    forecast,
    recommend: recommendations.currentOutfit,
    planned: plans.plannedNames,
    jobLock,
    morningOutfit: overrides.morningOutfit,
  });
  const messages = createMessagesModule({ db, log, bus, notifier });
  const trips = createTripsModule({
    db,
    log,
    dresserFor: recommendations.dresserFor,
    weather: weather.weather,
  });

  const jobs = [clothes, weather, users, push, notificationSettings].map((m) => m.lifecycle);
  const lifecycle = combineLifecycles(jobs);
  app.decorate('lifecycle', { bootstrap: lifecycle.bootstrap, start: lifecycle.start });
  // preClose, not onClose: the jobs may still be using the database, which onClose closes.
  app.addHook('preClose', lifecycle.stop);

  // Plugins that need a module
  await app.register(authPlugin, { verifyAccessToken: auth.auth.verifyAccessToken });
  // Per-user budgets of writes, over HTTP (the plugin, after auth) and STOMP (the broker's SEND policy).
  const writeLimits = createWriteLimits(config.writeRate);
  await app.register(writeLimitsPlugin, { limits: writeLimits });
  await app.register(filesPlugin, { storage });

  // Routes, by URL prefix (docs/api.md)
  await app.register(clothes.routes, { prefix: '/api/clothes' });
  await app.register(feeds.routes, { prefix: '/api/feeds' });
  await app.register(feeds.clothesRoutes, { prefix: '/api/clothes' });
  await app.register(follows.routes, { prefix: '/api/follows' });
  await app.register(auth.routes, { prefix: '/api/auth' });
  await app.register(auth.oauthNavigations); // /oauth2/…, /login/oauth2/…
  await app.register(users.routes, { prefix: '/api/users' });
  await app.register(notificationSettings.routes, { prefix: '/api/users' });
  await app.register(auth.socialLinks, { prefix: '/api/users' });
  await app.register(weather.routes, { prefix: '/api/weathers' });
  await app.register(push.routes, { prefix: '/api/push' });
  await app.register(recommendations.routes, { prefix: '/api/recommendations' });
  await app.register(plans.routes, { prefix: '/api/plans' });
  await app.register(notifications.routes, { prefix: '/api/notifications' });
  await app.register(notifications.sseRoutes, { prefix: '/api/sse' });
  await app.register(messages.routes, { prefix: '/api/direct-messages' });
  await app.register(trips.routes, { prefix: '/api/trips' });
  // STOMP at /ws, beside Fastify
  await app.register(realtimePlugin, {
    sessions,
    authenticate: auth.auth.verifyAccessToken,
    policy: limitSends(messages.destinations, writeLimits),
    relay: messages.messages.onBroadcast,
    notifications: notifications.stream,
    origins: config,
    stomp: overrides.realtime?.stomp,
  });
  await app.register(webPlugin, { root: config.webDistDir ?? DEFAULT_WEB_DIST });

  app.addHook('onClose', async () => {
    await auth.auth.drain();
    await bus.close();
    if (!overrides.database) await database.close();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
