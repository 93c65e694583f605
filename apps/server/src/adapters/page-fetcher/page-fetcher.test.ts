import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from './address-guard.js';
import {
  createPageFetcher,
  defaultConnector,
  PageFetchError,
  type Connector,
  type ConnectTarget,
  type Resolver,
} from './page-fetcher.js';

/**
 * Traffic from these tests goes to loopback only. Non-loopback rules are checked with an injected resolver
 * that answers without the network and a connector that throws for any address that is not loopback, so
 * even a broken guard could not reach another host.
 */

const isLoopback = (address: string) =>
  classifyAddress(address).allowed === false && /^(127\.|::1$)/.test(address);

/** A pretend public address that the test connector sends to the loopback shop. */
const PRETEND_PUBLIC = '93.184.216.34';

function failSafeConnector(shopPort: () => number) {
  const attempts: ConnectTarget[] = [];
  const connect: Connector = (target) => {
    attempts.push(target);
    if (target.address === PRETEND_PUBLIC)
      return defaultConnector({ ...target, address: '127.0.0.1', family: 4, port: shopPort() });
    if (!isLoopback(target.address)) throw new Error(`test refused to connect to ${target.address}`);
    return defaultConnector(target);
  };
  return { connect, attempts };
}

function fakeDns(table: Record<string, string[]>) {
  const calls: string[] = [];
  const resolver: Resolver = (hostname, _options, callback) => {
    calls.push(hostname);
    const answers = table[hostname];
    if (!answers) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return { resolver, calls };
}

async function expectFetchError(promise: Promise<unknown>, kind: PageFetchError['kind']) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PageFetchError);
  expect((err as PageFetchError).kind).toBe(kind);
  return err as PageFetchError;
}

