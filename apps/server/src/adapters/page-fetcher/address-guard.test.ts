import { describe, expect, it } from 'vitest';
import { classifyAddress, isAmbiguousNumericHost, parseIPv6 } from './address-guard.js';

const blocked = (address: string) => classifyAddress(address);

describe('address guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'this-network'],
    ['0.1.2.3', 'this-network'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.0.0.8', 'ietf-protocol'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
  ])('refuses IPv4 %s (%s)', (address, reason) => {
    expect(blocked(address)).toEqual({ allowed: false, reason });
  });

  it.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'ipv4-mapped'],
    ['::ffff:7f00:1', 'ipv4-mapped'],
    ['::ffff:8.8.8.8', 'ipv4-mapped'],
    ['::127.0.0.1', 'ipv4-compatible'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['64:ff9b::7f00:1', 'nat64-loopback'],
    ['64:ff9b::a9fe:a9fe', 'nat64-link-local'],
    ['64:ff9b::10.1.2.3', 'nat64-private'],
    ['64:ff9b:1::8.8.8.8', 'nat64-local'],
    ['2002:7f00:1::1', '6to4-loopback'],
    ['2002:a9fe:a9fe::', '6to4-link-local'],
    ['2002:c0a8:0101::1', '6to4-private'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['2001:db8::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['100::1', 'discard'],
    ['4000::1', 'reserved'],
    ['fd00:ec2::254', 'unique-local'],
  ])('refuses IPv6 %s (%s)', (address, reason) => {
    expect(blocked(address)).toEqual({ allowed: false, reason });
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '198.20.0.1',
    '2606:4700:4700::1111',
    '2404:6800:4004:80a::200e',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(blocked(address)).toEqual({ allowed: true });
  });

  // Where ipaddr.js's own range() names would draw the line elsewhere (its 'reserved' takes in all of 2001::/23,
  // its as112v6 and amt are globally routable anycast): the guard keeps its own table.
  it.each([
    ['192.88.99.1', '6to4-relay'],
    ['192.31.196.1', 'as112'],
    ['192.175.48.1', 'as112'],
    ['192.52.193.1', 'amt'],
    ['::ffff:0:7f00:1', 'reserved'],
    ['::8.8.8.8', 'ipv4-compatible'],
    ['64:ff9b::c0a8:101', 'nat64-private'],
    ['64:ff9b::e000:1', 'nat64-multicast'],
    ['64:ff9b::ffff:ffff', 'nat64-reserved'],
    ['2002:e000:1::', '6to4-multicast'],
    ['2002:c000:201::', '6to4-documentation'],
    ['2001:10::1', 'orchid'],
    ['2001:20::1', 'orchid'],
    ['3fff::1', 'documentation'],
    ['5f00::1', 'srv6'],
  ])('refuses %s (%s), as before ipaddr.js', (address, reason) => {
    expect(blocked(address)).toEqual({ allowed: false, reason });
  });

  it.each([
    '2001:3::1',
    '2001:4:112::1',
    '2620:4f:8000::1',
    '2001:30::1',
    '2001:200::1',
    '2000::1',
    '3ffe::1',
  ])('allows %s, which ipaddr.js files under a special range', (address) => {
    expect(blocked(address)).toEqual({ allowed: true });
  });

  it('refuses what is not an address, zone ids included', () => {
    expect(blocked('localhost')).toEqual({ allowed: false, reason: 'not-an-ip' });
    expect(blocked('fe80::1%eth0')).toEqual({ allowed: false, reason: 'not-an-ip' });
    expect(blocked('2130706433')).toEqual({ allowed: false, reason: 'not-an-ip' });
    expect(blocked('0177.0.0.1')).toEqual({ allowed: false, reason: 'not-an-ip' });
  });

  it('parses IPv6 with an embedded dotted quad', () => {
    expect(Array.from(parseIPv6('::ffff:1.2.3.4')!)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4,
    ]);
    expect(parseIPv6('1::2::3')).toBeNull();
  });

  it('flags hosts that only a lenient resolver would read as numbers', () => {
    expect(isAmbiguousNumericHost('0x7f.1')).toBe(true);
    expect(isAmbiguousNumericHost('017700000001')).toBe(true);
    expect(isAmbiguousNumericHost('127.0.0.1')).toBe(false);
    expect(isAmbiguousNumericHost('29cm.co.kr')).toBe(false);
    expect(isAmbiguousNumericHost('shop.example')).toBe(false);
  });

  it('odd IPv4 spellings all reach the guard as the loopback dotted quad (WHATWG URL parsing)', () => {
    for (const host of ['2130706433', '0x7f000001', '0177.0.0.1', '127.1', '0x7f.1', '127.000.000.001']) {
      const hostname = new URL(`http://${host}/`).hostname;
      expect(hostname).toBe('127.0.0.1');
      expect(blocked(hostname)).toEqual({ allowed: false, reason: 'loopback' });
    }
    expect(new URL('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
  });
});
