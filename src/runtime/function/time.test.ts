import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';
import { seededRandom } from '../../../test/support/formats.js';
import { encodeInt, TypeDuration, TypeTime, Value } from '../../zed/index.js';
import { lookupFunction } from './registry.js';

describe('time functions', () => {
  test('now uses the context clock', () => {
    const h = harness({ now: () => 1_644_680_916_761_595_000n });
    expect(h.call('now')).toBe('2022-02-12T15:48:36.761595Z');
  });

  test('bucket truncates times and durations (bucket.md)', () => {
    const h = harness();
    const f = h.fn('bucket');
    expect(f('2020-05-26T15:27:47Z', '1h')).toBe('2020-05-26T15:00:00Z');
    expect(f('2020-05-26T15:27:47Z', '60')).toBe('2020-05-26T15:27:00Z');
    expect(f('90m', '1h')).toBe('1h');
    expect(f('"1590506867000000000"', '1h')).toBe('2020-05-26T15:00:00Z');
    expect(f('null(time)', '1h')).toBe('null(time)');
    expect(f('2020-05-26T15:27:47Z', 'null')).toBe('null(time)');
    expect(f('2020-05-26T15:27:47Z', '"x"')).toBe('error({message:"bucket: second argument is not a duration or number",on:"x"})');
    expect(f('1.1.1.1', '1h')).toBe('error({message:"bucket: first argument is not a time",on:1.1.1.1})');
    expect(f('2020-05-26T15:27:47Z', '0s')).toBe('error("divide by zero")');
  });

  test('bucket gives what a fresh bucket gives for times one after another, in order or not, across bucket ends', () => {
    // One instance keeps the last bucket of a non-negative time (its bin
    // the same argument): each answer must be a fresh instance's.
    const h = harness();
    const def = lookupFunction('bucket')!;
    const kept = def.make(h.ectx);
    const r = seededRandom(17);
    const HOUR = 3_600_000_000_000n;
    const bins = [h.v('1h'), h.v('7m'), h.v('1ns'), h.v('60'), h.v('-1h')];
    const times: Value[] = [];
    let t = 1_700_000_000_000_000_000n;
    for (let i = 0; i < 3000; i++) {
      const x = r();
      // Mostly ascending, sometimes back or far, at and around bucket ends, negative, 0, near the top.
      if (x < 0.6) t += BigInt(Math.floor(r() * 1e11));
      else if (x < 0.7) t = (t / HOUR) * HOUR - BigInt(Math.floor(r() * 3));
      else if (x < 0.8) t = (t / HOUR + 1n) * HOUR + BigInt(Math.floor(r() * 3) - 1);
      else if (x < 0.85) t -= BigInt(Math.floor(r() * 1e13));
      else if (x < 0.9) t = -BigInt(Math.floor(r() * 1e15));
      else if (x < 0.92) t = BigInt(Math.floor(r() * 3));
      else if (x < 0.94) t = (1n << 63n) - 1n - BigInt(Math.floor(r() * 1e12));
      else if (x < 0.96) t = BigInt(Math.floor(r() * 1e18));
      const y = r();
      times.push(y < 0.05 ? new Value(TypeDuration, encodeInt(t)) : y < 0.08 ? new Value(TypeTime, null) : new Value(TypeTime, encodeInt(t)));
    }
    let checked = 0;
    for (const bin of bins) {
      for (const ts of times) {
        const want = h.z(def.make(h.ectx)([ts, bin]));
        expect({ ts: h.z(ts), bin: h.z(bin), got: h.z(kept([ts, bin])) }).toEqual({ ts: h.z(ts), bin: h.z(bin), got: want });
        checked++;
      }
    }
    expect(checked).toBe(15_000);
  });

  test('every is bucket on this.ts (every.md)', () => {
    const h = harness();
    expect(h.call('every', '2021-02-01T12:00:01Z', '1h')).toBe('2021-02-01T12:00:00Z');
    expect(h.call('every', '"x"', '1h')).toBe('error({message:"every: first argument is not a time",on:"x"})');
  });

  test('strftime formats and reports bad arguments (strftime.yaml, strftime.md)', () => {
    const h = harness();
    const f = h.fn('strftime');
    expect(f('"%Y-%a"', '2024-07-30T06:15:01.062681Z')).toBe('"2024-Tue"');
    expect(f('1', '2024-07-30T06:15:01.062681Z')).toBe('error({message:"strftime: string value required for format arg",on:1})');
    expect(f('"%H"', '"foo"')).toBe('error({message:"strftime: time value required for time arg",on:"foo"})');
    expect(f('"%1"', '2024-07-30T06:15:01.062681Z')).toBe(
      `error({message:"strftime: failed to compile format: pattern compilation failed: lookup failed: '%1' was not found in specification set",on:"%1"})`,
    );
    expect(f('"%Y"', '2024-07-30T20:05:15.118252Z')).toBe('"2024"');
    expect(f('"%d/%m/%Y"', '2024-07-30T20:05:15.118252Z')).toBe('"30/07/2024"');
    expect(f('"100%"', '2024-07-30T20:05:15.118252Z')).toBe('error({message:"strftime: failed to compile format: stray % at the end of pattern",on:"100%"})');
  });
});
