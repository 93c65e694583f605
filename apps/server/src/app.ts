import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openConfiguredDatabase, type Database } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { createLocalStorage } from './adapters/storage/local-storage.js';
import { createPageFetcher, type Connector } from './adapters/page-fetcher/page-fetcher.js';
import { createMailer } from './adapters/mailer/create-mailer.js';
import type { Storage } from './adapters/storage/storage.js';
import { createLocalEventBus, type EventBus } from './realtime/event-bus.js';
import { createNotifier } from './domains/notifications/notifications.service.js';
import { LIMITS, WS_PATH } from '@otboo/contract';
import { createPgEventBus } from './realtime/pg-event-bus.js';
import { DEFAULT_SSE_OPTIONS, sseHeartbeatTimers, type SseOptions } from './realtime/sse.js';
import type { RealtimeStats } from './realtime/stats.js';
import { createPgJobLock, processJobLock } from './lib/job-lock.js';
import { createStompBroker, type BrokerOptions } from './realtime/stomp/broker.js';
import { createSessionGuard } from './realtime/session-guard.js';
import { installStompEndpoints } from './realtime/stomp/endpoints.js';
import { createOriginCheck } from './realtime/stomp/origin.js';
import {
  createNotificationsRepo,
  createNotificationsService,
  createNotificationStream,
  notificationsRoutes,
  sseRoutes,
} from './domains/notifications/index.js';
import {
  createMessagesRepo,
  createMessagesService,
  directMessageDestinations,
  messagesRoutes,
} from './domains/messages/index.js';
import { createFeedsService, feedsRoutes } from './domains/feeds/index.js';
import { createFollowsService, followsRoutes } from './domains/follows/index.js';
import {
  authRoutes,
  createAuthRepo,
  createAuthService,
  createOAuthRepo,
  createOAuthService,
  oauthRoutes,
  socialLinksRoutes,
} from './domains/auth/index.js';
import { createUsersRepo, createUsersService, usersRoutes } from './domains/users/index.js';
import {
  attributeDefsRoutes,
  clothesRoutes,
  createAttributeDefsRepo,
  createAttributeDefsService,
  createClothesRepo,
  createClothesService,
  createExtractionService,
  createImportsSweeper,
  extractionRoutes,
  analysisRoutes,
  batchRoutes,
  createAnalysisService,
  createBatchRepo,
  createBatchService,
  createInsightsRepo,
  createInsightsService,
  createTransferRepo,
  createTransferService,
  insightsRoutes,
  transferRoutes,
} from './domains/clothes/index.js';
import {
  createPlaceSearch,
  createWeatherService,
  placesRoutes,
  weatherRoutes,
} from './domains/weather/index.js';
import {
  BANDS,
  createRecommendationsRepo,
  createRecommendationsService,
  inferProfile,
  recommend,
  recommendationsRoutes,
} from './domains/recommendations/index.js';
import { createPushEndpointGuard, type PushEndpointGuardOptions } from './adapters/push/push-endpoint.js';
import { createPushTransport } from './adapters/push/push-transport.js';
import {
  createPushDispatcher,
  createPushRepo,
  createPushService,
  loadVapidKeys,
  pushRoutes,
} from './domains/push/index.js';
import {
  createMorningOutfitJob,
  createNotificationSettingsRepo,
  createNotificationSettingsService,
  notificationSettingsRoutes,
} from './domains/notification-settings/index.js';
import errorsPlugin from './plugins/errors.js';
import csrfPlugin, { csrfKeyFrom } from './plugins/csrf.js';
import apiNoStorePlugin from './plugins/api-no-store.js';
import writeLimitsPlugin, { createWriteLimits, limitSends } from './plugins/write-limits.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import authPlugin from './plugins/auth.js';
import openapiPlugin from './plugins/openapi.js';
import filesPlugin from './plugins/files.js';
import webPlugin from './plugins/web.js';
import securityHeadersPlugin from './plugins/security-headers.js';

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
  /** Web Push (tests: a resolver without the network, short timeouts and retries, a small queue). */
  push?: {
    resolver?: PushEndpointGuardOptions['resolver'];
    timeoutMs?: number;
    retryBaseMs?: number;
    queueLimit?: number;
  };
  /** The morning outfit job (tests: a moved clock, a short tick, small batches). */
  morningOutfit?: { now?: () => number; tickMs?: number; batchSize?: number };
}

