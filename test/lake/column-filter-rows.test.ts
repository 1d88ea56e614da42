// Filters straight over a pool, evaluated on the column copies, with the
// values they keep read alone (lake-filter.ts): random filters over pools
// of disjoint (ascending and descending) and overlapping objects, against
// a lake without copies. The outputs must be equal line for line, in the
// scan's order, and so must records_read. Objects of thousands of rows
// take every way of reading what a filter keeps: a few values from their
// seek streams, some put back together from their columns, many read as
// values, all or none from the object's key range.
import { describe, expect, it } from 'vitest';
import type { Lake } from '../../src/index.js';
import { CountingBlobStore, data, filterOf, keyFilter, newLake, pairedLakes, rng, runOrdered } from './column-data.js';
import { zson } from './helpers.js';

const CASES = Number(process.env['ZLAKE_FILTER_ROWS_CASES'] ?? 1500);
const BIG_CASES = Number(process.env['ZLAKE_FILTER_ROWS_BIG_CASES'] ?? 300);

async function run(lake: Lake, text: string) {
  const r = await runOrdered(lake, text);
  return { lines: r.lines, read: r.stats[0] };
}

/** What may follow the filter: nothing, or operators that read some fields (then only those are put back together), or a head. */
const TAILS = ['', '', '', '| cut ts, proto', '| yield bytes', '| head 7', '| tail 3', '| cut id, dur'];

