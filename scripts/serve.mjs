// Runs the server under a wrapper process (`npm start`) without multiplying its stop signals.
import { spawn } from 'node:child_process';

/**
 * Runs `node <args>` as the server and ends this process with the server's exit code.
 *
 * The server gets its own process group, so a terminal's Ctrl-C (or a signal to the whole group) reaches only this
 * wrapper, and npm, which forwards it here once more. The wrapper passes the first SIGINT, SIGTERM or SIGHUP on, once.
 * In our group the server would hear each signal directly and again from here, and its third signal means "stop at
 * once" (apps/server/src/server.ts). The server bounds its own shutdown (SHUTDOWN_GRACE, docs/configuration.md).
 */
export function serve(args, { cwd } = {}) {
  const server = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    // Windows has neither process groups nor POSIX signals: there the server stays on our console.
    detached: process.platform !== 'win32',
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (stopping) {
        console.log('[otboo] already stopping: waiting for the server to finish');
        return;
      }
      stopping = true;
      // A closed terminal (SIGHUP) stops the server like Ctrl-C: in its own group, it no longer hears the terminal.
      server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
      console.log('[otboo] stopping the server…');
    });
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return server;
}
