import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import {
  classifyAddress,
  isAmbiguousNumericHost,
  parseIPv4,
  parseIPv6,
} from '../page-fetcher/address-guard.js';
import type { Resolver } from '../page-fetcher/page-fetcher.js';

/**
 * Which push endpoints the server may post to (docs/api.md §9.2). A subscription's endpoint is a URL the browser
 * chose, so it is as untrusted as a link to import: `https:` on port 443, no credentials, no numeric spelling a
 * resolver might read differently, and the host resolved once with EVERY address judged by address-guard
 * (loopback, private, link-local, IPv4-mapped IPv6 … are refused). The same check runs when subscribing and
 * again before each send, and the send connects to an address this check returned.
 *
 * `allowPrivate` (PUSH_ALLOW_PRIVATE, tests only) lifts the address and port rules and allows `http:`.
 */

export type PushEndpointErrorKind = 'invalid' | 'not-https' | 'not-public' | 'unresolvable';

export class PushEndpointError extends Error {
  constructor(
    readonly kind: PushEndpointErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'PushEndpointError';
  }
}

export interface CheckedEndpoint {
  url: URL;
  /** Without brackets; the name for TLS (SNI, certificate). */
  hostname: string;
  port: number;
  tls: boolean;
  /** Every address the host resolved to, all allowed; IPv4 first. */
  addresses: LookupAddress[];
}

export interface PushEndpointGuardOptions {
  allowPrivate: boolean;
  /** `dns.lookup` with `{all: true}`; tests answer without the network. */
  resolver?: Resolver;
  /** DNS deadline. */
  timeoutMs?: number;
}

export type PushEndpointGuard = (endpoint: string) => Promise<CheckedEndpoint>;

const DEFAULT_DNS_TIMEOUT_MS = 3_000;

export function createPushEndpointGuard(options: PushEndpointGuardOptions): PushEndpointGuard {
  const resolver: Resolver = options.resolver ?? ((host, opts, cb) => dnsLookup(host, opts, cb));
  const timeoutMs = options.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS;
  const { allowPrivate } = options;

  function resolve(hostname: string): Promise<LookupAddress[]> {
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new PushEndpointError('unresolvable', 'dns timeout')), timeoutMs);
      resolver(hostname, { all: true }, (err, list) => {
        clearTimeout(timer);
        if (err) fail(new PushEndpointError('unresolvable', `dns ${err.code ?? err.message}`));
        else done(list);
      });
    });
  }

  return async (endpoint) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new PushEndpointError('invalid', 'not a URL');
    }
    const tls = url.protocol === 'https:';
    if (!tls && !(allowPrivate && url.protocol === 'http:'))
      throw new PushEndpointError(
        url.protocol === 'http:' ? 'not-https' : 'invalid',
        `scheme ${url.protocol}`,
      );
    if (url.username || url.password) throw new PushEndpointError('invalid', 'credentials in URL');
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    if (!hostname) throw new PushEndpointError('invalid', 'no host');
    const port = url.port ? Number(url.port) : tls ? 443 : 80;
    if (!allowPrivate && port !== 443) throw new PushEndpointError('not-public', `port ${port}`);
    if (isAmbiguousNumericHost(hostname))
      throw new PushEndpointError('not-public', `numeric host ${hostname}`);
    // RFC 6761: `localhost` and `*.localhost` are loopback whatever a resolver says.
    if (!allowPrivate && /(^|\.)localhost\.?$/i.test(hostname))
      throw new PushEndpointError('not-public', `host ${hostname}`);
    const literal = parseIPv4(hostname) !== null ? 4 : parseIPv6(hostname) !== null ? 6 : 0;
    const addresses = literal ? [{ address: hostname, family: literal }] : await resolve(hostname);
    if (addresses.length === 0) throw new PushEndpointError('unresolvable', 'no address');
    if (!allowPrivate) {
      for (const { address } of addresses) {
        const verdict = classifyAddress(address);
        if (!verdict.allowed)
          throw new PushEndpointError('not-public', `${hostname} → ${address} (${verdict.reason})`);
      }
    }
    return { url, hostname, port, tls, addresses: [...addresses].sort((a, b) => a.family - b.family) };
  };
}
