import { describe, expect, it } from 'vitest';
import { formatIP, formatNet, makeNet, maskBits, parseIP, parseNet } from './ip.js';

const v6 = (...groups: number[]) => {
  const b = new Uint8Array(16);
  groups.forEach((g, i) => {
    b[i * 2] = g >> 8;
    b[i * 2 + 1] = g & 0xff;
  });
  return b;
};

describe('parseIP (IPv4, as netip.ParseAddr)', () => {
  it('parses dotted quads', () => {
    expect([...parseIP('1.2.3.4')!]).toEqual([1, 2, 3, 4]);
    expect([...parseIP('0.0.0.0')!]).toEqual([0, 0, 0, 0]);
    expect([...parseIP('255.255.255.255')!]).toEqual([255, 255, 255, 255]);
    expect([...parseIP('10.0.100.1')!]).toEqual([10, 0, 100, 1]);
  });

  it('rejects leading zeros, out-of-range octets and bad shapes', () => {
    for (const s of [
      '01.2.3.4', '1.2.3.00', '1.2.3.010', '256.1.1.1', '1.2.3.1000', '1.2.3', '1.2.3.4.5', '1..2.3',
      '.1.2.3', '1.2.3.', '', ' 1.2.3.4', '1.2.3.4 ', '1.2.3.x', '1.2.3.4%eth0', '1.2.3.4/8',
    ]) {
      expect(parseIP(s), s).toBeNull();
    }
  });
});

describe('parseIP (IPv6, as netip.ParseAddr)', () => {
  it('parses full, compressed and mixed-case forms', () => {
    expect(parseIP('::')).toEqual(new Uint8Array(16));
    expect(parseIP('::1')).toEqual(v6(0, 0, 0, 0, 0, 0, 0, 1));
    expect(parseIP('1::')).toEqual(v6(1));
    expect(parseIP('2001:db8::68')).toEqual(v6(0x2001, 0xdb8, 0, 0, 0, 0, 0, 0x68));
    expect(parseIP('1:2:3:4:5:6:7:8')).toEqual(v6(1, 2, 3, 4, 5, 6, 7, 8));
    expect(parseIP('1:2:3:4:5:6:7::')).toEqual(v6(1, 2, 3, 4, 5, 6, 7, 0));
    expect(parseIP('::2:3:4:5:6:7:8')).toEqual(v6(0, 2, 3, 4, 5, 6, 7, 8));
    expect(parseIP('1:2::7:8')).toEqual(v6(1, 2, 0, 0, 0, 0, 7, 8));
    expect(parseIP('ABCD:EF01::')).toEqual(v6(0xabcd, 0xef01));
    expect(parseIP('0001:0002::00ff')).toEqual(v6(1, 2, 0, 0, 0, 0, 0, 0xff));
  });

  it('parses an embedded IPv4 in the last 32 bits', () => {
    expect(parseIP('::ffff:1.2.3.4')).toEqual(Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4));
    expect(parseIP('::1.2.3.4')).toEqual(Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4));
    expect(parseIP('64:ff9b::192.0.2.33')).toEqual(Uint8Array.of(0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0, 192, 0, 2, 33));
    expect(parseIP('1:2:3:4:5:6:1.2.3.4')).toEqual(Uint8Array.of(0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 1, 2, 3, 4));
  });

  it('drops a zone but rejects an empty one', () => {
    expect(parseIP('fe80::1%eth0')).toEqual(v6(0xfe80, 0, 0, 0, 0, 0, 0, 1));
    expect(parseIP('fe80::1%')).toBeNull();
  });

  it('rejects malformed addresses', () => {
    for (const s of [
      '1:2:3:4:5:6:7:8::', '::1:2:3:4:5:6:7:8', '1::2::3', ':1::', '1:::2', '12345::', '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9', 'g::', '1:', ':', ':::', '::ffff:1.2.3', '::ffff:01.2.3.4', '::ffff:1.2.3.256',
      '1:2:3:4:5:6:7:1.2.3.4', '1:2:3:4:5:1.2.3.4', '::1.2.3.4:5', '1.2.3.4::', '[::1]', '::1 ',
    ]) {
      expect(parseIP(s), s).toBeNull();
    }
  });
});

