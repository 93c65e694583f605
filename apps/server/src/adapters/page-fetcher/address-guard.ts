import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses link import may connect to. Only globally routable unicast addresses pass; everything
 * else (loopback, private, link-local with the cloud metadata address, CGNAT, multicast, documentation,
 * benchmarking, reserved) is refused, and IPv6 forms that carry an IPv4 address are judged by that address
 * or refused outright.
 */
export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * Reason → the ranges it covers, turned into ipaddr.js's range list. The tables are ours, not ipaddr.js's
 * `range()`: that one lumps documentation, benchmarking and 240/4 into one 'reserved' and, for IPv6, refuses all
 * of 2001::/23, and it names a 6to4 or NAT64 address without judging the IPv4 address inside.
 */
function rangeList<T extends ipaddr.IPv4 | ipaddr.IPv6>(
  table: Record<string, string[]>,
  parseCIDR: (cidr: string) => [T, number],
): Record<string, [T, number][]> {
  return Object.fromEntries(Object.entries(table).map(([reason, cidrs]) => [reason, cidrs.map(parseCIDR)]));
}

// IANA IPv4 Special-Purpose Address Registry, plus multicast and the reserved 240/4 (with 255.255.255.255).
const BLOCKED_V4 = rangeList(
  {
    'this-network': ['0.0.0.0/8'],
    private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
    cgnat: ['100.64.0.0/10'],
    loopback: ['127.0.0.0/8'],
    'link-local': ['169.254.0.0/16'],
    'ietf-protocol': ['192.0.0.0/24'],
    documentation: ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'],
    as112: ['192.31.196.0/24', '192.175.48.0/24'],
    amt: ['192.52.193.0/24'],
    '6to4-relay': ['192.88.99.0/24'],
    benchmarking: ['198.18.0.0/15'],
    multicast: ['224.0.0.0/4'],
    reserved: ['240.0.0.0/4'],
  },
  (cidr) => ipaddr.IPv4.parseCIDR(cidr),
);

// Matched in this order (subnetMatch answers the first reason whose range holds the address), so the
// exact ::/128 and ::1/128 come before ::/96, and everything outside global unicast 2000::/3 is 'reserved' last.
const V6 = rangeList(
  {
    unspecified: ['::/128'],
    loopback: ['::1/128'],
    // ::ffff:a.b.c.d and the deprecated ::a.b.c.d: a public site never answers with these.
    'ipv4-mapped': ['::ffff:0:0/96'],
    'ipv4-compatible': ['::/96'],
    // NAT64 well-known prefix: the gateway connects to the embedded IPv4 address (judged below).
    nat64: ['64:ff9b::/96'],
    'nat64-local': ['64:ff9b:1::/48'],
    discard: ['100::/64'],
    teredo: ['2001::/32'],
    benchmarking: ['2001:2::/48'],
    orchid: ['2001:10::/28', '2001:20::/28'],
    documentation: ['2001:db8::/32', '3fff::/20'],
    srv6: ['5f00::/16'],
    'unique-local': ['fc00::/7'],
    'link-local': ['fe80::/10'],
    'site-local': ['fec0::/10'],
    multicast: ['ff00::/8'],
    // 6to4: the relay reaches the IPv4 address in bits 16–47 (judged below).
    '6to4': ['2002::/16'],
    reserved: ['::/3', '4000::/2', '8000::/1'],
  },
  (cidr) => ipaddr.IPv6.parseCIDR(cidr),
);

function classifyV4(ip: ipaddr.IPv4): AddressVerdict {
  const reason = ipaddr.subnetMatch(ip, BLOCKED_V4, 'unicast');
  return reason === 'unicast' ? { allowed: true } : { allowed: false, reason };
}

/** The IPv4 address in `bytes[from, from + 4)` of an IPv6 address, judged on its own; the reason says how it came. */
function embeddedV4(bytes: number[], from: number, via: string): AddressVerdict {
  const inner = classifyV4(new ipaddr.IPv4(bytes.slice(from, from + 4)));
  return inner.allowed ? inner : { allowed: false, reason: `${via}-${inner.reason}` };
}

function classifyV6(ip: ipaddr.IPv6): AddressVerdict {
  const reason = ipaddr.subnetMatch(ip, V6, 'unicast');
  if (reason === 'nat64') return embeddedV4(ip.toByteArray(), 12, 'nat64');
  if (reason === '6to4') return embeddedV4(ip.toByteArray(), 2, '6to4');
  return reason === 'unicast' ? { allowed: true } : { allowed: false, reason };
}

/**
 * A strict dotted quad (four decimal octets, no leading zeros) as an address; null for anything else. node's
 * isIPv4 is the gate: ipaddr.js alone would also read `0x7f.1` or `017700000001`.
 */
export function parseIPv4(text: string): ipaddr.IPv4 | null {
  return isIPv4(text) ? ipaddr.IPv4.parse(text) : null;
}

const hexPair = (high: string, low: string) => ((Number(high) << 8) | Number(low)).toString(16);

/** An IPv6 text without zone id as an address; null when it is not one. */
function ipv6Of(text: string): ipaddr.IPv6 | null {
  if (!isIPv6(text) || text.includes('%')) return null;
  // ipaddr.js reads the deprecated IPv4-compatible `::a.b.c.d` as the mapped `::ffff:a.b.c.d`. Written as its
  // two hex groups first (isIPv6 checked it is a strict dotted quad), a dotted tail is read as written.
  const hex = text.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_, a: string, b: string, c: string, d: string) => `${hexPair(a, b)}:${hexPair(c, d)}`,
  );
  return ipaddr.IPv6.isValid(hex) ? ipaddr.IPv6.parse(hex) : null;
}

/** An IPv6 text without zone id → its 16 bytes; null when it is not one. */
export function parseIPv6(text: string): number[] | null {
  return ipv6Of(text)?.toByteArray() ?? null;
}

/** Judges one resolved address (canonical IPv4 or IPv6 text). Anything unparsable is refused. */
export function classifyAddress(address: string): AddressVerdict {
  const ip4 = parseIPv4(address);
  if (ip4 !== null) return classifyV4(ip4);
  const ip6 = ipv6Of(address.replace(/^\[|\]$/g, ''));
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
