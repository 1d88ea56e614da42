// Group-by keys of many distinct values are read as codes kept across
// queries, into dictionaries the pool's objects share (coded-column.ts).
// Over objects big enough that a column of values new to the dictionary is
// left as it is (and read again from its first row), the answers must be
// those of a lake without column copies, on the first query and on the
// next ones, which read the kept codes; and with no column cache at all.
import { describe, expect, it } from 'vitest';
import { Lake, MemoryMetaStore } from '../../src/index.js';
import { zson } from './helpers.js';
import { CountingBlobStore, newLake, rounded, run } from './column-data.js';

const ROWS = 20_000;

/** Load k: records keyed by ts with h (2,500 distinct strings, some shared with other loads, some null, some an ip), u unique, n a number. */
function load(k: number): string {
  const lines: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const ts = k * ROWS + i;
    const x = (i * 7919 + k * 1000) % 2500;
    const h = i % 13 === 4 ? 'null(string)' : i % 29 === 3 ? `10.0.${x % 256}.${k}` : `"host-${x}"`;
    const n = i % 17 === 0 ? 'null(int64)' : String((i * 31) % 1000);
    lines.push(`{ts:${ts},h:${h},u:"u-${ts}",n:${n},p:"${['tcp', 'udp', 'icmp'][i % 3]}"}`);
  }
  return lines.join('\n');
}

const QUERIES = [
  'count() by h',
  'sum(n), avg(n), min(n), max(n) by h',
  'c:=count() by h, p',
  'count() by u | count()',
  'sum(n) by u | sum(sum)',
  'count() by u, h | count()',
  'dcount(u), union(p) by h',
  'n > 500 | count() by h',
  'p == "udp" | sum(n) by h',
];

async function lakes(columnCacheBytes?: number): Promise<[Lake, Lake]> {
  const cols =
    columnCacheBytes === undefined
      ? newLake(true)
      : new Lake({ blobs: new CountingBlobStore(), meta: new MemoryMetaStore(), now: (() => { let t = 1n; return () => (t += 1_000_000_000n); })(), columnCopies: true, columnCacheBytes });
  const rows = newLake(false);
  for (const lake of [cols, rows]) {
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(load(k)));
  }
  return [cols, rows];
}

const answer = async (lake: Lake, q: string) => (await run(lake, `from p | ${q}`)).lines.map(rounded);

describe('group-by keys read as kept codes', () => {
  it('answers as the values do, on the first query and again', { timeout: 600_000 }, async () => {
    const [cols, rows] = await lakes();
    for (const q of QUERIES) {
      const want = await answer(rows, q);
      expect(want.length).toBeGreaterThan(0);
      expect({ q, first: await answer(cols, q) }).toEqual({ q, first: want });
      expect({ q, again: await answer(cols, q) }).toEqual({ q, again: want });
    }
    // The same pool's other keys, after the codes of h and u were kept.
    for (const q of [...QUERIES].reverse()) expect({ q, lines: await answer(cols, q) }).toEqual({ q, lines: await answer(rows, q) });
    // Many distinct keys: 2,500 strings, the null and the addresses.
    expect(parseInt((await answer(cols, 'count() by h | count()'))[0]!, 10)).toBeGreaterThan(2600);
  });

  it('answers as the values do with no column cache', { timeout: 600_000 }, async () => {
    const [cols, rows] = await lakes(0);
    for (const q of QUERIES.slice(0, 4)) expect({ q, lines: await answer(cols, q) }).toEqual({ q, lines: await answer(rows, q) });
  });

  it('sums past 2^53 over numbers decoded before, by a key and without one, first and again', { timeout: 600_000 }, async () => {
    // Integers of six bytes (under 2^47) are decoded into numbers; a few
    // hundred of them in a group pass 2^53, where the sum must go on exactly
    // (in bigints), as the values path sums them.
    const big = (k: number) =>
      Array.from({ length: 5000 }, (_, i) => {
        const x = i % 11 === 0 ? 'null(int64)' : String((i % 2 === 0 ? 1 : -1) * (2 ** 46 + ((i * 7919) % 100_000)) + (i % 3 === 0 ? 2 ** 46 : 0));
        return `{ts:${k * 5000 + i},g:${i % 4},x:${x},y:${2 ** 46 + i}}`;
      }).join('\n');
    const cols = newLake(true);
    const rows = newLake(false);
    for (const lake of [cols, rows]) {
      await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
      for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(big(k)));
    }
    for (const q of ['sum(x) by g', 'sum(y) by g', 'sum(y), avg(y), count() by g', 'sum(y)', 's:=sum(x), a:=avg(x)', 'ts > 2500 | sum(y) by g']) {
      const want = await answer(rows, q);
      // The sums of y pass 2^53: the answers are exact integers beyond it.
      if (q.startsWith('sum(y)')) expect(want.some((l) => /(sum:|^)\d{17,}/.test(l))).toBe(true);
      for (const pass of ['first', 'again']) expect({ q, pass, got: await answer(cols, q) }).toEqual({ q, pass, got: want });
    }
  });
});
