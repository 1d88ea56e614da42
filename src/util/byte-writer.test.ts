import { describe, expect, it } from 'vitest';
import { ByteWriter, growBytes } from './byte-writer.js';

describe('growBytes', () => {
  it('keeps a buffer that is large enough', () => {
    const b = new Uint8Array(8);
    expect(growBytes(b, 4, 8)).toBe(b);
  });

  it('at least doubles, keeping the bytes in use', () => {
    const b = Uint8Array.of(1, 2, 3, 4);
    const g = growBytes(b, 3, 5);
    expect(g.length).toBeGreaterThanOrEqual(64);
    expect([...g.subarray(0, 3)]).toEqual([1, 2, 3]);
    expect(g[3]).toBe(0);
    expect(growBytes(new Uint8Array(100), 0, 1000).length).toBe(1600);
    expect(growBytes(new Uint8Array(0), 0, 1).length).toBe(64);
  });
});

describe('ByteWriter', () => {
  it('appends bytes, short and long runs, across growth', () => {
    const w = new ByteWriter(2);
    w.byte(7);
    w.bytes(Uint8Array.of(1, 2, 3));
    const long = Uint8Array.from({ length: 100 }, (_, i) => i);
    w.bytes(long);
    expect(w.len).toBe(104);
    expect([...w.view().subarray(0, 4)]).toEqual([7, 1, 2, 3]);
    expect(w.view().subarray(4)).toEqual(long);
  });

  it('writes uvarints and counted strings', () => {
    const w = new ByteWriter(1);
    w.uvarint(300);
    w.counted(Uint8Array.of(9, 9));
    expect([...w.take()]).toEqual([0xac, 0x02, 2, 9, 9]);
    w.reset();
    expect(w.view().length).toBe(0);
  });
});
