import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { classifyAddress, isAmbiguousNumericHost, parseIPv4, parseIPv6 } from './address-guard.js';

/**
 * SSRF-safe HTTP GET for link import. Every hop (the first URL and each redirect) is checked: http/https on
 * ports 80/443 only, the host resolved once and EVERY address it resolves to judged by address-guard, and the
 * socket then opened to the very address that was checked (DNS is never asked twice, so a second answer
 * cannot differ). One deadline covers DNS, connect, redirects and body; bodies are capped while reading.
 *
 * `allowPrivate` (LINK_IMPORT_ALLOW_PRIVATE, tests only) lifts the address check AND the port rule, because
 * test shops listen on random loopback ports; the scheme rule, redirect limit, deadline and caps stay.
 */

export type PageFetchErrorKind =
  | 'invalid-url'
  | 'blocked'
  | 'timeout'
  | 'too-large'
  | 'not-html'
  | 'not-image'
  | 'http-status'
  | 'too-many-redirects'
  | 'network';

export class PageFetchError extends Error {
  constructor(
    readonly kind: PageFetchErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'PageFetchError';
  }
}

export interface FetchedPage {
  /** The URL after redirects. */
  url: string;
  html: string;
  /** The body passed the cap and only its beginning was read. */
  truncated: boolean;
}

export interface FetchedImage {
  url: string;
  body: Buffer;
  contentType: string;
}

export interface FetchOptions {
  /** Overrides the fetcher's deadline for this call (never longer). */
  timeoutMs?: number;
  referer?: string;
}

export interface PageFetcher {
  fetchPage(url: string, options?: FetchOptions): Promise<FetchedPage>;
  fetchImage(url: string, options?: FetchOptions): Promise<FetchedImage>;
}

/** `dns.lookup` with `{all: true}`; tests inject one that answers without the network. */
export type Resolver = (
  hostname: string,
  options: { all: true },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** Where a checked request goes; `address` is the checked IP, `hostname` is for SNI and certificates. */
export interface ConnectTarget {
  address: string;
  family: 4 | 6;
  port: number;
  hostname: string;
  tls: boolean;
}

/** Opens the socket; tests inject one that refuses anything but loopback. */
export type Connector = (target: ConnectTarget) => net.Socket;

export interface PageFetcherOptions {
  allowPrivate: boolean;
  resolver?: Resolver;
  connect?: Connector;
  timeoutMs?: number;
  maxPageBytes?: number;
  maxImageBytes?: number;
  maxRedirects?: number;
}

export const PAGE_FETCH_DEFAULTS = {
  timeoutMs: 5_000,
  maxPageBytes: 2 * 1024 * 1024,
  maxImageBytes: 10 * 1024 * 1024,
  maxRedirects: 3,
} as const;

const USER_AGENT = 'Mozilla/5.0 (compatible; otboo-link-import/1.0; +https://otboo.local)';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const RETRYABLE_CONNECT = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ECONNRESET',
]);

/**
 * The default socket: straight to the checked address. TLS sends the host name for SNI and verifies the
 * certificate against it (for an IP-literal URL the address is the name, as browsers do).
 */
export const defaultConnector: Connector = (target) => {
  if (!target.tls) return net.connect({ host: target.address, port: target.port, family: target.family });
  const literal = parseIPv4(target.hostname) !== null || parseIPv6(target.hostname) !== null;
  return tls.connect({
    host: target.address,
    port: target.port,
    ALPNProtocols: ['http/1.1'],
    ...(literal ? {} : { servername: target.hostname }),
  });
};

interface Target {
  url: URL;
  hostname: string;
  port: number;
  tls: boolean;
}

type Kind = 'page' | 'image';

