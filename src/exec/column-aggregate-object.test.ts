// readMask: which of a member's values lie in the position ranges a pruned
// scan reads, against a check of each value's position.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/support/formats.js';
import { readMask } from './column-aggregate-object.js';

function naive(within: readonly (readonly [number, number])[], length: number, memberRows: Int32Array | null, first: number): Uint8Array {
  const mask = new Uint8Array(length);
  for (let j = 0; j < length; j++) {
    const p = memberRows === null ? first + j : memberRows[first + j]!;
    if (within.some(([from, to]) => from <= p && p < to)) mask[j] = 1;
  }
  return mask;
}

describe('readMask', () => {
  it('marks the values whose positions lie in the ranges, in 5000 random cases', () => {
    const r = seededRandom(20261126);
    let marked = 0;
    for (let c = 0; c < 5000; c++) {
      const size = 1 + Math.floor(r() * 200);
      // Positions 0..size-1 dealt to up to 4 members, each member's ascending.
      const members = 1 + Math.floor(r() * 4);
      const of = Array.from({ length: size }, () => Math.floor(r() * members));
      const rows: number[] = [];
      const lengths: number[] = [];
      for (let m = 0; m < members; m++) {
        let n = 0;
        for (let p = 0; p < size; p++) if (of[p] === m) (rows.push(p), n++);
        lengths.push(n);
      }
      // Ascending, disjoint ranges, some empty, some past the end.
      const within: [number, number][] = [];
      for (let at = Math.floor(r() * 5); at < size + 3 && within.length < 6; ) {
        const to = at + Math.floor(r() * 30);
        within.push([at, to]);
        at = to + Math.floor(r() * 20);
      }
      const memberRows = members === 1 && r() < 0.5 ? null : Int32Array.from(rows);
      let first = 0;
      for (const length of lengths) {
        const got = readMask(within, length, memberRows, first);
        const want = naive(within, length, memberRows, first);
        expect({ c, got: [...got] }).toEqual({ c, got: [...want] });
        marked += want.reduce((a, b) => a + b, 0);
        first += length;
      }
    }
    expect(marked).toBeGreaterThan(10_000);
  });
});
