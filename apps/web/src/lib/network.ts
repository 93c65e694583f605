/**
 * Whether the browser says it has no network. Only `false` is trusted: a browser that is "online" may still
 * be on a dead connection (a request then fails as a network error, lib/api-client.ts), but one that says
 * offline is offline, so a write can be refused before it is sent.
 */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
