// Queries that read a few top-level fields of a pool's values get records
// of only those fields, put back together from the column copies
// (lake-project.ts): random queries of that kind (expression keys,
// yields, cuts, filters on and off the pool key, heads and tails, sorts by
// expressions) over pools of disjoint, descending and overlapping objects,
// against a lake without copies. Outputs must be equal line for line, in
// order, and so must records_read.
import { describe, expect, it } from 'vitest';
import { encodeBatches, formatByName, prepareQuery, type Lake } from '../../src/index.js';
import { zson } from './helpers.js';
import { CountingBlobStore, data, newLake, rng } from './column-data.js';

const CASES = Number(process.env['ZLAKE_PROJECT_CASES'] ?? 400);

async function run(lake: Lake, text: string) {
  const q = await prepareQuery(lake, text);
  let out = '';
  const dec = new TextDecoder();
  for await (const c of encodeBatches(q.run(), formatByName('zson')!.encoder!({ pretty: 0 }))) out += typeof c === 'string' ? c : dec.decode(c);
  return { lines: out.split('\n').filter(Boolean), read: q.meter.stats().recordsRead };
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
];

async function lakes(): Promise<[Lake, Lake, CountingBlobStore]> {
  const blobs = new CountingBlobStore();
  const cols = newLake(true, blobs);
  const rows = newLake(false);
  for (const lake of [cols, rows]) {
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] }, seekStride: 300 });
    await lake.createPool('d', { layout: { order: 'desc', keys: [['ts']] }, seekStride: 300 });
    await lake.createPool('o', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 3; k++) {
      // With null records on some paths (id), and without.
      const text = data(600 + k, 150, k !== 1, 1000 * k);
      await lake.load('p', 'main', zson(text));
      await lake.load('d', 'main', zson(text));
      await lake.load('o', 'main', zson(data(700 + k, 150, true)));
    }
  }
  return [cols, rows, blobs];
}

describe('queries of a few fields over column copies', () => {
  it(`answer as the values do, in ${CASES} random cases`, { timeout: 900_000 }, async () => {
    const [cols, rows, blobs] = await lakes();
    const r = rng(314);
    let columnar = 0;
    for (let c = 0; c < CASES; c++) {
      const pool = r() < 0.6 ? 'p' : r() < 0.5 ? 'd' : 'o';
      const q = `from ${pool} | ${QUERIES[Math.floor(r() * QUERIES.length)]}`;
      blobs.objectReads = 0;
      blobs.rangeReads = 0;
      const a = await run(cols, q);
      const b = await run(rows, q);
      expect({ q, ...a }).toEqual({ q, ...b });
      if (pool !== 'o' && blobs.objectReads + blobs.rangeReads === 0) columnar++;
    }
    expect(columnar).toBeGreaterThan(CASES / 4);
  });
});
