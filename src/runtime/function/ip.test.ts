import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';

describe('ip functions', () => {
  test('network_of with masks and prefixes (network-of.yaml, network_of.md)', () => {
    const h = harness();
    expect(h.call('network_of', '10.1.2.129', '24')).toBe('10.1.2.0/24');
    expect(h.call('network_of', '10.1.2.129', '255.255.255.128')).toBe('10.1.2.128/25');
    expect(h.call('network_of', '10.1.2.129', '255.128.255.255')).toBe('error({message:"network_of: mask is non-contiguous",on:255.128.255.255})');
    expect(h.call('network_of', '10.1.2.129', 'ff::')).toBe(
      'error({message:"network_of: address and mask have different lengths",on:{address:10.1.2.129,mask:ff::}})',
    );
    expect(h.call('network_of', '10.1.2.129', '25(uint8)')).toBe('10.1.2.128/25');
    expect(h.call('network_of', '10.1.2.129', '33')).toBe('error({message:"network_of: CIDR bit count out of range",on:{address:10.1.2.129,mask:33}})');
    expect(h.call('network_of', '10.1.2.129', '"x"')).toBe('error({message:"network_of: bad arg for CIDR mask",on:"x"})');
    expect(h.call('network_of', '2001:db8::1', '32')).toBe('2001:db8::/32');
  });

  test('network_of infers classful networks (cut-mixed-types.yaml)', () => {
    const h = harness();
    expect(h.call('network_of', '10.1.2.129')).toBe('10.0.0.0/8');
    expect(h.call('network_of', '172.16.1.1')).toBe('172.16.0.0/16');
    expect(h.call('network_of', '192.168.1.1')).toBe('192.168.1.0/24');
    expect(h.call('network_of', 'fe80::215:17ff:fe84:c13f')).toBe('error({message:"network_of: not an IPv4 address",on:fe80::215:17ff:fe84:c13f})');
    expect(h.call('network_of', '1')).toBe('error({message:"network_of: not an IP",on:1})');
  });

  test('cidr_match searches values for IPs (cidr_match.md, net-match.yaml)', () => {
    const h = harness();
    const f = h.fn('cidr_match');
    expect(['10.1.2.129', '11.1.2.129', '10', '"foo"'].map((v) => f('10.0.0.0/8', v))).toEqual(['true', 'false', 'false', 'false']);
    expect(['[10.1.2.129,11.1.2.129]', '{a:10.0.0.1}', '{a:11.0.0.1}'].map((v) => f('10.0.0.0/8', v))).toEqual(['true', 'true', 'false']);
    expect(f('[1,2,3]', '10.0.0.1')).toBe('error({message:"cidr_match: not a net",on:[1,2,3]})');
    expect(f('192.168.2.0/24', '{a:192.168.1.1,list:[192.168.1.2,192.168.2.1]}')).toBe('true');
    expect(f('10.0.0.0/8', '::ffff:10.0.0.1')).toBe('false');
    expect(f('null(net)', '10.0.0.1')).toBe('false');
  });
});