describe('page fetcher', () => {
  let shop: http.Server;
  let port = 0;
  let bytesSentForHuge = 0;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    shop = http.createServer((req, res) => {
      const path = req.url ?? '/';
      if (path === '/page') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<html><head><title>상품</title></head><body>ok</body></html>');
      }
      if (path === '/euc-kr') {
        res.writeHead(200, { 'content-type': 'text/html; charset=euc-kr' });
        // "니트" in EUC-KR
        return res.end(
          Buffer.concat([
            Buffer.from('<title>'),
            Buffer.from([0xb4, 0xcf, 0xc6, 0xae]),
            Buffer.from('</title>'),
          ]),
        );
      }
      if (path === '/gzip') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        return res.end(zlib.gzipSync('<title>압축된 페이지</title>'));
      }
      if (path === '/gzip-bomb') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        return res.end(zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)));
      }
      if (path === '/huge') {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const total = 100 * 1024 * 1024;
        const pump = () => {
          while (bytesSentForHuge < total) {
            bytesSentForHuge += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.write('<html><head><meta property="og:title" content="큰 페이지"></head><body>');
        return pump();
      }
      if (path === '/hang') return; // never answers
      const redirect = /^\/r(\d+)$/.exec(path);
      if (redirect) {
        const n = Number(redirect[1]);
        res.writeHead(302, { location: n > 1 ? `/r${n - 1}` : '/page' });
        return res.end();
      }
      if (path === '/to-internal') {
        res.writeHead(302, { location: 'http://internal.test/admin' });
        return res.end();
      }
      if (path === '/to-metadata') {
        res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      }
      if (path === '/to-ipv6-loopback') {
        res.writeHead(307, { location: 'http://[::1]/' });
        return res.end();
      }
      if (path === '/json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{}');
      }
      if (path === '/image.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(Buffer.alloc(1000, 1));
      }
      if (path === '/big-image') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.end(Buffer.alloc(11 * 1024 * 1024, 1));
      }
      if (path === '/declared-big-image') {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(50 * 1024 * 1024) });
        return res.write(Buffer.alloc(10));
      }
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<title>없음</title>');
    });
    shop.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    port = (shop.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => shop.close(resolve));
  });

  describe('with the address check on (injected DNS, fail-safe connector)', () => {
    const dns = fakeDns({
      'shop.test': [PRETEND_PUBLIC],
      'internal.test': ['10.0.0.5'],
      'metadata.test': ['169.254.169.254'],
      'cgnat.test': ['100.64.1.1'],
      'mixed.test': [PRETEND_PUBLIC, '192.168.0.10'],
      'v6-private.test': ['fd00::1'],
      'v6-linklocal.test': ['fe80::1'],
      'nat64.test': ['64:ff9b::a9fe:a9fe'],
      'mapped.test': ['::ffff:10.0.0.1'],
      'localhost.test': ['127.0.0.1', '::1'],
    });
    const safety = failSafeConnector(() => port);
    const fetcher = createPageFetcher({
      allowPrivate: false,
      resolver: dns.resolver,
      connect: safety.connect,
    });

    it('reads a page from a host that resolves to a public address (pinned to that address)', async () => {
      const before = dns.calls.length;
      const page = await fetcher.fetchPage('http://shop.test/page');
      expect(page.html).toContain('상품');
      expect(dns.calls.length - before).toBe(1);
      expect(safety.attempts.at(-1)).toMatchObject({
        address: PRETEND_PUBLIC,
        port: 80,
        hostname: 'shop.test',
      });
    });

    it.each([
      'internal.test',
      'metadata.test',
      'cgnat.test',
      'mixed.test',
      'v6-private.test',
      'v6-linklocal.test',
      'nat64.test',
      'mapped.test',
      'localhost.test',
    ])('refuses %s before connecting', async (host) => {
      const attempts = safety.attempts.length;
      await expectFetchError(fetcher.fetchPage(`http://${host}/`), 'blocked');
      expect(safety.attempts.length).toBe(attempts);
    });

    it.each([
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.0.1/',
      'http://100.100.100.200/',
      'http://198.18.0.1/',
      'http://[fd00:ec2::254]/',
      'http://[fe80::a9fe:a9fe]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:a9fe:a9fe::1]/',
      'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
      'http://[ff02::1]/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
    ])('refuses the literal %s before connecting', async (url) => {
      const attempts = safety.attempts.length;
      await expectFetchError(fetcher.fetchPage(url), 'blocked');
      expect(safety.attempts.length).toBe(attempts);
    });

    it('re-checks every redirect hop and refuses one that leads inside', async () => {
      for (const path of ['/to-internal', '/to-metadata', '/to-ipv6-loopback']) {
        const attempts = safety.attempts.length;
        await expectFetchError(fetcher.fetchPage(`http://shop.test${path}`), 'blocked');
        // Only the first hop (the public shop) was connected to.
        expect(safety.attempts.slice(attempts).map((a) => a.address)).toEqual([PRETEND_PUBLIC]);
      }
    });

    it('allows only http and https on ports 80 and 443', async () => {
      await expectFetchError(fetcher.fetchPage('http://shop.test:8080/page'), 'blocked');
      await expectFetchError(fetcher.fetchPage('http://shop.test:22/'), 'blocked');
      for (const url of [
        'ftp://shop.test/',
        'file:///etc/passwd',
        'gopher://shop.test/',
        'javascript:alert(1)',
        'data:text/html,hi',
        'not a url',
      ]) {
        await expectFetchError(fetcher.fetchPage(url), 'invalid-url');
      }
      await expectFetchError(fetcher.fetchPage('http://user:pass@shop.test/page'), 'invalid-url');
    });

    it('answers a DNS failure as a network error', async () => {
      await expectFetchError(fetcher.fetchPage('http://nowhere.test/'), 'network');
    });

    it('never asks DNS twice for one hop, so a second answer cannot differ', async () => {
      let calls = 0;
      const flipping: Resolver = (_host, _opts, cb) => {
        calls++;
        cb(null, [{ address: calls === 1 ? PRETEND_PUBLIC : '10.0.0.1', family: 4 }]);
      };
      const own = failSafeConnector(() => port);
      const f = createPageFetcher({ allowPrivate: false, resolver: flipping, connect: own.connect });
      await f.fetchPage('http://rebind.test/page');
      expect(calls).toBe(1);
      expect(own.attempts.map((a) => a.address)).toEqual([PRETEND_PUBLIC]);
    });
  });

  describe('the real resolver and connector with the switch off', () => {
    const attempts: ConnectTarget[] = [];
    const recording: Connector = (t) => {
      attempts.push(t);
      if (!isLoopback(t.address)) throw new Error(`test refused to connect to ${t.address}`);
      return defaultConnector(t);
    };
    const fetcher = createPageFetcher({ allowPrivate: false, connect: recording });

    it.each([
      'http://127.0.0.1/',
      'http://127.1.2.3/',
      'http://[::1]/',
      'http://localhost/',
      'http://LOCALHOST./',
      'http://app.localhost/',
      'http://0.0.0.0/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::]/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'https://127.0.0.1/',
    ])('refuses %s', async (url) => {
      await expectFetchError(fetcher.fetchPage(url), 'blocked');
      expect(attempts).toEqual([]);
    });

    it('refuses the loopback shop on its own port (the port rule)', async () => {
      const err = await expectFetchError(fetcher.fetchPage(`http://127.0.0.1:${port}/page`), 'blocked');
      expect(err.message).toContain('port');
      expect(attempts).toEqual([]);
    });
  });

  describe('with LINK_IMPORT_ALLOW_PRIVATE (loopback shop on any port)', () => {
    const fetcher = createPageFetcher({ allowPrivate: true });
    const base = () => `http://127.0.0.1:${port}`;

    it('reads pages, decodes the declared charset and gzip', async () => {
      expect((await fetcher.fetchPage(`${base()}/page`)).html).toContain('<title>상품</title>');
      expect((await fetcher.fetchPage(`${base()}/euc-kr`)).html).toBe('<title>니트</title>');
      expect((await fetcher.fetchPage(`${base()}/gzip`)).html).toContain('압축된 페이지');
    });

    it('stops reading a 100 MB page at 2 MB', async () => {
      const started = Date.now();
      const page = await fetcher.fetchPage(`${base()}/huge`);
      expect(page.truncated).toBe(true);
      expect(Buffer.byteLength(page.html)).toBeLessThanOrEqual(2 * 1024 * 1024);
      expect(Buffer.byteLength(page.html)).toBeGreaterThan(2 * 1024 * 1024 - 16);
      expect(page.html).toContain('큰 페이지');
      expect(Date.now() - started).toBeLessThan(3000);
      await new Promise((r) => setTimeout(r, 200));
      expect(bytesSentForHuge).toBeLessThan(20 * 1024 * 1024);
    });

    it('caps a gzip bomb by its decoded size', async () => {
      const page = await fetcher.fetchPage(`${base()}/gzip-bomb`);
      expect(page.truncated).toBe(true);
      expect(page.html.length).toBe(2 * 1024 * 1024);
    });

    it('gives up on a page that never answers after about 5 seconds', async () => {
      const started = Date.now();
      await expectFetchError(fetcher.fetchPage(`${base()}/hang`), 'timeout');
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(4900);
      expect(elapsed).toBeLessThan(6500);
    }, 10_000);

    it('follows at most 3 redirects', async () => {
      expect((await fetcher.fetchPage(`${base()}/r3`)).url).toBe(`${base()}/page`);
      await expectFetchError(fetcher.fetchPage(`${base()}/r4`), 'too-many-redirects');
      await expectFetchError(fetcher.fetchPage(`${base()}/r10`), 'too-many-redirects');
    });

    it('parses only HTML and answers error statuses as errors', async () => {
      await expectFetchError(fetcher.fetchPage(`${base()}/json`), 'not-html');
      await expectFetchError(fetcher.fetchPage(`${base()}/image.png`), 'not-html');
      await expectFetchError(fetcher.fetchPage(`${base()}/missing`), 'http-status');
    });

    it('downloads images of image types only, up to 10 MB', async () => {
      const image = await fetcher.fetchImage(`${base()}/image.png`);
      expect(image.contentType).toBe('image/png');
      expect(image.body.length).toBe(1000);
      await expectFetchError(fetcher.fetchImage(`${base()}/page`), 'not-image');
      await expectFetchError(fetcher.fetchImage(`${base()}/big-image`), 'too-large');
      await expectFetchError(fetcher.fetchImage(`${base()}/declared-big-image`), 'too-large');
      await expectFetchError(fetcher.fetchImage(`${base()}/gzip-bomb`), 'not-image');
    });

    it('keeps the scheme rule even when private addresses are allowed', async () => {
      await expectFetchError(fetcher.fetchPage('file:///etc/passwd'), 'invalid-url');
    });
  });
});
