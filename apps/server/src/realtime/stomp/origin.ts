import type { IncomingMessage } from 'node:http';

export interface OriginPolicy {
  /** PUBLIC_URL: its origin is ours. */
  publicUrl: string;
  /** ALLOWED_ORIGINS: further origins allowed to connect (`https://app.example.com`). */
  allowedOrigins: readonly string[];
}

/**
 * Who may open `/ws` from a browser page. Browsers send `Origin` on every WebSocket handshake and on
 * cross-origin requests; a request without one is not a page's (a native or server client) and passes. An
 * Origin passes when it is the host the request was sent to (same origin, also behind a proxy that keeps
 * `Host`), PUBLIC_URL's origin, or one of ALLOWED_ORIGINS; `null` (sandboxed frames, files) never does.
 */
export function createOriginCheck(policy: OriginPolicy): (request: IncomingMessage) => boolean {
  const allowed = new Set([new URL(policy.publicUrl).origin, ...policy.allowedOrigins]);
  return (request) => {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    if (allowed.has(origin)) return true;
    const host = request.headers.host;
    const scheme = origin.indexOf('://');
    return !!host && scheme > 0 && origin.slice(scheme + 3) === host.toLowerCase();
  };
}
