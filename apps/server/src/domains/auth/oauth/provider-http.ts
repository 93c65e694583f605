import type { z } from 'zod';

/** Each call to a provider (discovery, token, user info, keys) gives up after this long. */
export const PROVIDER_TIMEOUT_MS = 5_000;
/** Provider answers are small JSON documents; anything bigger is not one of them. */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * A provider call that failed: unreachable, too slow, an error status, or an answer of the wrong shape. The
 * message is for the server log only; the user is told that the sign-in failed, nothing more.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

async function readCapped(res: Response, what: string): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new ProviderError(`${what}: answer larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface ProviderRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded (OAuth 2.0 token requests). */
  form?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Calls a provider endpoint and parses its JSON answer with `schema`. Redirects are refused (none of these
 * endpoints redirects), the wait is bounded, and a non-2xx answer is an error whose log line carries the
 * provider's `error` code when it sent one.
 */
export async function providerJson<T extends z.ZodType>(
  url: string,
  schema: T,
  what: string,
  request: ProviderRequest = {},
): Promise<z.infer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=utf-8';
    body = new URLSearchParams(request.form).toString();
  }
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: request.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(request.timeoutMs ?? PROVIDER_TIMEOUT_MS),
    });
    text = await readCapped(res, what);
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    const e = err as Error;
    throw new ProviderError(`${what}: ${e.name === 'TimeoutError' ? 'timed out' : e.message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProviderError(`${what}: HTTP ${res.status}, not JSON`);
  }
  if (!res.ok) {
    const code =
      typeof json === 'object' && json !== null && 'error' in json
        ? String((json as { error: unknown }).error).slice(0, 60)
        : '';
    throw new ProviderError(`${what}: HTTP ${res.status}${code ? ` ${code}` : ''}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ProviderError(
      `${what}: unexpected answer (${parsed.error.issues[0]?.path.join('.') || 'root'})`,
    );
  return parsed.data;
}