describe('formatIP (as netip.Addr.String)', () => {
  it('formats IPv4 and IPv4-mapped IPv6', () => {
    expect(formatIP(Uint8Array.of(192, 168, 0, 1))).toBe('192.168.0.1');
    expect(formatIP(parseIP('::ffff:10.0.0.1')!)).toBe('::ffff:10.0.0.1');
  });

  it('compresses the longest run of two or more zero groups, the first on a tie', () => {
    const cases: [Uint8Array, string][] = [
      [v6(), '::'],
      [v6(0, 0, 0, 0, 0, 0, 0, 1), '::1'],
      [v6(1), '1::'],
      [v6(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1), '2001:db8::1'],
      [v6(1, 0, 0, 2, 0, 0, 0, 3), '1:0:0:2::3'],
      [v6(1, 0, 0, 2, 0, 0, 3, 4), '1::2:0:0:3:4'],
      [v6(1, 0, 2, 3, 4, 5, 6, 7), '1:0:2:3:4:5:6:7'],
      [v6(1, 2, 3, 4, 5, 6, 7, 8), '1:2:3:4:5:6:7:8'],
      [v6(0xabcd, 0x0ef0, 0, 0, 0, 0, 0, 0x00ff), 'abcd:ef0::ff'],
      [v6(0, 0, 0, 0, 0, 0, 0x0102, 0x0304), '::102:304'],
      [v6(0, 0, 0, 0, 0, 0xfffe, 0x0102, 0x0304), '::fffe:102:304'],
    ];
    for (const [b, s] of cases) expect(formatIP(b)).toBe(s);
  });

  it('round-trips parse and format to the canonical text', () => {
    const canon: [string, string][] = [
      ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
      ['0:0:0:0:0:ffff:7f00:1', '::ffff:127.0.0.1'],
      ['fe80:0000::0001', 'fe80::1'],
      ['1.2.3.4', '1.2.3.4'],
    ];
    for (const [input, out] of canon) expect(formatIP(parseIP(input)!)).toBe(out);
  });
});

describe('nets', () => {
  it('mask the address and store the mask', () => {
    expect([...parseNet('10.1.2.3/8')!]).toEqual([10, 0, 0, 0, 255, 0, 0, 0]);
    expect([...parseNet('10.1.255.3/20')!]).toEqual([10, 1, 240, 0, 255, 255, 240, 0]);
    expect([...parseNet('1.2.3.4/0')!]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect([...parseNet('1.2.3.4/32')!]).toEqual([1, 2, 3, 4, 255, 255, 255, 255]);
    const n = parseNet('2001:db8::1/32')!;
    expect(n.length).toBe(32);
    expect(formatNet(n)).toBe('2001:db8::/32');
  });

  it('format as netip.Prefix.String', () => {
    expect(formatNet(parseNet('10.1.2.3/8')!)).toBe('10.0.0.0/8');
    expect(formatNet(parseNet('::ffff:1.2.3.4/120')!)).toBe('::ffff:1.2.3.0/120');
    expect(formatNet(parseNet('::/0')!)).toBe('::/0');
    expect(formatNet(parseNet('fe80::1/128')!)).toBe('fe80::1/128');
    expect(formatNet(parseNet('192.168.1.77/27')!)).toBe('192.168.1.64/27');
  });

  it('rejects bad prefixes', () => {
    for (const s of ['10.0.0.0', '10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/x', '10.0.0.0/-1', 'fe80::1%eth0/64', '/8', '01.0.0.0/8']) {
      expect(parseNet(s), s).toBeNull();
    }
  });

  it('makeNet and maskBits agree for every prefix length', () => {
    const addr = new Uint8Array(16).fill(0xff);
    for (let bits = 0; bits <= 128; bits++) {
      const n = makeNet(addr, bits);
      expect(maskBits(n.subarray(16))).toBe(bits);
      expect([...n.subarray(0, 16)]).toEqual([...n.subarray(16)]);
    }
  });
});
