// Node's platform clock (process.hrtime and Date) as the engine reads it:
// wall time that agrees with Date and moves forward, and the query stats'
// clock and now() through it.
import { describe, expect, it } from 'vitest';
import { clockNow } from '../../src/exec/query-meter.js';
import { elapsedMs, wallMs } from '../../src/util/clock.js';
import { useNodeClock } from './platform-clock.js';

describe('useNodeClock', () => {
  it('gives the engine wall time that agrees with Date and never goes back', () => {
    useNodeClock();
    const before = Date.now();
    const w = wallMs();
    const after = Date.now();
    // Date has whole milliseconds; the clock may be up to one ahead of the earlier reading.
    expect(w).toBeGreaterThanOrEqual(before - 1);
    expect(w).toBeLessThanOrEqual(after + 1);
    let last = elapsedMs();
    let moved = false;
    for (let i = 0; i < 100_000; i++) {
      const t = elapsedMs();
      expect(t).toBeGreaterThanOrEqual(last);
      if (t > last) moved = true;
      last = t;
    }
    expect(moved).toBe(true);
    // Sub-millisecond digits, as performance gave.
    const samples = Array.from({ length: 50 }, () => wallMs() % 1);
    expect(samples.some((f) => f !== 0)).toBe(true);
    const ns = clockNow();
    expect(Number(ns / 1_000_000n)).toBeGreaterThanOrEqual(before - 1);
    expect(Number(ns / 1_000_000n)).toBeLessThanOrEqual(Date.now() + 1);
  });
});
