import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses link import may connect to. Only globally routable unicast addresses pass; everything
 * else (loopback, private, link-local with the cloud metadata address, CGNAT, multicast, documentation,
 * benchmarking, reserved) is refused, and IPv6 forms that carry an IPv4 address are judged by that address
 * or refused outright.
 */
export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

type V4Range = readonly [base: number, prefix: number, reason: string];

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

// IANA IPv4 Special-Purpose Address Registry, plus multicast and the reserved 240/4 (with 255.255.255.255).
const BLOCKED_V4: readonly V4Range[] = [
  [v4(0, 0, 0, 0), 8, 'this-network'],
  [v4(10, 0, 0, 0), 8, 'private'],
  [v4(100, 64, 0, 0), 10, 'cgnat'],
  [v4(127, 0, 0, 0), 8, 'loopback'],
  [v4(169, 254, 0, 0), 16, 'link-local'],
  [v4(172, 16, 0, 0), 12, 'private'],
  [v4(192, 0, 0, 0), 24, 'ietf-protocol'],
  [v4(192, 0, 2, 0), 24, 'documentation'],
  [v4(192, 31, 196, 0), 24, 'as112'],
  [v4(192, 52, 193, 0), 24, 'amt'],
  [v4(192, 88, 99, 0), 24, '6to4-relay'],
  [v4(192, 168, 0, 0), 16, 'private'],
  [v4(192, 175, 48, 0), 24, 'as112'],
  [v4(198, 18, 0, 0), 15, 'benchmarking'],
  [v4(198, 51, 100, 0), 24, 'documentation'],
  [v4(203, 0, 113, 0), 24, 'documentation'],
  [v4(224, 0, 0, 0), 4, 'multicast'],
  [v4(240, 0, 0, 0), 4, 'reserved'],
];

function inV4Range(ip: number, base: number, prefix: number): boolean {
  if (prefix === 0) return true;
  const mask = (~0 << (32 - prefix)) >>> 0;
  return (ip & mask) >>> 0 === (base & mask) >>> 0;
}

/** Strict dotted-quad → 32-bit number; null for anything else (odd spellings never reach here). */
export function parseIPv4(text: string): number | null {
  if (!isIPv4(text)) return null;
  // isIPv4 let through only four decimal octets (0–255, no leading zeros) joined by dots.
  let ip = 0;
  let octet = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e) {
      ip = (ip << 8) | octet;
      octet = 0;
    } else octet = octet * 10 + (c - 0x30);
  }
  return ((ip << 8) | octet) >>> 0;
}

function classifyV4(ip: number): AddressVerdict {
  for (const [base, prefix, reason] of BLOCKED_V4)
    if (inV4Range(ip, base, prefix)) return { allowed: false, reason };
  return { allowed: true };
}

/** An IPv6 text (no zone id) → 16 bytes; null when it is not one. */
export function parseIPv6(text: string): Uint8Array | null {
  if (!isIPv6(text) || text.includes('%')) return null;
  let head = text;
  let tailV4: number | null = null;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    tailV4 = parseIPv4(text.slice(lastColon + 1));
    if (tailV4 === null) return null;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').filter((g) => g !== '') : []);
  const l = groups(left);
  const r = groups(right);
  const missing = 8 - l.length - r.length;
  if (missing < 0 || (right === undefined && missing !== 0)) return null;
  const all = [...l, ...Array<string>(missing).fill('0'), ...r];
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    const n = parseInt(g, 16);
    bytes[i * 2] = n >> 8;
    bytes[i * 2 + 1] = n & 0xff;
  });
  if (tailV4 !== null) {
    bytes[12] = tailV4 >>> 24;
    bytes[13] = (tailV4 >>> 16) & 0xff;
    bytes[14] = (tailV4 >>> 8) & 0xff;
    bytes[15] = tailV4 & 0xff;
  }
  return bytes;
}

/** An IPv6 prefix given as its leading 16-bit groups (the rest zero), read through a DataView. */
function v6(...groups: number[]): DataView {
  const view = new DataView(new ArrayBuffer(16));
  groups.forEach((g, i) => view.setUint16(i * 2, g));
  return view;
}

