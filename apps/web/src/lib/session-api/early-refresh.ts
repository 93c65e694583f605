declare global {
  /**
   * The POST /api/auth/refresh that index.html's early-start script sent before the app ran (vite.config.ts):
   * undefined while it has not run, null once taken (it then sends none: a second refresh would race the first).
   */
  var otbooEarlyRefresh: Promise<Response> | null | undefined;
}

/** The early refresh's response, once (null when none was sent or it was taken already). */
export function takeEarlyRefresh(): Promise<Response> | null {
  const sent = globalThis.otbooEarlyRefresh ?? null;
  globalThis.otbooEarlyRefresh = null;
  return sent;
}
