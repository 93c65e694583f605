import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerBasePlugins } from './app/base-plugins.js';
import { createModules } from './app/create-modules.js';
import { moduleDeps } from './app/module-deps.js';
import type { AppOverrides } from './app/overrides.js';
import { serverOptions } from './app/server-options.js';
import { configureImageWork } from './lib/images.js';
import { combineLifecycles } from './lib/modules.js';
import type { Config } from './config.js';
import { openConfiguredDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import realtimePlugin from './realtime/realtime-plugin.js';
import authPlugin from './plugins/auth.js';
import writeLimitsPlugin, { createWriteLimits, limitSends } from './plugins/write-limits.js';
import filesPlugin from './plugins/files.js';
import webPlugin from './plugins/web.js';

export type { AppOverrides };
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the app (docs/architecture.md): ecosystem plugins → our plugins → domain modules in dependency order →
 * each module's routes → the realtime plugin. The caller then runs `app.lifecycle.bootstrap()` (defaults, the
 * administrator), listens, and runs `app.lifecycle.start()` (background jobs); closing the app stops them.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}) {
  const database =
    overrides.database ?? (await (overrides.openingDatabase ?? openConfiguredDatabase(config)));
  await migrateDatabase(database);
  // Decode slots are process-wide (memory is); every app of the process is configured alike.
  configureImageWork(config.images);
  const app = Fastify(serverOptions(config, overrides.logStream)).withTypeProvider<ZodTypeProvider>();
  const log = app.log;
  if (database.movedFromPglite)
    log.info(
      database.movedFromPglite,
      'moved the PGlite database of DATA_DIR to the embedded PostgreSQL server',
    );
  await registerBasePlugins(app, config, database.db);

  // The modules, in dependency order, each given the base and the parts of other modules' api it names.
  const base = await moduleDeps(config, database, log, overrides);
  const { sessions, auth, notifications, messages, all: modules } = await createModules(base, overrides);

  const lifecycle = combineLifecycles(modules.map((m) => m.lifecycle));
  app.decorate('lifecycle', { bootstrap: lifecycle.bootstrap, start: lifecycle.start });
  // preClose, not onClose: the jobs may still be using the database, which onClose closes.
  app.addHook('preClose', lifecycle.stop);

  // Plugins that need a module. Per-user budgets of writes, over HTTP (the plugin, after auth) and STOMP (the
  // broker's SEND policy).
  await app.register(authPlugin, { verifyAccessToken: auth.api.verifyAccessToken });
  const writeLimits = createWriteLimits(config.writeRate);
  await app.register(writeLimitsPlugin, { limits: writeLimits });
  await app.register(filesPlugin, { storage: base.storage });
  // Every module's one routes plugin, the same way: each mounts its own URL prefixes (docs/architecture.md).
  for (const m of modules) await app.register(m.routes);
  // STOMP at /ws, beside Fastify
  await app.register(realtimePlugin, {
    sessions,
    authenticate: auth.api.verifyAccessToken,
    policy: limitSends(messages.api.destinations, writeLimits),
    relay: messages.api.onBroadcast,
    notifications: notifications.api.stream,
    origins: config,
    stomp: overrides.realtime?.stomp,
  });
  await app.register(webPlugin, { root: config.webDistDir ?? DEFAULT_WEB_DIST });
  app.addHook('onClose', async () => {
    await lifecycle.close();
    await base.bus.close();
    if (!overrides.database) await database.close();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
