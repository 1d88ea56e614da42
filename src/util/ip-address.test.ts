import { describe, expect, it } from 'vitest';
import { addressScope, parseIp, parseIpv6 } from './ip-address.js';

const scope = (text: string) => {
  const ip = parseIp(text);
  if (ip === null) throw new Error(`not an address: ${text}`);
  return addressScope(ip);
};

describe('IP addresses', () => {
  it('parseIpv6 reads compressed, full, bracketed, zoned and dotted-quad forms', () => {
    expect([...parseIpv6('::1')!]).toEqual([...new Array(15).fill(0), 1]);
    expect(parseIpv6('0:0:0:0:0:0:0:1')).toEqual(parseIpv6('::1'));
    expect(parseIpv6('[fe80::1%eth0]')).toEqual(parseIpv6('fe80::1'));
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual(parseIpv6('::ffff:7f00:1'));
    for (const bad of ['1::2::3', ':1', '1:2:3:4:5:6:7:8:9', '12345::', 'g::1', '1.2.3.4', '::1.2.3']) expect(parseIpv6(bad)).toBeNull();
  });

  it('parseIp refuses names and odd IPv4 forms (URL parsing has made those dotted quads already)', () => {
    for (const bad of ['localhost', '256.0.0.1', '1.2.3', '01.2.3.4.5', '']) expect(parseIp(bad)).toBeNull();
  });

  it('addressScope tells the ranges a server must not reach unasked from public ones', () => {
    const cases: [string, string][] = [
      ['8.8.8.8', 'public'],
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['10.0.0.1', 'private'],
      ['172.16.0.1', 'private'],
      ['172.32.0.1', 'public'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['100.64.0.1', 'shared'],
      ['100.128.0.1', 'public'],
      ['0.0.0.0', 'unspecified'],
      ['224.0.0.1', 'reserved'],
      ['255.255.255.255', 'reserved'],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['fe80::1', 'link-local'],
      ['fd00::1', 'private'],
      ['fc00::1', 'private'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:a9fe:a9fe', 'link-local'],
      ['::ffff:8.8.8.8', 'public'],
      ['64:ff9b::10.0.0.1', 'private'],
      ['2002:7f00:1::', 'loopback'],
      ['2606:4700::1111', 'public'],
    ];
    for (const [text, want] of cases) expect([text, scope(text)]).toEqual([text, want]);
  });
});