function fail(message: string): never {
  throw new Error(message);
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

/** Builds the app: ecosystem plugins → our plugins → services → domain routes (docs/architecture.md). */
export async function buildApp(config: Config, overrides: AppOverrides = {}) {
  const database =
    overrides.database ?? (await (overrides.openingDatabase ?? openConfiguredDatabase(config)));
  await migrateDatabase(database);
  const { db } = database;

  const app = Fastify({
    logger: loggerOptions(config, overrides.logStream),
    // Idle keep-alive sockets close at once; requests in flight finish before the database closes (onClose).
    // Long-lived streams (SSE, STOMP) are ended in preClose hooks, so they do not hold the close up.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A request in flight when closing starts answers with `Connection: close`: its socket then ends with the
  // response instead of idling on keep-alive after 'idle' sockets were already closed, which would hold the close.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // Ecosystem plugins
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 + 1, files: 2, fields: 20 } });
  // Helmet's headers on every reply, computed once at start.
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        scriptSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The CSP is for the app's HTML; the OpenAPI UI brings its own.
    hsts: false,
  });

  // Shared services and adapters
  // Local files or an S3 bucket; either way the browser reads images from our origin (plugins/files).
  const storage =
    overrides.storage ??
    (config.storage.kind === 's3'
      ? // The AWS SDK and ioredis load only when configured: they cost ~100 ms of every start otherwise.
        (await import('./adapters/storage/s3-storage.js')).createS3Storage({
          bucket: config.storage.s3.bucket ?? fail('STORAGE=s3 needs S3_BUCKET'),
          ...(config.storage.s3.region ? { region: config.storage.s3.region } : {}),
          ...(config.storage.s3.endpoint ? { endpoint: config.storage.s3.endpoint } : {}),
        })
      : createLocalStorage(config.storage.localDir));
  // Fan-out between instances: Redis pub/sub when configured (no payload limit, no load on the database),
  // else LISTEN/NOTIFY on the shared PostgreSQL; the embedded database means one process, so in-process.
  const bus =
    overrides.bus ??
    (config.redisUrl
      ? await (
          await import('./realtime/redis-event-bus.js')
        ).createRedisEventBus({ url: config.redisUrl, log: app.log })
      : database.kind === 'postgres' && database.url && database.pool
        ? await createPgEventBus({ url: database.url, pool: database.pool, log: app.log })
        : createLocalEventBus());
  const notifier = createNotifier({ bus });

  // Our plugins
  // CSRF tokens are keyed from the JWT secret: configured, or the one kept in the database for every instance
  // (read or created here as the auth service does; whichever comes first stores it).
  const jwtSecret =
    config.jwtSecret ??
    (await createAuthRepo().ensureSecret(db, 'jwt', randomBytes(48).toString('base64url')));
  await app.register(csrfPlugin, {
    key: csrfKeyFrom(jwtSecret),
    secure: config.publicUrl.startsWith('https://'),
  });
  await app.register(apiNoStorePlugin);
  // Per-user budgets of writes, over HTTP (the plugin, after auth) and STOMP (the broker's SEND policy).
  const writeLimits = createWriteLimits(config.writeRate);
  await app.register(rateLimitPlugin, { authPerIpPerMinute: config.rateLimit.authPerIpPerMinute });
  await app.register(openapiPlugin);
  // @domain-services: each domain adds its service here, in dependency order.
  const attributeDefsRepo = createAttributeDefsRepo();
  const attributeDefs = createAttributeDefsService({ db, repo: attributeDefsRepo, notifier, log: app.log });
  await attributeDefs.seedDefaults();
  const clothes = createClothesService({
    db,
    repo: createClothesRepo(),
    attributeDefsRepo,
    storage,
    log: app.log,
  });
  // Issue 17 (docs/api.md §9.4–9.7). The closet report judges the closet with the recommender's own engine.
  const analysis = createAnalysisService({ db, attributeDefsRepo });
  const batch = createBatchService({ db, repo: createBatchRepo(), attributeDefsRepo });
  const insights = createInsightsService({
    db,
    repo: createInsightsRepo(),
    engine: { bands: BANDS, inferProfile, recommend },
  });
  const transfer = createTransferService({
    db,
    repo: createTransferRepo(),
    attributeDefsRepo,
    storage,
    log: app.log,
  });
  const extraction = createExtractionService({
    db,
    fetcher: createPageFetcher({
      allowPrivate: config.linkImportAllowPrivate,
      ...(overrides.pageConnector ? { connect: overrides.pageConnector } : {}),
    }),
    storage,
    attributeDefsRepo,
    log: app.log,
  });
  // Background jobs run on one instance at a time when several share a PostgreSQL database.
  const jobLock = database.pool ? createPgJobLock(database.pool) : processJobLock;
  const importsSweeper = createImportsSweeper({ storage, jobLock, log: app.log });
  app.addHook('preClose', () => importsSweeper.stop());
  importsSweeper.start();
  const feeds = createFeedsService({ db, notifier, log: app.log });
  const follows = createFollowsService({ db, notifier, log: app.log });
  const weather = createWeatherService({ db, config, notifier, log: app.log, jobLock });
  // preClose, not onClose: the scheduled refresh may still be using the database, which onClose closes.
  app.addHook('preClose', () => weather.close());
  weather.start();
  const usersRepo = createUsersRepo();
  const mailer = createMailer(config.mail, app.log);
  const auth = await createAuthService({
    db,
    config,
    authRepo: createAuthRepo(),
    usersRepo,
    mailer,
    bus,
    log: app.log,
  });
  const users = createUsersService({
    db,
    usersRepo,
    auth,
    notifier,
    storage,
    locate: weather.resolveLocation,
    log: app.log,
  });
  const oauth = await createOAuthService({
    db,
    config,
    auth,
    authRepo: createAuthRepo(),
    usersRepo,
    repo: createOAuthRepo(),
    storage,
    // Provider avatars are fetched like imported pages: every address checked, bounded in time and size.
    images: createPageFetcher({
      allowPrivate: config.linkImportAllowPrivate,
      maxImageBytes: LIMITS.profileImageMaxBytes,
      ...(overrides.pageConnector ? { connect: overrides.pageConnector } : {}),
    }),
    log: app.log,
  });
  const recommendations = createRecommendationsService({ db, repo: createRecommendationsRepo() });
  // Web Push, notification settings and the morning outfit (docs/api.md §9.2–9.3). Every published notification
  // is also queued for the receiver's devices; the queue drains in the background and never holds a request up.
  const vapid = await loadVapidKeys(config.push.vapid, (candidate) =>
    createAuthRepo().ensureSecret(db, 'vapid', candidate),
  );
  const pushGuard = createPushEndpointGuard({
    allowPrivate: config.push.allowPrivate,
    ...(overrides.push?.resolver ? { resolver: overrides.push.resolver } : {}),
  });
  const pushRepo = createPushRepo();
  const pushDispatcher = createPushDispatcher({
    db,
    repo: pushRepo,
    vapid,
    transport: createPushTransport({ guard: pushGuard, timeoutMs: overrides.push?.timeoutMs }),
    log: app.log,
    retryBaseMs: overrides.push?.retryBaseMs,
    queueLimit: overrides.push?.queueLimit,
  });
  notifier.onPublished(pushDispatcher.enqueue);
  const push = createPushService({ db, repo: pushRepo, vapid, guard: pushGuard, log: app.log });
  const notificationSettingsRepo = createNotificationSettingsRepo();
  const notificationSettings = createNotificationSettingsService({ db, repo: notificationSettingsRepo });
  // A recommender of its own: the morning push must not advance the user's '다른 옷 추천' round in the app.
  const morningRecommendations = createRecommendationsService({ db, repo: createRecommendationsRepo() });
  const morningOutfit = createMorningOutfitJob({
    db,
    repo: notificationSettingsRepo,
    notifier,
    forecast: weather.forecast,
    recommend: morningRecommendations.recommend,
    jobLock,
    log: app.log,
    ...overrides.morningOutfit,
  });
  // preClose: both still use the database, which onClose closes.
  app.addHook('preClose', async () => {
    await morningOutfit.stop();
    await pushDispatcher.close();
  });
  morningOutfit.start();
  const notificationsRepo = createNotificationsRepo();
  const notifications = createNotificationsService({ db, repo: notificationsRepo });
  // Open STOMP connections and SSE streams end with their session (sign-out, lock, role or password change).
  const sessionGuard = createSessionGuard({ bus, isSessionLive: auth.isSessionLive, log: app.log });
  const notificationStream = createNotificationStream({
    db,
    bus,
    repo: notificationsRepo,
    log: app.log,
    admit: sessionGuard.admit,
  });
  const messages = createMessagesService({ db, repo: createMessagesRepo(), bus, notifier, log: app.log });
  const broker = createStompBroker({
    authenticate: auth.verifyAccessToken,
    admit: sessionGuard.admit,
    policy: limitSends(directMessageDestinations(messages), writeLimits),
    log: app.log,
    options: overrides.realtime?.stomp,
  });
  sessionGuard.watch(broker);
  sessionGuard.watch(notificationStream);
  const stopRelay = messages.onBroadcast((topic, message) => broker.deliver(topic, JSON.stringify(message)));
  app.decorate('realtimeStats', (): RealtimeStats => ({
    stomp: broker.stats(),
    sse: { ...notificationStream.stats(), heartbeatTimers: sseHeartbeatTimers() },
  }));
  await users.ensureBootstrapAdmin(config.admin);

  await app.register(authPlugin, { verifyAccessToken: auth.verifyAccessToken });
  await app.register(writeLimitsPlugin, { limits: writeLimits });
  await app.register(filesPlugin, { storage });

  // @domain-routes: each domain registers its routes here with its URL prefix (docs/architecture.md).
  await app.register(clothesRoutes, { prefix: '/api/clothes', clothes });
  await app.register(attributeDefsRoutes, { prefix: '/api/clothes/attribute-defs', attributeDefs });
  await app.register(extractionRoutes, { prefix: '/api/clothes/extractions', extraction });
  await app.register(analysisRoutes, { prefix: '/api/clothes/analyses', analysis });
  await app.register(batchRoutes, { prefix: '/api/clothes/batch', batch });
  await app.register(insightsRoutes, { prefix: '/api/clothes/insights', insights });
  // GET /api/clothes/export, POST /api/clothes/import
  await app.register(transferRoutes, { prefix: '/api/clothes', transfer });
  await app.register(feedsRoutes, { prefix: '/api/feeds', feeds });
  await app.register(followsRoutes, { prefix: '/api/follows', follows });
  await app.register(authRoutes, { prefix: '/api/auth', auth, config });
  // Browser navigations of docs/api.md §3, outside /api: /oauth2/authorization/:provider, /login/oauth2/code/:provider.
  await app.register(oauthRoutes, { oauth, config });
  await app.register(usersRoutes, { prefix: '/api/users', users });
  await app.register(notificationSettingsRoutes, { prefix: '/api/users', settings: notificationSettings });
  // POST /api/users/:userId/social-links/:provider: linking a social account from settings.
  await app.register(socialLinksRoutes, { prefix: '/api/users', oauth, config });
  await app.register(weatherRoutes, { prefix: '/api/weathers', weather });
  // GET /api/weathers/locations: places by name from the embedded region table.
  await app.register(placesRoutes, { prefix: '/api/weathers', places: createPlaceSearch() });
  await app.register(pushRoutes, { prefix: '/api/push', push });
  await app.register(recommendationsRoutes, { prefix: '/api/recommendations', recommendations });
  await app.register(notificationsRoutes, { prefix: '/api/notifications', notifications });
  await app.register(sseRoutes, {
    prefix: '/api/sse',
    stream: notificationStream,
    sse: { ...DEFAULT_SSE_OPTIONS, ...overrides.realtime?.sse },
  });
  await app.register(messagesRoutes, { prefix: '/api/direct-messages', messages });
  // STOMP on the same port, beside Fastify: SockJS under /ws/…, raw WebSocket at /ws (see endpoints.ts).
  const stomp = installStompEndpoints(app.server, broker, {
    path: WS_PATH,
    allowOrigin: createOriginCheck({ publicUrl: config.publicUrl, allowedOrigins: config.allowedOrigins }),
    log: app.log,
  });
  app.addHook('preClose', (done) => {
    stopRelay();
    sessionGuard.close();
    stomp.close();
    broker.close();
    notificationStream.close();
    done();
  });

  await app.register(webPlugin, { root: config.webDistDir ?? DEFAULT_WEB_DIST });

  app.addHook('onClose', async () => {
    await auth.drain();
    await bus.close();
    if (!overrides.database) await database.close();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
