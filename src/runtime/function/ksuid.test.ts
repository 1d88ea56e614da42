import { describe, expect, test } from 'vitest';
import { decodeKsuid, encodeKsuid } from './ksuid.js';
import { harness } from '../../../test/support/function-testing.js';

describe('ksuid', () => {
  test('ksuid converts between bytes and base62 text (ksuid.yaml, ksuid.md)', () => {
    const h = harness();
    const f = h.fn('ksuid');
    expect(f('"24eT188EIisOiwVWwmej1h9t4Ms"')).toBe('0x0e8afd4a5a0a2372e218818aa996ad96f5739dd2');
    expect(f('0x0e8afd4a5a0a2372e218818aa996ad96f5739dd2')).toBe('"24eT188EIisOiwVWwmej1h9t4Ms"');
    expect(f('0x0dfc90519b60f362e84a3fdddd9b9e63e1fb90d1')).toBe('"1zjJzTWWCJNVrGwqB8kZwhTM2fR"');
    expect(f('null(bytes)')).toBe('error("ksuid: illegal null argument")');
    expect(f('null(string)')).toBe('error({message:"ksuid: Valid encoded KSUIDs are 27 characters",on:null(string)})');
    expect(f('null')).toBe('error({message:"ksuid: argument must a bytes or string type",on:null})');
    expect(f('0x01')).toBe('error({message:"ksuid: Valid KSUIDs are 20 bytes",on:0x01})');
    expect(f('"zzzzzzzzzzzzzzzzzzzzzzzzzzz"')).toBe(
      'error({message:"ksuid: Valid encoded KSUIDs are bounded by 000000000000000000000000000 and aWgEPTl1tmebfsQzFP4bxwgy80V",on:"zzzzzzzzzzzzzzzzzzzzzzzzzzz"})',
    );
  });

  test('ksuid() makes a 20-byte id from the clock and random bytes (ksuid-new.yaml)', () => {
    const h = harness({ now: () => 1_400_000_001_000_000_000n, randomBytes: (b) => b.fill(0xab) });
    expect(h.call('ksuid')).toBe('0x00000001abababababababababababababababab');
    expect(h.call('len', h.call('ksuid'))).toBe('20');
    expect(encodeKsuid(new Uint8Array(20))).toBe('000000000000000000000000000');
    expect(decodeKsuid('aWgEPTl1tmebfsQzFP4bxwgy80V')).toEqual(new Uint8Array(20).fill(255));
  });
});