/** Parses and checks scheme, credentials and port of one hop. */
function parseTarget(raw: string | URL, allowPrivate: boolean): Target {
  let url: URL;
  try {
    url = typeof raw === 'string' ? new URL(raw) : raw;
  } catch {
    throw new PageFetchError('invalid-url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PageFetchError('invalid-url', `scheme ${url.protocol}`);
  if (url.username || url.password) throw new PageFetchError('invalid-url', 'credentials in URL');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!hostname) throw new PageFetchError('invalid-url', 'no host');
  const isTls = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : isTls ? 443 : 80;
  if (!allowPrivate && port !== 80 && port !== 443) throw new PageFetchError('blocked', `port ${port}`);
  if (isAmbiguousNumericHost(hostname)) throw new PageFetchError('blocked', `numeric host ${hostname}`);
  // RFC 6761: `localhost` and `*.localhost` are loopback whatever a resolver says; refused by name too.
  if (!allowPrivate && /(^|\.)localhost\.?$/i.test(hostname))
    throw new PageFetchError('blocked', `host ${hostname}`);
  return { url, hostname, port, tls: isTls };
}

function withDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new PageFetchError('timeout', 'deadline passed'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

function charsetOf(contentType: string, head: Buffer): string {
  const fromHeader = /charset\s*=\s*["']?([\w-]+)/i.exec(contentType)?.[1];
  if (fromHeader) return fromHeader;
  const sniff = head.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(sniff)?.[1] ?? 'utf-8';
}

function decodeText(body: Buffer, contentType: string): string {
  const charset = charsetOf(contentType, body);
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(<!doctype html|<html|<head|<meta)/i.test(body.subarray(0, 512).toString('latin1'));
}

export function createPageFetcher(options: PageFetcherOptions): PageFetcher {
  const resolver: Resolver = options.resolver ?? ((host, opts, cb) => dnsLookup(host, opts, cb));
  const connect = options.connect ?? defaultConnector;
  const timeoutMs = options.timeoutMs ?? PAGE_FETCH_DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? PAGE_FETCH_DEFAULTS.maxRedirects;
  const caps: Record<Kind, number> = {
    page: options.maxPageBytes ?? PAGE_FETCH_DEFAULTS.maxPageBytes,
    image: options.maxImageBytes ?? PAGE_FETCH_DEFAULTS.maxImageBytes,
  };

  /** Resolves the host and checks every address; literal IPs are checked as they are. */
  async function resolveChecked(target: Target, signal: AbortSignal): Promise<LookupAddress[]> {
    const literal = parseIPv4(target.hostname) !== null ? 4 : parseIPv6(target.hostname) !== null ? 6 : 0;
    const addresses: LookupAddress[] = literal
      ? [{ address: target.hostname, family: literal }]
      : await withDeadline(
          new Promise<LookupAddress[]>((resolve, reject) =>
            resolver(target.hostname, { all: true }, (err, list) =>
              err ? reject(new PageFetchError('network', `dns ${err.code ?? err.message}`)) : resolve(list),
            ),
          ),
          signal,
        );
    if (addresses.length === 0) throw new PageFetchError('network', 'no address');
    if (!options.allowPrivate) {
      for (const { address } of addresses) {
        const verdict = classifyAddress(address);
        if (!verdict.allowed)
          throw new PageFetchError('blocked', `${target.hostname} → ${address} (${verdict.reason})`);
      }
    }
    // IPv4 first: many hosts publish AAAA records they cannot be reached on from here.
    return [...addresses].sort((a, b) => a.family - b.family);
  }

  function send(target: Target, address: LookupAddress, kind: Kind, signal: AbortSignal, referer?: string) {
    return new Promise<http.IncomingMessage>((resolve, reject) => {
      const mod = target.tls ? https : http;
      const request = mod.request(
        {
          method: 'GET',
          host: target.hostname,
          port: target.port,
          path: `${target.url.pathname}${target.url.search}`,
          signal,
          headers: {
            'user-agent': USER_AGENT,
            accept:
              kind === 'page'
                ? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1'
                : 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8',
            'accept-language': 'ko-KR,ko;q=0.9,en;q=0.8',
            'accept-encoding': 'gzip, deflate, br',
            ...(referer ? { referer } : {}),
          },
          createConnection: () =>
            connect({
              address: address.address,
              family: address.family === 6 ? 6 : 4,
              port: target.port,
              hostname: target.hostname,
              tls: target.tls,
            }),
        },
        resolve,
      );
      request.on('error', (err: NodeJS.ErrnoException) => {
        if (signal.aborted) reject(new PageFetchError('timeout', 'deadline passed'));
        else if (err instanceof PageFetchError) reject(err);
        else
          reject(Object.assign(new PageFetchError('network', err.code ?? err.message), { code: err.code }));
      });
      request.end();
    });
  }

  /** Reads the body through the declared encoding, stopping at the cap. */
  async function readBody(response: http.IncomingMessage, cap: number, kind: Kind, signal: AbortSignal) {
    const encoding = String(response.headers['content-encoding'] ?? '')
      .trim()
      .toLowerCase();
    let stream: Readable = response;
    if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(zlib.createGunzip());
    else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate());
    else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());
    else if (encoding && encoding !== 'identity') throw new PageFetchError('network', `encoding ${encoding}`);
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (size + chunk.length > cap) {
          if (kind === 'image') throw new PageFetchError('too-large', `over ${cap} bytes`);
          chunks.push(chunk.subarray(0, cap - size));
          size = cap;
          truncated = true;
          break;
        }
        chunks.push(chunk);
        size += chunk.length;
      }
    } catch (err) {
      if (err instanceof PageFetchError) throw err;
      if (signal.aborted) throw new PageFetchError('timeout', 'deadline passed');
      throw new PageFetchError('network', (err as Error).message);
    } finally {
      // Stop reading: the socket is closed instead of draining the rest of a huge body.
      response.destroy();
      if (stream !== response) stream.destroy();
    }
    return { body: Buffer.concat(chunks, size), truncated };
  }

  async function get(rawUrl: string, kind: Kind, fetchOptions: FetchOptions = {}) {
    const controller = new AbortController();
    const budget = Math.min(fetchOptions.timeoutMs ?? timeoutMs, timeoutMs);
    const timer = setTimeout(() => controller.abort(), budget);
    const { signal } = controller;
    try {
      let target = parseTarget(rawUrl, options.allowPrivate);
      for (let hop = 0; ; hop++) {
        const addresses = await resolveChecked(target, signal);
        let response: http.IncomingMessage | undefined;
        let lastError: unknown;
        for (const address of addresses) {
          try {
            response = await send(target, address, kind, signal, fetchOptions.referer);
            break;
          } catch (err) {
            lastError = err;
            const code = (err as { code?: string }).code;
            if (
              !(err instanceof PageFetchError) ||
              err.kind !== 'network' ||
              !code ||
              !RETRYABLE_CONNECT.has(code)
            )
              throw err;
          }
        }
        if (!response)
          throw lastError instanceof Error ? lastError : new PageFetchError('network', 'unreachable');
        const status = response.statusCode ?? 0;
        if (REDIRECTS.has(status) && response.headers.location) {
          response.destroy();
          if (hop >= maxRedirects)
            throw new PageFetchError('too-many-redirects', `more than ${maxRedirects}`);
          let next: URL;
          try {
            next = new URL(response.headers.location, target.url);
          } catch {
            throw new PageFetchError('invalid-url', 'bad redirect');
          }
          target = parseTarget(next, options.allowPrivate);
          continue;
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          throw new PageFetchError('http-status', `status ${status}`);
        }
        const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
        if (kind === 'image') {
          if (!contentType.startsWith('image/')) {
            response.destroy();
            throw new PageFetchError('not-image', contentType || 'no content type');
          }
          const declared = Number(response.headers['content-length'] ?? 0);
          if (declared > caps.image) {
            response.destroy();
            throw new PageFetchError('too-large', `declared ${declared} bytes`);
          }
        } else if (contentType && !/^(text\/html|application\/xhtml\+xml)\b/.test(contentType)) {
          response.destroy();
          throw new PageFetchError('not-html', contentType);
        }
        const { body, truncated } = await readBody(response, caps[kind], kind, signal);
        if (kind === 'page' && !contentType && !looksLikeHtml(body))
          throw new PageFetchError('not-html', 'no content type');
        return { url: target.url.toString(), body, truncated, contentType };
      }
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async fetchPage(url, fetchOptions) {
      const r = await get(url, 'page', fetchOptions);
      return { url: r.url, html: decodeText(r.body, r.contentType), truncated: r.truncated };
    },
    async fetchImage(url, fetchOptions) {
      const r = await get(url, 'image', fetchOptions);
      return { url: r.url, body: r.body, contentType: r.contentType };
    },
  };
}
