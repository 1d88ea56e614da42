// Queries that read a few top-level fields of a pool's values get records
// of only those fields, put back together from the column copies
// (lake-project.ts): random queries of that kind (expression keys,
// yields, cuts, filters on and off the pool key, heads and tails, sorts by
// expressions) over pools of disjoint, descending, overlapping and partly
// overlapping objects, against a lake without copies (and, where objects
// overlap, against the scan). Outputs must be equal line for line, in order
// (but for a summarize's groups, which have none), and so must
// records_read.
import { describe, expect, it } from 'vitest';
import type { Lake } from '../../src/index.js';
import { data, expectColumnsAsValues, pairedLakes, rng, rounded, runOrdered } from './column-data.js';

const CASES = Number(process.env['ZLAKE_PROJECT_CASES'] ?? 400);

async function run(lake: Lake, text: string) {
  const r = await runOrdered(lake, text);
  return { lines: r.lines, read: r.stats[0] };
}

const QUERIES = [
  'count() by len(proto)',
  'yield id',
  'yield {b:bytes,p:proto}',
  'cut ts, bytes',
  'bytes > 100 | yield {b:bytes,p:proto}',
  'ts > 1100 | yield ts',
  'ts >= 20 and ts < 1130 | cut ts, m',
  'head 5 | yield pk',
  'tail 3 | cut id, t',
  'yield has(dur)',
  'yield typeof(m)',
  'count() by nosuch',
  'sort bytes, ts | head 4 | cut ts, bytes',
  'sort -r len(proto), ts | head 5 | yield ts',
  'count() by typeof(dur)',
  'sum(m + 1) by proto',
  'proto == "tcp" | yield ts',
  'dur > 50.5 | count() by round(dur / 10)',
  'yield missing(id.port)',
  'where t > 2023-11-20T00:00:00Z | cut t',
  'put x:=bytes+1 | sum(x) by proto',
  'put id.port:=len(proto) | cut ts, id',
  'put proto:=upper(proto), n:=1 | count() by proto, n',
  'put m:=ts | sort -r m | head 3 | yield {m, pk}',
];

function lakes() {
  const pools = { p: { order: 'asc', seekStride: 300 }, d: { order: 'desc', seekStride: 300 }, o: { order: 'asc' }, po: { order: 'asc' } } as const;
  return pairedLakes(pools, (k) => {
    // With null records on some paths (id), and without.
    const text = data(600 + k, 150, k !== 1, 1000 * k);
    // po: two objects whose ts ranges overlap (0-149, 100-249), one apart (1000-1149).
    return { p: text, d: text, o: data(700 + k, 150, true), po: data(800 + k, 150, true, [0, 100, 1000][k]) };
  });
}

describe('queries of a few fields over column copies', () => {
  it(`answer as the values do, in ${CASES} random cases`, { timeout: 900_000 }, async () => {
    const [cols, rows, blobs] = await lakes();
    const r = rng(314);
    let columnar = 0;
    // Queries over po that read fewer than its three objects whole: the one apart came from its columns.
    let partly = 0;
    for (let c = 0; c < CASES; c++) {
      const pool = r() < 0.5 ? 'p' : r() < 0.4 ? 'd' : r() < 0.5 ? 'o' : 'po';
      const q = `from ${pool} | ${QUERIES[Math.floor(r() * QUERIES.length)]}`;
      blobs.objectReads = 0;
      blobs.rangeReads = 0;
      const a = await run(cols, q);
      const b = await run(rows, q);
      // A summarize's groups come out in no set order (one by an
      // expression of one field runs over columns, see column-groups.ts).
      if (/ by /.test(q)) {
        a.lines.sort();
        b.lines.sort();
      }
      // A float sum over columns adds in another order (a type's values at a time), its last bits may differ.
      if (q.includes('sum(')) {
        a.lines = a.lines.map(rounded);
        b.lines = b.lines.map(rounded);
      }
      expect({ q, ...a }).toEqual({ q, ...b });
      if (pool === 'o' || pool === 'po') {
        // Runs of objects that touch are merged by both lakes' projections
        // alike: the reference is the scan, which reads whole values.
        const scanned = await run(rows, q.replace(' | ', ' | yield this | '));
        if (/ by /.test(q)) scanned.lines.sort();
        if (q.includes('sum(')) scanned.lines = scanned.lines.map(rounded);
        expect({ q, lines: a.lines }).toEqual({ q, lines: scanned.lines });
      }
      if (pool === 'po' && blobs.objectReads + blobs.rangeReads < 3) partly++;
      if (pool !== 'o' && pool !== 'po' && blobs.objectReads + blobs.rangeReads === 0) columnar++;
    }
    expect(columnar).toBeGreaterThan(CASES / 4);
    expect(partly).toBeGreaterThan(CASES / 40);
  });

  it('put values back together in order across batches of growing size', { timeout: 120_000 }, async () => {
    // Objects of 3000 values of several record types: batches of 256, 512,
    // 1024, ... rows each end inside them.
    const [cols, rows, blobs] = await pairedLakes({ p: { order: 'asc' } }, (k) => ({ p: data(900 + k, 3000, true, 10_000 * k) }));
    const queries = [
      'cut ts, bytes',
      'yield pk',
      'head 100 | cut ts, proto',
      'head 257 | yield m',
      'head 2999 | cut ts, t',
      'head 3001 | cut ts',
      'proto=="tcp" | cut ts, bytes | head 700',
      'pk < 30 | yield {ts, dur}',
    ];
    for (const lines of await expectColumnsAsValues(cols, rows, blobs, queries)) expect(lines.length).toBeGreaterThan(50);
  });
});
