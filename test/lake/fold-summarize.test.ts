// A summarize after a put or a yield straight over a pool folds through it
// and runs over the objects' column copies (kernel/fold-summarize.ts). Its
// answers must be those of the put or yield as written: each query runs as
// is, on a lake with column copies, and with `head` between the operator
// and the summarize (which nothing folds through), on a lake without them.
// The data holds what folding must get right: values that are not records
// (an error comes of put), errors, a field holding error("quiet") (which
// put skips and yield drops), missing and null fields, nested records, and
// a field put replaces.
import { describe, expect, it } from 'vitest';
import { zson } from './helpers.js';
import { CountingBlobStore, data, newLake, rounded, run } from './column-data.js';

/** Records from data() plus, in the second load, values folding must not mistake. */
function loads(seed: number): string[] {
  const odd = [
    '1',
    '"not a record"',
    'error("boom")',
    '{ts:5000,bytes:7,x:100,proto:"tcp"}',
    '{ts:5001,x:3,proto:"udp"}',
    '{ts:5002,bytes:null,dur:1.5,x:"s",proto:"tcp"}',
    '{ts:5003,id:{orig_h:"10.9.9.9",port:3},bytes:2}',
  ];
  return [data(seed, 600), `${data(seed + 1, 300)}${odd.join('\n')}\n`, data(seed + 2, 400)];
}

/** A load whose records' `bytes` are sometimes error("quiet"). */
const QUIET = `${['{ts:1,bytes:error("quiet"),x:40,proto:"tcp"}', '{ts:2,bytes:5,x:1,proto:"tcp"}', '{ts:3,bytes:error("quiet"),proto:"udp"}', '{ts:4,bytes:6,proto:"udp"}'].join('\n')}\n`;

/** [operator, summarize, the summarize it folds into, written out]. */
const FOLDED: readonly (readonly [string, string, string])[] = [
  ['put x:=bytes+1', 'sum(x)', 'sum(bytes+1)'],
  ['put x:=bytes+1', 'sum(x), avg(x), count(x) by proto', 'sum(bytes+1), avg(bytes+1), count(bytes+1) by proto'],
  ['put x:=bytes*2-pk', 'sum(x) by id.port', 'sum(bytes*2-pk) by id.port'],
  ['put x:=dur/2', 'avg(x), count() by proto', 'avg(dur/2), count() by proto'],
  ['put x:=bytes%7', 'count() by x', 'count() by x:=bytes%7'],
  ['put x:=bytes+1, y:=pk', 'sx:=sum(x), sy:=sum(y), count() by proto', 'sx:=sum(bytes+1), sy:=sum(pk), count() by proto'],
  ['put proto:=bytes+1', 'count() by proto', 'count() by proto:=bytes+1'],
  ['put x:=bytes', 'dcount(x), count() by proto', 'dcount(bytes), count() by proto'],
  ['put x:=bytes+1', 'sum(x) where proto=="tcp"', 'sum(bytes+1) where proto=="tcp"'],
  ['put x:=bytes+1', 'count() where x > 1000 by proto', 'count() where bytes+1 > 1000 by proto'],
  ['put id2:=id', 'count() by id2.orig_h', 'count() by orig_h:=id.orig_h'],
  ['put x:=bytes', 'a:=sum(bytes), b:=sum(x)', 'a:=sum(bytes), b:=sum(bytes)'],
  ['yield bytes', 'sum(this), c:=count(this), n:=count()', 'sum(bytes), c:=count(bytes), n:=count()'],
  ['yield bytes+pk', 'sum(this) by k:=this', 'sum(bytes+pk) by k:=bytes+pk'],
  ['yield id', 'count() by orig_h', 'count() by orig_h:=id.orig_h'],
  ['yield id', 'c:=count() by p:=port', 'c:=count() by p:=id.port'],
  ['yield dur*2', 'avg(this)', 'avg(dur*2)'],
  ['yield proto', 'count() by k:=this', 'count() by k:=proto'],
];

/** [operator, summarize] that do not fold (built as written): their answers must hold too. */
const UNFOLDED: readonly (readonly [string, string])[] = [
  ['put x:=1', 'sum(x)'],
  ['put x:=-bytes', 'sum(x)'],
  ['put x:=bytes+1', 'count() by k:=this'],
  ['put id.z:=bytes', 'count() by id.orig_h'],
  ['put x:=bytes+1', 'max(x) by proto'],
  ['yield bytes, pk', 'sum(this)'],
  ['yield {a:bytes}', 'sum(a)'],
  ['yield quiet(bytes)', 'count()'],
];

const blocked = (op: string, s: string) => `from p | ${op} | head 1000000000 | ${s}`;

describe('a summarize folded through a put or yield', () => {
  for (const seed of [11, 23]) {
    it(`answers as the operator as written does (seed ${seed})`, { timeout: 120_000 }, async () => {
      const blobs = new CountingBlobStore();
      const cols = newLake(true, blobs);
      const rows = newLake(false);
      for (const lake of [cols, rows]) {
        await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
        for (const text of loads(seed)) await lake.load('p', 'main', zson(text));
      }
      for (const [op, s] of [...FOLDED, ...UNFOLDED]) {
        const a = await run(cols, `from p | ${op} | ${s}`);
        const b = await run(rows, blocked(op, s));
        expect({ q: `${op} | ${s}`, lines: a.lines.map(rounded) }).toEqual({ q: `${op} | ${s}`, lines: b.lines.map(rounded) });
        expect(a.lines.length).toBeGreaterThan(0);
      }
      // Folded, each reads as the summarize it folds into does: columns,
      // but for what columns do not take (the object with values that are
      // not records, for one); as written, with `head`, all three are read.
      let columns = 0;
      for (const [op, s, direct] of FOLDED) {
        const q = `${op} | ${s}`;
        let before = blobs.objectReads;
        await run(cols, `from p | ${direct}`);
        const expected = blobs.objectReads - before;
        before = blobs.objectReads;
        await run(cols, `from p | ${q}`);
        expect({ q, reads: blobs.objectReads - before }).toEqual({ q, reads: expected });
        if (expected < 3) columns++;
        before = blobs.objectReads;
        await run(cols, blocked(op, s));
        expect({ q, reads: blobs.objectReads - before }).toEqual({ q, reads: 3 });
      }
      expect(columns).toBeGreaterThan(FOLDED.length / 2);
    });
  }

  it('reads an object whose fields may hold error("quiet") as values, through the operator', { timeout: 60_000 }, async () => {
    const blobs = new CountingBlobStore();
    const cols = newLake(true, blobs);
    const rows = newLake(false);
    for (const lake of [cols, rows]) {
      await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
      await lake.load('p', 'main', zson(QUIET));
      await lake.load('p', 'main', zson(data(5, 200, true, 100)));
    }
    const cases: readonly (readonly [string, string])[] = [
      // put skips a quiet result: x keeps its 40 in the first record.
      ['put x:=bytes+1', 'sum(x) by proto'],
      // yield drops it: neither counted nor a group.
      ['yield bytes+1', 'count(), sum(this)'],
      ['yield bytes', 'count() by k:=this'],
    ];
    for (const [op, s] of cases) {
      const before = blobs.objectReads;
      const a = await run(cols, `from p | ${op} | ${s}`);
      const b = await run(rows, blocked(op, s));
      expect({ q: `${op} | ${s}`, lines: a.lines }).toEqual({ q: `${op} | ${s}`, lines: b.lines });
      // The quiet object is read whole; the other is not.
      expect(blobs.objectReads - before).toBe(1);
    }
  });
});
