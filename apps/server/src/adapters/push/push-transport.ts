import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { PushEndpointError, type PushEndpointGuard } from './push-endpoint.js';

/**
 * Posts one Web Push request (what `web-push`'s `generateRequestDetails` built: encrypted body, VAPID and TTL
 * headers) to its push service. The endpoint goes through the guard first, and the socket is opened to an
 * address the guard returned: DNS is not asked again, so a second answer cannot differ. No redirects are
 * followed (a 3xx is just a failed send); one deadline covers the guard, connect and the answer.
 *
 * Keep-alive agents let a fan-out reuse its connections to one push service; a pooled socket was itself opened
 * to a checked address.
 */

export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

export interface PushResponse {
  status: number;
  /** From `Retry-After` (seconds or an HTTP date), when the service sent one. */
  retryAfterMs?: number;
}

export type PushTransportErrorKind = 'blocked' | 'timeout' | 'network';

export class PushTransportError extends Error {
  constructor(
    readonly kind: PushTransportErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'PushTransportError';
  }
}

export interface PushTransport {
  send(request: PushRequest, signal?: AbortSignal): Promise<PushResponse>;
  /** Closes pooled connections. */
  close(): void;
}

/** A push service answers with a few bytes; more than this is not read. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

function retryAfterOf(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A `lookup` that answers the checked address and nothing else (net.connect asks with or without `all`). */
function pinnedLookup(address: LookupAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  }) as LookupFunction;
}

export function createPushTransport(options: {
  guard: PushEndpointGuard;
  timeoutMs?: number;
}): PushTransport {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 30_000 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64, timeout: 30_000 }),
  };

  function post(
    request: PushRequest,
    target: Awaited<ReturnType<PushEndpointGuard>>,
    address: LookupAddress,
    signal: AbortSignal,
  ) {
    return new Promise<PushResponse>((resolve, reject) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
      const req = (target.tls ? https : http).request(
        {
          method: request.method,
          host: target.hostname,
          port: target.port,
          path: `${target.url.pathname}${target.url.search}`,
          headers,
          agent: target.tls ? agents.https : agents.http,
          lookup: pinnedLookup(address),
          signal,
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) res.destroy();
          });
          const done = () =>
            resolve({
              status: res.statusCode ?? 0,
              ...(res.statusCode === 429 || (res.statusCode ?? 0) >= 500
                ? { retryAfterMs: retryAfterOf(res.headers['retry-after'], Date.now()) }
                : {}),
            });
          res.on('end', done);
          res.on('close', done);
          res.on('error', done);
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (signal.aborted) reject(new PushTransportError('timeout', 'deadline passed'));
        else reject(new PushTransportError('network', err.code ?? err.message));
      });
      req.end(request.body ?? undefined);
    });
  }

  return {
    async send(request, outer) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const onOuterAbort = () => controller.abort();
      outer?.addEventListener('abort', onOuterAbort, { once: true });
      try {
        let target;
        try {
          target = await Promise.race([
            options.guard(request.endpoint),
            new Promise<never>((_, reject) =>
              controller.signal.addEventListener('abort', () =>
                reject(new PushTransportError('timeout', 'deadline passed')),
              ),
            ),
          ]);
        } catch (err) {
          if (err instanceof PushEndpointError) throw new PushTransportError('blocked', err.message);
          throw err;
        }
        let lastError: unknown;
        for (const address of target.addresses) {
          try {
            return await post(request, target, address, controller.signal);
          } catch (err) {
            lastError = err;
            // Only a refused or unreachable address moves on to the next; a timeout ends the attempt.
            if (!(err instanceof PushTransportError) || err.kind !== 'network') throw err;
          }
        }
        throw lastError instanceof Error ? lastError : new PushTransportError('network', 'unreachable');
      } finally {
        clearTimeout(timer);
        outer?.removeEventListener('abort', onOuterAbort);
      }
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
