import { existsSync } from 'node:fs';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';

// A `.env` in the working directory is read too (CONFIG.md); real environment variables win.
if (existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
const app = await buildApp(config);

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
