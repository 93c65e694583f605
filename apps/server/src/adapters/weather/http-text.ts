import { ProviderError, type ProviderSource } from './weather-provider.js';

/** Forecast bodies are tens of kilobytes; anything this large is not a forecast. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface TextResponse {
  status: number;
  contentType: string;
  text: string;
}

/**
 * GET with a deadline (the provider's whole answer, body included) and a size cap. Network failures and
 * timeouts become ProviderErrors; HTTP error statuses are returned for the caller to read, because the
 * public-data gateway explains its refusals in the body.
 */
export async function getText(
  provider: ProviderSource,
  url: string,
  options: { timeoutMs: number; signal?: AbortSignal; headers?: Record<string, string> },
): Promise<TextResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal,
      redirect: 'error',
    });
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > MAX_BODY_BYTES) {
      await res.body?.cancel();
      throw new ProviderError(provider, 'invalid', `body of ${declared} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (res.body) {
      for await (const chunk of res.body) {
        size += chunk.byteLength;
        if (size > MAX_BODY_BYTES) throw new ProviderError(provider, 'invalid', 'body too large');
        chunks.push(chunk);
      }
    }
    return {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      text: Buffer.concat(chunks).toString('utf8'),
    };
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    const timedOut =
      deadline.aborted || (options.signal?.reason as Error | undefined)?.name === 'TimeoutError';
    if (timedOut) throw new ProviderError(provider, 'timeout', `no answer within ${options.timeoutMs} ms`);
    if (options.signal?.aborted) throw new ProviderError(provider, 'http', 'aborted');
    throw new ProviderError(provider, 'http', (err as Error).message);
  }
}

/** JSON.parse that reports garbage as the provider's fault. */
export function parseJson(provider: ProviderSource, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError(provider, 'invalid', 'body is not JSON');
  }
}
