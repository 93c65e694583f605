/**
 * The hash addresses (`location.hash`) whose screen is not behind the route guard: the login pages and the 404
 * page. Any other address is a signed-in screen, whose session and code the app starts fetching at once
 * (app/renew-session-early.ts; vite.config.ts preloads that screen's chunks).
 */
export const PUBLIC_ADDRESS = /^#\/(auth|404)(?=[/?]|$)/;