/** Do the first `bits` bits of `address` equal those of `prefix`? Compared 32 bits at a time. */
function hasPrefix(address: DataView, prefix: DataView, bits: number): boolean {
  for (let offset = 0, left = bits; left > 0; offset += 4, left -= 32) {
    const mask = left >= 32 ? ~0 : ~0 << (32 - left);
    if (((address.getUint32(offset) ^ prefix.getUint32(offset)) & mask) !== 0) return false;
  }
  return true;
}

const BLOCKED_V6: readonly [prefix: DataView, bits: number, reason: string][] = [
  [v6(0x64, 0xff9b, 1), 48, 'nat64-local'],
  [v6(0x100), 64, 'discard'],
  [v6(0x2001, 0x0000), 32, 'teredo'],
  [v6(0x2001, 0x0002, 0), 48, 'benchmarking'],
  [v6(0x2001, 0x0010), 28, 'orchid'],
  [v6(0x2001, 0x0020), 28, 'orchid'],
  [v6(0x2001, 0x0db8), 32, 'documentation'],
  [v6(0x3fff), 20, 'documentation'],
  [v6(0x5f00), 16, 'srv6'],
  [v6(0xfc00), 7, 'unique-local'],
  [v6(0xfe80), 10, 'link-local'],
  [v6(0xfec0), 10, 'site-local'],
  [v6(0xff00), 8, 'multicast'],
];
const NAT64 = v6(0x64, 0xff9b);
const SIX_TO_FOUR = v6(0x2002);
const GLOBAL_UNICAST = v6(0x2000);

function classifyV6(b: Uint8Array): AddressVerdict {
  const zeroTo = (n: number) => b.subarray(0, n).every((x) => x === 0);
  if (zeroTo(15) && b[15] === 0) return { allowed: false, reason: 'unspecified' };
  if (zeroTo(15) && b[15] === 1) return { allowed: false, reason: 'loopback' };
  // ::ffff:a.b.c.d and the deprecated ::a.b.c.d: a public site never answers with these.
  if (zeroTo(10) && b[10] === 0xff && b[11] === 0xff) return { allowed: false, reason: 'ipv4-mapped' };
  if (zeroTo(12)) return { allowed: false, reason: 'ipv4-compatible' };
  const address = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // NAT64 well-known prefix: the gateway connects to the embedded IPv4 address.
  if (hasPrefix(address, NAT64, 96)) {
    const inner = classifyV4(address.getUint32(12));
    return inner.allowed ? inner : { allowed: false, reason: `nat64-${inner.reason}` };
  }
  for (const [prefix, bits, reason] of BLOCKED_V6)
    if (hasPrefix(address, prefix, bits)) return { allowed: false, reason };
  // 6to4: the relay reaches the IPv4 address in bits 16–47.
  if (hasPrefix(address, SIX_TO_FOUR, 16)) {
    const inner = classifyV4(address.getUint32(2));
    return inner.allowed ? inner : { allowed: false, reason: `6to4-${inner.reason}` };
  }
  // Global unicast is 2000::/3; everything else is reserved.
  if (!hasPrefix(address, GLOBAL_UNICAST, 3)) return { allowed: false, reason: 'reserved' };
  return { allowed: true };
}

/** Judges one resolved address (canonical IPv4 or IPv6 text). Anything unparsable is refused. */
export function classifyAddress(address: string): AddressVerdict {
  const ip4 = parseIPv4(address);
  if (ip4 !== null) return classifyV4(ip4);
  const ip6 = parseIPv6(address.replace(/^\[|\]$/g, ''));
  if (ip6 !== null) return classifyV6(ip6);
  return { allowed: false, reason: 'not-an-ip' };
}

/**
 * True for a host that only looks like a number (`0x7f.1`, `017700000001`): the URL parser turns every
 * valid numeric spelling into a dotted quad, so whatever is left is a spelling some resolver might still
 * read as an address.
 */
export function isAmbiguousNumericHost(hostname: string): boolean {
  return /^[0-9a-fx.]+$/i.test(hostname) && /^[0-9]/.test(hostname) && parseIPv4(hostname) === null;
}
