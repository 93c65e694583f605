import { existsSync } from 'node:fs';
import { loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/client.js';

// A `.env` in the working directory is read too (CONFIG.md); real environment variables win.
if (existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
// The database opens (PGlite: WebAssembly compile, data files) while the rest of the app's modules load.
const openingDatabase = openConfiguredDatabase(config);
const { buildApp } = await import('./app.js');
const app = await buildApp(config, { openingDatabase });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
