import { existsSync } from 'node:fs';
import { loadConfig } from './config.js';
import { startEmbeddedPostgres } from './db/embedded-postgres.js';

// A `.env` in the working directory is read too (docs/configuration.md); real environment variables win.
if (existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
// The embedded PostgreSQL server starts first, in its own process, while this one loads the app's modules (the
// database client's among them); a failure surfaces where the database is awaited.
const startingEmbedded = config.databaseUrl ? undefined : startEmbeddedPostgres(config.dataDir);
startingEmbedded?.catch(() => undefined);
const { openConfiguredDatabase } = await import('./db/client.js');
const openingDatabase = openConfiguredDatabase(config, startingEmbedded);
const { buildApp } = await import('./app.js');
const app = await buildApp(config, { openingDatabase });

/**
 * Graceful shutdown on SIGINT/SIGTERM. The stop signal often comes more than once (Ctrl-C reaches every process of
 * a terminal's foreground group, systemd signals the wrapper and the server alike, an operator repeats it): the second
 * one lets the first close finish, only a third stops at once. Requests in flight get SHUTDOWN_GRACE to finish, then
 * their connections are cut, so the database still closes cleanly (app.ts closes it in onClose).
 */
async function shutDown(signal: NodeJS.Signals): Promise<never> {
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.warn('requests still in flight after SHUTDOWN_GRACE: closing their connections');
    app.server.closeAllConnections();
  }, config.shutdownGraceMs);
  // Last resort when closing itself hangs (a hook that never returns). Neither timer is unref'd: the process
  // lives until one of them or the close decides how it ends.
  setTimeout(() => {
    app.log.error('shutdown did not finish: exiting without it');
    process.exit(1);
  }, config.shutdownGraceMs + 5_000);
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error while shutting down');
    process.exit(1);
  }
}

let signals = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `on`, not `once`: with no listener left, a repeated signal would kill the process in the middle of closing.
  process.on(signal, () => {
    signals += 1;
    if (signals === 1) void shutDown(signal);
    else if (signals === 2) app.log.warn({ signal }, 'already shutting down (a third signal stops at once)');
    else {
      app.log.error({ signal }, 'stopping at once: requests in flight are cut, the database is not closed');
      process.exit(1);
    }
  });
}

// First-start work (default attribute definitions, the administrator) before the app takes traffic; the
// background jobs once it does. Closing the app stops them.
await app.lifecycle.bootstrap();
await app.listen({ port: config.port, host: config.host });
app.lifecycle.start();
