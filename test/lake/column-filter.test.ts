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
import { CountingBlobStore, data, filterOf, newLake, OPS, pairedLakes, rng, rounded, run, SUMMARIZES, summarizeQuery } from './column-data.js';

const CASES = Number(process.env['ZLAKE_COLUMN_CASES'] ?? 5000);
const BIG_CASES = Number(process.env['ZLAKE_COLUMN_BIG_CASES'] ?? 400);

async function lakes(): Promise<[Lake, Lake]> {
  const cols = newLake(true);
  const rows = newLake(false);
  for (const lake of [cols, rows]) {
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(data(500 + k, 120)));
  }
  return [cols, rows];
}

/**
 * data()'s records with some numbers null (of their types, so that the
 * records keep theirs); m's floats only in the first two loads (the third
 * object's column holds none).
 */
function withNulls(text: string, k: number): string {
  const some = text.replace(/pk:\d*7\(uint32\)/g, 'pk:null(uint32)').replace(/dur:\d+\.\d*3,/g, 'dur:null(float64),');
  return k < 2 ? some.replace(/m:\d+\.\d*7,/g, 'm:null(float64),') : some;
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

  it(`answers as the values do over objects of many distinct values, first and again, in ${BIG_CASES} random cases`, { timeout: 900_000 }, async () => {
    // Objects of thousands of rows: columns hold more distinct values than
    // a VNG dictionary, so they are read as elements, as numbers decoded by
    // an earlier query and as codes kept by one (number-column.ts,
    // coded-column.ts); each case runs twice, the second reading what the
    // first kept.
    const cols = newLake(true);
    const rows = newLake(false);
    for (const lake of [cols, rows]) {
      await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
      for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(withNulls(data(900 + k, 3000, true, 10_000 * k), k)));
    }
    // Plain sums and averages too, which add up a batch without groups.
    const summarizes = [...SUMMARIZES, 'sum(dur)', 'a:=avg(pk), s:=sum(pk)', 'avg(dur)', 'min(pk), max(dur), count()', 'avg(m)', 's:=sum(m), c:=count()', 'sum(ts)', 'a:=avg(ts), c:=count()', 'avg(t)'];
    const r = rng(20261128);
    let nonEmpty = 0;
    for (let c = 0; c < BIG_CASES; c++) {
      const { q, round } = summarizeQuery(r, 0.2, 2, summarizes);
      const b = await run(rows, q);
      const want = round ? b.lines.map(rounded) : b.lines;
      for (const pass of ['first', 'again']) {
        const a = await run(cols, q);
        expect({ q, pass, lines: round ? a.lines.map(rounded) : a.lines }).toEqual({ q, pass, lines: want });
      }
      if (b.lines.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(BIG_CASES / 3);
  });

  it('answers as the values do for key ranges inside objects of many frames and record types', { timeout: 600_000 }, async () => {
    // A small seek stride cuts each object into many frames, so a range of
    // keys inside an object is read as one or more runs of positions, and
    // the records' several types give each run rows of every member: the
    // filter is resolved on each stream read, the streams it keeps whole are
    // found member by member and taken without it (column-aggregate-object.ts),
    // and what is kept must be what the values path reads.
    const cols = newLake(true);
    const rows = newLake(false);
    for (const lake of [cols, rows]) {
      await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] }, seekStride: 512 });
      for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(withNulls(data(700 + k, 3000, true, 10_000 * k), k)));
    }
    const r = rng(20261129);
    const at = () => 10_000 * Math.floor(r() * 3) + Math.floor(r() * 3100);
    const ranges = [
      (a: number, b: number) => `ts >= ${a} and ts < ${b}`,
      (a: number, b: number) => `ts > ${a} and ts <= ${b}`,
      (a: number) => `ts == ${a}`,
      (a: number, b: number) => `(ts < ${a} or ts >= ${b})`,
      (a: number) => `ts >= ${a}`,
      (a: number) => `ts < ${a}`,
    ];
    const summarizes = ['count()', 'sum(bytes)', 'c:=count(), s:=sum(pk)', 'count() by proto', 'sum(bytes) by id.orig_h'];
    let nonEmpty = 0;
    for (let c = 0; c < 150; c++) {
      const x = at();
      const y = at();
      const range = ranges[Math.floor(r() * ranges.length)]!(Math.min(x, y), Math.max(x, y));
      const filter = r() < 0.3 ? `${range} and ${filterOf(r, 1)}` : range;
      const q = `from p | ${filter} | ${summarizes[Math.floor(r() * summarizes.length)]}`;
      const b = await run(rows, q);
      for (const pass of ['first', 'again']) {
        const a = await run(cols, q);
        expect({ q, pass, lines: a.lines, read: a.read }).toEqual({ q, pass, lines: b.lines, read: b.read });
      }
      if (b.lines.length > 0 && b.lines[0] !== '{count:0(uint64)}') nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(75);
  });

  it('reads only columns, for a filter on the pool key too, and counts what a scan pruned by it reads', async () => {
    const blobs = new CountingBlobStore();
    const cols = newLake(true, blobs);
    await cols.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 3; k++) await cols.load('p', 'main', zson(data(500 + k, 120)));
    const off = await run(cols, 'from p | proto=="tcp" or bytes>0 | sum(dur) by proto');
    // Over columns: every row counted as read, no data object read as values.
    expect(off.read).toBe(360);
    expect(off.lines.length).toBeGreaterThan(0);
    expect(blobs.objectReads).toBe(0);
    // dcount, union, and and or too.
    for (const q of ['from p | dcount(bytes) by proto', 'from p | bytes > 0 | u:=union(pk), a:=and(flag), o:=or(flag) by proto']) {
      const r = await run(cols, q);
      expect({ q, read: r.read, some: r.lines.length > 2 }).toEqual({ q, read: 360, some: true });
      expect({ q, reads: blobs.objectReads }).toEqual({ q, reads: 0 });
    }
    // `not` and expressions of one field (functions, types, regexps, arithmetic) too.
    for (const q of [
      'from p | !(proto=="tcp") and len(proto)>3 | count() by proto',
      'from p | !has(dur) or is(proto, <int64>) | sum(bytes)',
      'from p | grep(/^u/, proto) or bytes+1>90000 | count() by proto',
      'from p | not (is_error(dur) or dur>50) | c:=count()',
      // Expressions of two fields and more.
      'from p | bytes > pk or dur > m | count() by proto',
      'from p | !(dur == m) and bytes + pk > 1000 | sum(bytes)',
      // Keys that are expressions of one field, as Zui's histogram asks.
      'from p | t != null | count() by time:=bucket(t, 1h), group:=proto',
      'from p | sum(bytes) by every(10), lower(proto)',
    ]) {
      const r = await run(cols, q);
      expect({ q, read: r.read, some: r.lines.length > 0 }).toEqual({ q, read: 360, some: true });
      expect({ q, reads: blobs.objectReads }).toEqual({ q, reads: 0 });
    }
    // On the pool key: columns too, and records_read is what the values'
    // scan reads, the seek streams that may meet the key's range.
    const rows = newLake(false);
    await rows.createPool('p', { layout: { order: 'asc', keys: [['ts']] }, seekStride: 200 });
    const pruned = newLake(true, blobs);
    await pruned.createPool('p', { layout: { order: 'asc', keys: [['ts']] }, seekStride: 200 });
    for (const lake of [rows, pruned]) for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(data(600 + k, 400, true, 1000 * k)));
    for (const q of ['from p | ts < 50 | sum(bytes) by proto', 'from p | ts >= 1100 and ts < 2300 | sum(bytes)', 'from p | ts > 1500 or bytes > 0 | count() by proto']) {
      blobs.objectReads = 0;
      blobs.rangeReads = 0;
      const on = await run(pruned, q);
      const values = await run(rows, q);
      expect({ q, lines: on.lines, read: on.read }).toEqual({ q, lines: values.lines, read: values.read });
      expect(on.lines.length).toBeGreaterThan(0);
      expect({ q, reads: blobs.objectReads + blobs.rangeReads }).toEqual({ q, reads: 0 });
    }
    // The range prunes: fewer records read than the pool holds.
    expect((await run(pruned, 'from p | ts >= 1100 and ts < 1200 | sum(bytes)')).read).toBeLessThan(1200);
  });

  it('answers as the values do over a pool keyed by strings with nulls, missing keys and other types', { timeout: 300_000 }, async () => {
    const r = rng(77);
    const key = (i: number): string => {
      const x = r();
      if (x < 0.05) return 'k:null(string),';
      if (x < 0.08) return '';
      if (x < 0.1) return `k:${i},`;
      return `k:${JSON.stringify(`key-${String(Math.floor(r() * 500)).padStart(3, '0')}${r() < 0.1 ? 'é' : ''}`)},`;
    };
    const text = (n: number) => Array.from({ length: n }, (_, i) => `{${key(i)}v:${Math.floor(r() * 100)},w:${r() < 0.1 ? 'null' : (r() * 10).toFixed(2)}}`).join('\n');
    const cols = newLake(true);
    const rows = newLake(false);
    const loads = [text(300), text(300), text(300)];
    for (const lake of [cols, rows]) {
      for (const order of ['asc', 'desc'] as const) {
        await lake.createPool(order, { layout: { order, keys: [['k']] }, seekStride: 300 });
        for (const t of loads) await lake.load(order, 'main', zson(t));
      }
    }
    const consts = ['"key-100"', '"key-250"', '"key-250é"', '"key-"', '"z"', '""', '5', 'null'];
    for (let c = 0; c < 300; c++) {
      const leaf = () => `k${OPS[Math.floor(r() * OPS.length)]}${consts[Math.floor(r() * consts.length)]}`;
      const f = r() < 0.5 ? leaf() : `(${leaf()} ${r() < 0.5 ? 'and' : 'or'} ${r() < 0.5 ? leaf() : 'v < 50'})`;
      const q = `from ${r() < 0.5 ? 'asc' : 'desc'} | ${f} | ${r() < 0.5 ? 'count() by v' : 'sum(w), c:=count()'}`;
      const a = await run(cols, q);
      const b = await run(rows, q);
      expect({ q, lines: a.lines.map(rounded), read: a.read }).toEqual({ q, lines: b.lines.map(rounded), read: b.read });
    }
  });

  it('compares two int64 fields as the values do, of many values and few, at the edges of int64', { timeout: 300_000 }, async () => {
    // x and y equal now and then, nulls, the least int64 (a one-byte
    // body), numbers past six bytes; y of few values in one object.
    const r = rng(4242);
    const edges = ['-9223372036854775808', '9223372036854775807', '9007199254740993', 'null(int64)', '0', '-1'];
    const num = (few: boolean): string => (r() < 0.1 ? edges[Math.floor(r() * edges.length)]! : String(few ? Math.floor(r() * 4) - 2 : Math.floor(r() * 2000) - 1000));
    const text = (k: number) =>
      Array.from({ length: 700 }, (_, i) => {
        const x = num(false);
        const y = r() < 0.2 ? x : num(k === 1);
        return `{ts:${k * 1000 + i},x:${x},y:${y}}`;
      }).join('\n');
    // (Made once: text draws from r.)
    const texts = [text(0), text(1), text(2)];
    const [cols, rows] = await pairedLakes({ p: { order: 'asc' } }, (k) => ({ p: texts[k]! }));
    for (const op of OPS) {
      for (const tail of ['count()', 'sum(x), c:=count()']) {
        const q = `from p | x ${op} y | ${tail}`;
        const a = await run(cols, q);
        const b = await run(rows, q);
        expect({ q, lines: a.lines }).toEqual({ q, lines: b.lines });
      }
    }
  });

  it('compares the lengths of strings of many values with numbers as the values do', { timeout: 300_000 }, async () => {
    // Strings of 0 to 200 bytes (past a one-byte tag), some not ASCII, nulls; bytes.
    const r = rng(515);
    const str = (): string => {
      if (r() < 0.08) return 'null(string)';
      const n = Math.floor(r() * r() * 200);
      return JSON.stringify(Array.from({ length: n }, () => (r() < 0.05 ? 'é' : String.fromCharCode(97 + Math.floor(r() * 26)))).join(''));
    };
    const text = (k: number) => Array.from({ length: 800 }, (_, i) => `{ts:${k * 1000 + i},s:${str()},b:0x${'ab'.repeat(i % 9)}${(i % 256).toString(16).padStart(2, '0')}}`).join('\n');
    // (Made once: text draws from r.)
    const texts = [text(0), text(1), text(2)];
    const [cols, rows] = await pairedLakes({ p: { order: 'asc' } }, (k) => ({ p: texts[k]! }));
    for (const f of ['len(s) > 17', 'len(s) == 0', '130 <= len(s)', '17 < len(s)', '5 > len(s)', '9 >= len(b)', 'len(s) != 3', 'len(b) >= 6', 'len(s) < -1', '0 == len(b)']) {
      for (const tail of ['count()', 'yield s']) {
        const q = `from p | ${f} | ${tail}`;
        const a = await run(cols, q);
        const b = await run(rows, q);
        expect({ q, lines: a.lines }).toEqual({ q, lines: b.lines });
      }
    }
  });

  it('answers as the values do for == and in over strings of many values, nulls and other types among them', { timeout: 300_000 }, async () => {
    // Thousands of distinct strings in each object: the filter's column is
    // read as elements, whose bodies == and != compare in place (a null is
    // left to the comparison, which reads it as ""), and in tests each.
    const r = rng(4242);
    const s = (i: number): string => {
      const x = r();
      if (x < 0.04) return 'null(string)';
      if (x < 0.06) return String(i % 7);
      if (x < 0.08) return '""';
      return JSON.stringify(`h-${Math.floor(r() * 4000)}${r() < 0.05 ? 'é' : ''}`);
    };
    const text = (base: number) => Array.from({ length: 3000 }, (_, i) => `{ts:${base + i},s:${s(i)},v:${Math.floor(r() * 100)}}`).join('\n');
    const cols = newLake(true);
    const rows = newLake(false);
    const loads = [text(0), text(10_000), text(20_000)];
    for (const lake of [cols, rows]) {
      await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
      for (const t of loads) await lake.load('p', 'main', zson(t));
    }
    const consts = ['"h-100"', '"h-2500"', '"h-250é"', '"h-"', '""', '3', 'null'];
    const c = () => consts[Math.floor(r() * consts.length)]!;
    let kept = 0;
    for (let k = 0; k < 200; k++) {
      const x = r();
      const leaf = x < 0.4 ? `s==${c()}` : x < 0.8 ? `s!=${c()}` : x < 0.9 ? `s in [${c()},${c()}]` : `s in |[${c()},${c()}]|`;
      const f = r() < 0.6 ? leaf : `(${leaf} ${r() < 0.5 ? 'and' : 'or'} v < 50)`;
      const q = `from p | ${f} | ${r() < 0.5 ? 'count()' : 'sum(v), c:=count() by s'}`;
      const a = await run(cols, q);
      const b = await run(rows, q);
      expect({ q, lines: a.lines, read: a.read }).toEqual({ q, lines: b.lines, read: b.read });
      if (b.lines.length > 0) kept++;
    }
    expect(kept).toBeGreaterThan(100);
  });
});
