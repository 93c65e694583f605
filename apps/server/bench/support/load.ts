import { createRequire } from 'node:module';
import type { LoadRow } from './types.js';

/** One request as autocannon sends it; `setupRequest` may rewrite it before each send. */
export interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest | null;
}

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  workers?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: AutocannonRequest[];
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  duration: number;
  non2xx: number;
  errors: number;
}

interface AutocannonInstance extends Promise<AutocannonResult> {
  stop(): void;
}

// autocannon ships no types; only what is used here is declared.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => AutocannonInstance;

export interface LoadSpec {
  name: string;
  /** Base URL plus path of the request, e.g. `http://127.0.0.1:1234/api/users?limit=20`. */
  url: string;
  connections: number;
  durationSeconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Rewrites each request before it is sent (fresh cookies, ids). Runs on this thread, so the server must live
   * in another process (see `startBuiltServer`). Return null when nothing is left: the run stops early.
   */
  nextRequest?: () => AutocannonRequest | null;
  /** Static requests against an in-process server: autocannon in a worker thread, off the server's event loop. */
  worker?: boolean;
  notes?: string;
}

/** Runs autocannon and reduces its result to a table row (req/s average, latency p50/p99 in ms). */
export async function runLoad(spec: LoadSpec): Promise<LoadRow> {
  let exhausted = false;
  const options: AutocannonOptions = {
    url: spec.url,
    connections: spec.connections,
    duration: spec.durationSeconds,
    ...(spec.method ? { method: spec.method } : {}),
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.worker && !spec.nextRequest ? { workers: 1 } : {}),
  };
  if (spec.nextRequest) {
    const next = spec.nextRequest;
    options.requests = [
      {
        setupRequest(request) {
          const change = next();
          if (!change) {
            if (!exhausted) {
              exhausted = true;
              setImmediate(() => instance.stop());
            }
            return request;
          }
          return { ...request, ...change, headers: { ...request.headers, ...change.headers } };
        },
      },
    ];
  }
  const instance = autocannon(options);
  const r = await instance;
  return {
    kind: 'load',
    name: spec.name,
    requestsPerSec: Math.round(r.requests.total / Math.max(r.duration, 0.001)),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    durationSeconds: Math.round(r.duration * 10) / 10,
    ...(spec.notes || exhausted
      ? {
          notes: [spec.notes, exhausted ? 'request pool ran out: stopped early' : '']
            .filter(Boolean)
            .join('; '),
        }
      : {}),
  };
}
