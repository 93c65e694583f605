/** Minimal HTTP client for the suites: real requests over loopback, JSON or multipart, cookies kept. */
export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  /** `Set-Cookie` values by name (empty string = cleared). */
  setCookies: Record<string, string>;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  /** Sent as it is (give its `content-type` in `headers`): bodies no client library would build. */
  body?: string | Buffer;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Sent as the Cookie header. */
  cookies?: Record<string, string>;
}

export function parseSetCookies(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
    out[name] = expired ? '' : decodeURIComponent(pair!.slice(eq + 1).trim());
  }
  return out;
}

export async function request<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpResponse<T>> {
  const url = new URL(path, baseUrl);
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookies)
    headers.cookie = Object.entries(options.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  let body: RequestInit['body'];
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  } else if (options.body !== undefined) {
    body = options.body;
  }
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return {
    status: res.status,
    headers: res.headers,
    body: parsed as T,
    setCookies: parseSetCookies(res.headers),
  };
}

/** Bound to one server. */
export function httpClient(baseUrl: string) {
  return {
    get: <T = any>(path: string, o?: RequestOptions) => request<T>(baseUrl, 'GET', path, o),
    post: <T = any>(path: string, o?: RequestOptions) => request<T>(baseUrl, 'POST', path, o),
    patch: <T = any>(path: string, o?: RequestOptions) => request<T>(baseUrl, 'PATCH', path, o),
    put: <T = any>(path: string, o?: RequestOptions) => request<T>(baseUrl, 'PUT', path, o),
    delete: <T = any>(path: string, o?: RequestOptions) => request<T>(baseUrl, 'DELETE', path, o),
  };
}
export type HttpClient = ReturnType<typeof httpClient>;

/** A multipart body with a JSON `request` part and an optional file part, as the web app sends it. */
export function multipartRequest(
  json: unknown,
  file?: { field?: string; data: Buffer | Uint8Array; name?: string; type?: string },
): FormData {
  const form = new FormData();
  form.append('request', new Blob([JSON.stringify(json)], { type: 'application/json' }));
  if (file)
    form.append(
      file.field ?? 'image',
      new Blob([file.data], { type: file.type ?? 'application/octet-stream' }),
      file.name ?? 'upload.bin',
    );
  return form;
}
