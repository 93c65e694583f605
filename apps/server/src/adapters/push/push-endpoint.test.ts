import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { createPushEndpointGuard, PushEndpointError } from './push-endpoint.js';

/** Answers from a table; never the network. */
function resolverOf(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolver = (
    host: string,
    _o: { all: true },
    cb: (err: NodeJS.ErrnoException | null, a: LookupAddress[]) => void,
  ) => {
    asked.push(host);
    const found = table[host];
    if (!found) return cb(Object.assign(new Error('nx'), { code: 'ENOTFOUND' }), []);
    cb(
      null,
      found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return { resolver, asked };
}

const kindOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'allowed';
  } catch (err) {
    if (err instanceof PushEndpointError) return err.kind;
    throw err;
  }
};

describe('push endpoint guard', () => {
  const { resolver, asked } = resolverOf({
    'fcm.googleapis.com': ['142.250.196.106', '2404:6800:4004:827::200a'],
    'evil.test': ['93.184.216.34', '127.0.0.1'],
    'mapped.test': ['::ffff:10.0.0.1'],
    'nat64.test': ['64:ff9b::a9fe:a9fe'],
    'sixtofour.test': ['2002:c0a8:0101::1'],
  });
  const guard = createPushEndpointGuard({ allowPrivate: false, resolver });

  it('accepts a public https endpoint and returns every checked address, IPv4 first', async () => {
    const checked = await guard('https://fcm.googleapis.com/fcm/send/abc:def');
    expect(checked.tls).toBe(true);
    expect(checked.port).toBe(443);
    expect(checked.hostname).toBe('fcm.googleapis.com');
    expect(checked.addresses.map((a) => a.family)).toEqual([4, 6]);
  });

  it.each([
    ['http://fcm.googleapis.com/x', 'not-https'],
    ['ftp://fcm.googleapis.com/x', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['not a url', 'invalid'],
    ['https://user:pw@fcm.googleapis.com/x', 'invalid'],
    ['https://fcm.googleapis.com:8443/x', 'not-public'],
    ['https://localhost/x', 'not-public'],
    ['https://a.b.localhost./x', 'not-public'],
    ['https://127.0.0.1/x', 'not-public'],
    ['https://127.1/x', 'not-public'],
    ['https://2130706433/x', 'not-public'],
    ['https://0x7f000001/x', 'not-public'],
    ['https://0177.0.0.1/x', 'not-public'],
    ['https://[::1]/x', 'not-public'],
    ['https://[::ffff:127.0.0.1]/x', 'not-public'],
    ['https://[::ffff:a9fe:a9fe]/x', 'not-public'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/x', 'not-public'],
    ['https://10.1.2.3/x', 'not-public'],
    ['https://100.64.0.1/x', 'not-public'],
    ['https://169.254.169.254/x', 'not-public'],
    ['https://[fd00::1]/x', 'not-public'],
    ['https://[fe80::1]/x', 'not-public'],
    ['https://evil.test/x', 'not-public'],
    ['https://mapped.test/x', 'not-public'],
    ['https://nat64.test/x', 'not-public'],
    ['https://sixtofour.test/x', 'not-public'],
    ['https://nowhere.test/x', 'unresolvable'],
  ])('%s → %s', async (endpoint, kind) => {
    expect(await kindOf(guard(endpoint))).toBe(kind);
  });

  it('never asks DNS for a literal address or a refused name', async () => {
    asked.length = 0;
    await kindOf(guard('https://127.0.0.1/x'));
    await kindOf(guard('https://[::1]/x'));
    await kindOf(guard('https://localhost/x'));
    await kindOf(guard('http://fcm.googleapis.com/x'));
    expect(asked).toEqual([]);
  });

  it('with PUSH_ALLOW_PRIVATE lets http: and loopback through (tests only)', async () => {
    const open = createPushEndpointGuard({ allowPrivate: true, resolver });
    expect(await kindOf(open('http://127.0.0.1:9999/push/1'))).toBe('allowed');
    expect(await kindOf(open('https://evil.test:8443/x'))).toBe('allowed');
    expect(await kindOf(open('ftp://127.0.0.1/x'))).toBe('invalid');
  });

  it('gives up on a resolver that never answers', async () => {
    const slow = createPushEndpointGuard({ allowPrivate: false, resolver: () => {}, timeoutMs: 50 });
    expect(await kindOf(slow('https://fcm.googleapis.com/x'))).toBe('unresolvable');
  });
});
