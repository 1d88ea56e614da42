// Filtered summarizes over column copies against the same queries over the
// values: random filters (and/or trees of comparisons of fields with
// constants, on fields of mixed types, nulls, missing fields and non-record
// parents) under random summarizes, from a seed. Each case runs on a lake
// whose objects have column copies and on one whose objects have none;
// their sorted outputs must be equal. The filters on the pool key (ts) take
// the pruned value path and must agree too.
import { describe, expect, it } from 'vitest';
import type { Lake } from '../../src/index.js';
import { zson } from './helpers.js';
import { CountingBlobStore, data, newLake, rng, rounded, run } from './column-data.js';

const CASES = Number(process.env['ZLAKE_COLUMN_CASES'] ?? 5000);

const LEAVES: readonly (readonly [string, readonly string[]])[] = [
  ['proto', ['"tcp"', '"udp"', '"icmp"', '"zzz"', 'null', '7']],
  ['bytes', ['0', '1000', '50000', '-5', 'null', '9007199254740993', '1.5']],
  ['dur', ['10.5', '50', '0', 'NaN', 'null']],
  ['pk', ['uint32(100)', '100', '0', '299']],
  ['t', ['2023-11-20T00:00:00Z', '2023-11-25T12:00:00Z']],
  ['m', ['50', '50.5', '0']],
  ['id.port', ['0', '2', '4', '"2"', 'null']],
  ['id.orig_h', ['"10.0.1.1"', '"10.0.20.100"', '"10.0.3"']],
  ['nosuch', ['1', 'null', '"x"']],
  ['id.nosuch', ['1', 'null']],
  ['ts', ['100', '1000', '1500']],
];
const OPS = ['==', '!=', '<', '<=', '>', '>='] as const;
const SUMMARIZES = [
  'count()',
  'count() by proto',
  'c:=count() by proto,p:=id.port',
  'sum(bytes) by proto',
  'sum(bytes), min(bytes), max(bytes) by id.orig_h',
  'sum(dur), max(dur) by proto',
  'sum(pk), max(pk) by id.port',
  'min(t), max(t), count() by proto',
  'sum(m) by proto',
  'sum(bytes)',
  'ab:=avg(bytes), ad:=avg(dur) by proto',
  'am:=avg(m), ap:=avg(pk) by id.orig_h',
  'count() by id',
];

function filterOf(r: () => number, depth: number): string {
  if (depth > 0 && r() < 0.35) {
    const op = r() < 0.5 ? 'and' : 'or';
    return `(${filterOf(r, depth - 1)} ${op} ${filterOf(r, depth - 1)})`;
  }
  const [field, consts] = LEAVES[Math.floor(r() * LEAVES.length)]!;
  return `${field}${OPS[Math.floor(r() * OPS.length)]}${consts[Math.floor(r() * consts.length)]}`;
}

async function lakes(): Promise<[Lake, Lake]> {
  const cols = newLake(true);
  const rows = newLake(false);
  for (const lake of [cols, rows]) {
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(data(500 + k, 120)));
  }
  return [cols, rows];
}

describe('filtered summarize over column copies', () => {
  it(`answers as the values do, in ${CASES} random cases`, { timeout: 900_000 }, async () => {
    const [cols, rows] = await lakes();
    const r = rng(20261126);
    let nonEmpty = 0;
    for (let c = 0; c < CASES; c++) {
      const q = `from p | ${filterOf(r, 3)} | ${SUMMARIZES[Math.floor(r() * SUMMARIZES.length)]}`;
      const a = await run(cols, q);
      const b = await run(rows, q);
      const round = q.includes('(m)') || q.includes('(dur)') || q.includes('avg(');
      expect({ q, lines: round ? a.lines.map(rounded) : a.lines }).toEqual({ q, lines: round ? b.lines.map(rounded) : b.lines });
      if (a.lines.length > 0) nonEmpty++;
    }
    // The filters keep something often enough for the comparison to mean something.
    expect(nonEmpty).toBeGreaterThan(CASES / 3);
  });

  it('reads only columns for a filter off the pool key, and values for one on it', async () => {
    const blobs = new CountingBlobStore();
    const cols = newLake(true, blobs);
    await cols.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 3; k++) await cols.load('p', 'main', zson(data(500 + k, 120)));
    const off = await run(cols, 'from p | proto=="tcp" or bytes>0 | sum(dur) by proto');
    // Over columns: every row counted as read, no data object read as values.
    expect(off.read).toBe(360);
    expect(off.lines.length).toBeGreaterThan(0);
    expect(blobs.objectReads).toBe(0);
    // On the pool key: the objects are read as values (pruned to the span).
    const on = await run(cols, 'from p | ts < 50 | sum(bytes) by proto');
    expect(on.lines.length).toBeGreaterThan(0);
    expect(blobs.objectReads + blobs.rangeReads).toBeGreaterThanOrEqual(3);
  });
});
