// memberRuns: which of a member's values lie in the position ranges a
// pruned scan reads, against a check of each value's position;
// streamRuns: which streams a filter on the pool key leaves open, takes
// whole or leaves out, against each stream's keys.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/support/formats.js';
import { literalPredicate } from '../runtime/expr/compare.js';
import { encodeInt, TypeInt64, Value } from '../zed/index.js';
import { memberRuns, streamRuns } from './column-aggregate-object.js';
import type { EvalNode } from './column-filter.js';

function naive(within: readonly (readonly [number, number])[], length: number, memberRows: Int32Array | null, first: number): Uint8Array {
  const mask = new Uint8Array(length);
  for (let j = 0; j < length; j++) {
    const p = memberRows === null ? first + j : memberRows[first + j]!;
    if (within.some(([from, to]) => from <= p && p < to)) mask[j] = 1;
  }
  return mask;
}

describe('memberRuns', () => {
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
      // The same ranges as runs, of which memberRuns finds each member's rows.
      const runs = within.map(([from, to]) => ({ from, to, filter: null }));
      let first = 0;
      for (const length of lengths) {
        const want = naive(within, length, memberRows, first);
        const byRuns = new Uint8Array(length);
        let last = 0;
        for (const run of memberRuns(runs, length, memberRows, first)) {
          expect(run.from).toBeGreaterThanOrEqual(last);
          expect(run.to).toBeGreaterThan(run.from);
          byRuns.fill(1, run.from, run.to);
          last = run.to;
        }
        expect({ c, byRuns: [...byRuns] }).toEqual({ c, byRuns: [...want] });
        marked += want.reduce((a, b) => a + b, 0);
        first += length;
      }
    }
    expect(marked).toBeGreaterThan(10_000);
  });
});

const int = (n: number) => new Value(TypeInt64, encodeInt(n));
const leaf = (op: '<' | '<=' | '>' | '>=', n: number): EvalNode => ({ kind: 'leaf', path: ['ts'], op, value: int(n), pred: literalPredicate(op, int(n))! });

describe('streamRuns', () => {
  it('takes the streams a key range keeps whole, leaves out those it keeps none of, and evaluates the rest, in 2000 random cases', () => {
    const r = seededRandom(20261127);
    const ops = ['<', '<=', '>', '>='] as const;
    let open = 0;
    for (let c = 0; c < 2000; c++) {
      // Streams of ascending keys: each holds keys min..max.
      const streams: { from: number; to: number; min: Value; max: Value; keys: number[] }[] = [];
      let key = Math.floor(r() * 10);
      let at = 0;
      for (let s = 0, n = 1 + Math.floor(r() * 8); s < n; s++) {
        const keys = Array.from({ length: 1 + Math.floor(r() * 5) }, () => (key += Math.floor(r() * 3)));
        streams.push({ from: at, to: at + keys.length, min: int(keys[0]!), max: int(keys[keys.length - 1]!), keys });
        at += keys.length;
      }
      const bound = () => Math.floor(r() * (key + 4)) - 2;
      const a = leaf(ops[Math.floor(r() * 4)]!, bound());
      const filter: EvalNode = r() < 0.5 ? a : { kind: r() < 0.5 ? 'and' : 'or', lhs: a, rhs: leaf(ops[Math.floor(r() * 4)]!, bound()) };
      const keeps = (k: number): boolean => {
        const one = (n: EvalNode): boolean => (n.kind === 'leaf' ? n.pred(int(k)) : n.kind === 'and' ? one(n.lhs) && one(n.rhs) : n.kind === 'or' ? one(n.lhs) || one(n.rhs) : false);
        return one(filter);
      };
      const runs = streamRuns(filter, ['ts'], streams);
      // Every position is in the runs as its stream's keys say: taken
      // whole when all are kept, left out when none is, else evaluated.
      const covered = new Int8Array(at).fill(-1);
      for (const run of runs) {
        for (let p = run.from; p < run.to; p++) covered[p] = run.filter === null ? 1 : 2;
        if (run.filter !== null) open++;
      }
      for (const s of streams) {
        const kept = s.keys.filter(keeps).length;
        const want = kept === s.keys.length ? 1 : kept === 0 ? -1 : 2;
        for (let p = s.from; p < s.to; p++) {
          // One comparison leaves a stream open exactly when it keeps some of its keys; two may leave open one they keep all or none of.
          if (filter.kind === 'leaf' || want === 2) expect({ c, p, got: covered[p] }).toEqual({ c, p, got: want });
          else expect({ c, p, ok: covered[p] === want || covered[p] === 2 }).toEqual({ c, p, ok: true });
        }
      }
      // Neighbours taken whole are one run.
      for (let i = 1; i < runs.length; i++) expect(runs[i - 1]!.filter === null && runs[i]!.filter === null && runs[i - 1]!.to === runs[i]!.from).toBe(false);
    }
    expect(open).toBeGreaterThan(200);
  });
});