describe('filters over column copies', () => {
  it(`answer as the values do, in ${CASES} random cases`, { timeout: 900_000 }, async () => {
    // o and od: objects whose ts ranges overlap, keys tying across objects
    // (each holds ts 0 to 199), merged by key, then value, then object; t:
    // objects whose ranges touch, eleven values of each at the key they share.
    const pools = { p: { order: 'asc', seekStride: 300 }, d: { order: 'desc', seekStride: 300 }, o: { order: 'asc' }, od: { order: 'desc', seekStride: 50 }, t: { order: 'asc' } } as const;
    const [cols, rows, blobs] = await pairedLakes(pools, (k) => {
      const text = data(800 + k, 200, k !== 1, 1000 * k);
      const over = data(900 + k, 200, true);
      return { p: text, d: text, o: over, od: over, t: data(700 + k, 200, true).replace(/^\{ts:(\d+),/gm, (_, i) => `{ts:${179 * k + Math.min(Math.max(Number(i), 10), 189)},`) };
    });
    const r = rng(20261127);
    let nonEmpty = 0;
    let columnar = 0;
    let merged = 0;
    for (let c = 0; c < CASES; c++) {
      const pool = r() < 0.5 ? 'p' : r() < 0.4 ? 'd' : r() < 0.4 ? 'o' : r() < 0.5 ? 'od' : 't';
      const filter = r() < 0.2 ? keyFilter(r, 3000) : filterOf(r, 3);
      // (`where`: filterOf's expressions are not all search factors.)
      const tail = TAILS[Math.floor(r() * TAILS.length)];
      const q = `from ${pool} | where ${filter} ${tail}`;
      blobs.objectReads = 0;
      const b = await run(rows, q);
      const a = await run(cols, q);
      // The lake without copies reads each object as values, but its filter
      // is pushed to the pool all the same: the scan's own order comes
      // from a filter the pool is not given.
      const scanned = await run(rows, `from ${pool} | yield this | where ${filter} ${tail}`);
      expect({ q, lines: a.lines, read: a.read }).toEqual({ q, lines: scanned.lines, read: b.read });
      if (b.lines.length > 0) nonEmpty++;
      if (blobs.objectReads === 0) {
        if (pool.startsWith('o') || pool === 't') merged++;
        else columnar++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(CASES / 3);
    // Most filters read no object as values, over disjoint objects and over overlapping ones.
    expect({ columnar, merged }).toEqual({ columnar: expect.toSatisfy((n: number) => n > CASES / 4), merged: expect.toSatisfy((n: number) => n > CASES / 8) });
  });

  it(`answer as the values do over objects of thousands of rows, first and again, in ${BIG_CASES} random cases`, { timeout: 900_000 }, async () => {
    const blobs = new CountingBlobStore();
    const cols = newLake(true, blobs);
    const rows = newLake(false);
    for (const lake of [cols, rows]) {
      for (const order of ['asc', 'desc'] as const) {
        await lake.createPool(order, { layout: { order, keys: [['ts']] }, seekStride: 2048 });
        for (let k = 0; k < 3; k++) await lake.load(order, 'main', zson(data(950 + k, 3000, k !== 2, 10_000 * k)));
      }
      // Objects whose ts ranges overlap in part (0-2999, 1500-4499, 3000-5999), merged.
      await lake.createPool('over', { layout: { order: 'asc', keys: [['ts']] }, seekStride: 2048 });
      for (let k = 0; k < 3; k++) await lake.load('over', 'main', zson(data(960 + k, 3000, true, 1500 * k)));
    }
    const r = rng(20261130);
    // How often each way of reading what a filter keeps was taken: from
    // seek streams (ranged reads of data objects), as values (whole
    // reads), from columns (neither, with something kept).
    const ways = { streams: 0, values: 0, columns: 0 };
    for (let c = 0; c < BIG_CASES; c++) {
      const filter = r() < 0.2 ? keyFilter(r, 33_000) : filterOf(r, 3);
      const q = `from ${r() < 0.5 ? 'asc' : r() < 0.4 ? 'desc' : 'over'} | where ${filter} ${TAILS[Math.floor(r() * (TAILS.length - 2))]}`;
      const b = await run(rows, q);
      const scanned = await run(rows, q.replace('| where', '| yield this | where'));
      expect({ q, lines: b.lines }).toEqual({ q, lines: scanned.lines });
      for (const pass of ['first', 'again']) {
        blobs.objectReads = 0;
        blobs.rangeReads = 0;
        const a = await run(cols, q);
        expect({ q, pass, lines: a.lines, read: a.read }).toEqual({ q, pass, lines: b.lines, read: b.read });
        if (pass === 'again') {
          if (blobs.objectReads > 0) ways.values++;
          else if (blobs.rangeReads > 0) ways.streams++;
          else if (a.lines.length > 0) ways.columns++;
        }
      }
    }
    expect(ways.streams).toBeGreaterThan(5);
    expect(ways.values).toBeGreaterThan(5);
    expect(ways.columns).toBeGreaterThan(5);
  });

  it('compare two integer fields as the values do, ties, nulls, wide and missing ones included', { timeout: 300_000 }, async () => {
    // a and b tie often; some are null, past six bytes (not exact as a
    // float's integer part would be cut), the least int64, or missing.
    const v = (i: number, k: number): string => {
      const x = (i * k) % 11;
      if (x === 10) return 'null(int64)';
      if (x === 9) return String(2 ** 53 + (i % 3));
      if (x === 8) return '-9223372036854775808';
      return String(x - 3);
    };
    const text = (k: number) => Array.from({ length: 3000 }, (_, i) => `{ts:${k * 10_000 + i},a:${v(i, 3)},${i % 13 === 0 ? '' : `b:${v(i, 7)},`}c:"x"}`).join('\n');
    const blobs = new CountingBlobStore();
    const cols = newLake(true, blobs);
    const rows = newLake(false);
    for (const lake of [cols, rows]) {
      await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
      for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(text(k)));
    }
    for (const op of ['==', '!=', '<', '<=', '>', '>=']) {
      for (const q of [`from p | a ${op} b | count()`, `from p | b ${op} a | count() by a`, `from p | a ${op} b and ts % 5 == 0`]) {
        blobs.objectReads = 0;
        const a = await run(cols, q);
        const b = await run(rows, q);
        expect({ q, lines: a.lines, read: a.read }).toEqual({ q, lines: b.lines, read: b.read });
        // Summarized over columns (a filter keeping this many reads its objects as values).
        if (q.includes('count()')) expect({ q, whole: blobs.objectReads }).toEqual({ q, whole: 0 });
      }
    }
  });

  it('read only the filter columns and the seek streams of the few values a filter keeps', async () => {
    const blobs = new CountingBlobStore();
    const cols = newLake(true, blobs);
    const rows = newLake(false);
    for (const lake of [cols, rows]) {
      await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] }, seekStride: 1024 });
      for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(data(960 + k, 3000, false, 10_000 * k)));
    }
    for (const q of ['from p | id.orig_h == "10.0.7.7"', 'from p | bytes == 4242 or proto == 7', 'from p | pk == 299 and t > 2023-11-20T00:00:00Z']) {
      blobs.objectReads = 0;
      blobs.rangeReads = 0;
      const a = await run(cols, q);
      const b = await run(rows, q);
      expect({ q, lines: a.lines, read: a.read }).toEqual({ q, lines: b.lines, read: b.read });
      expect(a.lines.length).toBeGreaterThan(0);
      // No object read whole; a ranged read of a seek stream for each value kept at most.
      expect({ q, whole: blobs.objectReads, few: blobs.rangeReads <= a.lines.length }).toEqual({ q, whole: 0, few: true });
    }
  });
});
