// A summarize straight over a pool runs over the objects' column copies.
// Its answers must be those of the same summarize over the values: each
// query runs on a lake whose objects have column copies and on one whose
// objects have none (the same data, the same stores' kinds), and the sorted
// outputs must be equal. The data is generated from a seed and holds what
// the columnar path must get right: nulls, values of several types in one
// field, missing fields, null and non-record parents on a key path,
// integers past 2^53 and at the int64 minimum, floats with NaN, unsigned
// and time values, and keys with few and with many distinct values.
import { describe, expect, it } from 'vitest';
import { Lake, MemoryBlobStore, MemoryMetaStore } from '../../src/index.js';
import { ksuidHexToBase62 } from '../../src/util/ksuid.js';
import { zson } from './helpers.js';
import { seededRandom } from '../support/formats.js';
import { CountingBlobStore, data, expectColumnsAsValues, newLake, pairedLakes, rounded, run } from './column-data.js';

const queries = [
  'count() by proto',
  'count()',
  'c:=count() by proto,p:=id.port',
  'sum(bytes) by proto',
  'sum(bytes), min(bytes), max(bytes) by id.orig_h',
  'sum(dur), min(dur), max(dur) by proto',
  'sum(pk), max(pk) by id.port',
  'min(t), max(t), count() by proto',
  'sum(m), min(m) by proto',
  'sum(bytes)',
  'ab:=avg(bytes), ad:=avg(dur) by proto',
  'am:=avg(m), ap:=avg(pk), count() by id.port',
  'avg(nosuch), sum(bytes) by proto',
  'avg(t)',
  'count() by id',
  'sum(nosuch) by proto',
  'sum(proto) by id.port',
  'count() by nosuch.field',
  // dcount takes each value by its hash: once per code of a coded column, straight from a plain one's bytes.
  'dcount(proto) by id.port',
  'dcount(id.orig_h)',
  'b:=dcount(bytes), m:=dcount(m) by proto',
  'd:=dcount(dur), t:=dcount(t), p:=dcount(pk), f:=dcount(flag)',
  'i:=dcount(id), n:=dcount(nosuch) by proto',
];

describe('summarize over column copies', () => {
  for (const seed of [1, 2, 3]) {
    it(`answers as the values do (seed ${seed})`, async () => {
      const cols = newLake(true);
      const rows = newLake(false);
      for (const lake of [cols, rows]) {
        await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
        // Three loads: three objects, each with its own mix of types.
        for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(data(seed * 10 + k, 700)));
      }
      for (const q of queries) {
        const a = await run(cols, `from p | ${q}`);
        const b = await run(rows, `from p | ${q}`);
        if (q.includes('(m)') || q.includes('avg(')) {
          // Sums of ints and floats together add in another order, so the
          // float result may differ in its last bits (as with any reorder).
          expect({ q, lines: a.lines.map(rounded) }).toEqual({ q, lines: b.lines.map(rounded) });
        } else {
          expect({ q, lines: a.lines }).toEqual({ q, lines: b.lines });
        }
        // count() alone is answered from object metadata, reading no values.
        if (q !== 'count()') expect(a.read).toBe(2100);
      }
    });
  }

  it('compares columns of numbers (read as numbers decoded before) with numbers as the values do', { timeout: 300_000 }, async () => {
    const cols = newLake(true);
    const rows = newLake(false);
    for (const lake of [cols, rows]) {
      await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
      // Integers with nulls and some past 2^53, floats with NaN and nulls, mixed, unsigned, times.
      for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(data(40 + k, 700)));
      // An object of one type, of too many values for dictionaries: integers all exact as floats, floats with NaN and -0, both with nulls
      // (rb: some equal to bytes, some 0 where bytes is null).
      await lake.load('p', 'main', zson(Array.from({ length: 600 }, (_, i) => `{ts:${5000 + i},bytes:${i % 7 === 0 ? 'null(int64)' : (i * 37) % 2000 - 500},dur:${i % 17 === 0 ? 'null(float64)' : i % 11 === 0 ? 'NaN' : i % 13 === 0 ? '-0.' : (i / 7).toFixed(3)},rb:${i % 5 === 0 ? 'null(int64)' : i % 7 === 0 ? 0 : i % 4 === 0 ? (i * 37) % 2000 - 500 : (i * 53) % 1900 - 450},d2:${i % 19 === 0 ? 'null(float64)' : i % 23 === 0 ? 'NaN' : i % 9 === 0 ? '0.' : ((i * 3) % 700 / 7).toFixed(3)},proto:"tcp"}`).join('')));
    }
    const filters: string[] = [];
    for (const op of ['<', '<=', '>', '>=', '==', '!=']) {
      for (const [f, cs] of [['bytes', ['0', '1000', '-5', '50.5', 'NaN']], ['dur', ['10.5', '0', '-0.', '50', 'NaN']], ['pk', ['100']], ['m', ['50']]] as const) {
        for (const c of cs) filters.push(`${f} ${op} ${c}`);
      }
    }
    // Two fields compared: both integers, both floats, one of each (compared as values), and a field not in every object.
    for (const op of ['<', '<=', '>', '>=', '==', '!=']) filters.push(`bytes ${op} rb`, `dur ${op} d2`, `bytes ${op} dur`, `rb ${op} pk`);
    for (const f of filters) {
      for (const q of [`${f} | count()`, `c:=count() where ${f} by proto`, `${f} and proto=="tcp" | sum(bytes) by proto`, `not (${f}) | count()`]) {
        const b = await run(rows, `from p | ${q}`);
        // Twice: the second reads the numbers the first decoded.
        for (let k = 0; k < 2; k++) {
          const a = await run(cols, `from p | ${q}`);
          expect({ q, k, lines: a.lines }).toEqual({ q, k, lines: b.lines });
        }
      }
    }
  });

  it('groups values lacking a key under error("missing") and skips missing arguments, over columns', async () => {
    const blobs = new CountingBlobStore();
    const cols = newLake(true, blobs);
    const rows = newLake(false);
    for (const lake of [cols, rows]) {
      await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
      for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(data(70 + k, 800, false)));
    }
    for (const q of ['count() by id.orig_h', 'sum(bytes), d:=sum(dur), max(pk), min(bytes) by id.port', 'c:=count(),s:=sum(nosuch) by proto,id.port', 'sum(dur) by nosuch']) {
      blobs.objectReads = 0;
      const a = await run(cols, `from p | ${q}`);
      // The columns, not the values, were read.
      expect({ q, objectReads: blobs.objectReads }).toEqual({ q, objectReads: 0 });
      const b = await run(rows, `from p | ${q}`);
      expect({ q, lines: a.lines }).toEqual({ q, lines: b.lines });
    }
    expect((await run(cols, 'from p | count() by id.orig_h')).lines.some((l) => l.includes('error("missing")'))).toBe(true);
  });

  it('sums numbers exact as floats past 2^53 exactly, over columns read as numbers', async () => {
    // Each value fits six bytes, so the column is read as numbers (exact as
    // floats); a group's sum passes 2^53 part way, and from there is summed exactly.
    const big = 2 ** 46 - 10_000;
    const text = (k: number) =>
      Array.from({ length: 600 }, (_, i) => `{ts:${k * 1000 + i},g:${i % 3},x:${i % 11 === 0 ? 'null(int64)' : big + i * 7 + k},u:${2 * big + i}(uint64),f:${i + 0.5},y:${i < 420 ? big + i : -big - i}}`).join('\n');
    const [cols, rows, blobs] = await pairedLakes({ p: { order: 'asc' } }, (k) => ({ p: text(k) }));
    // (y's sums pass 2^53 in each object and come back below it.)
    for (const q of ['sum(x), avg(x), count() by g', 'su:=sum(u), sf:=sum(f) by g', 'sum(x)', 'sum(x) where x % 2 == 0 by g', 'sum(y) by g']) {
      for (const pass of ['first', 'again']) {
        blobs.objectReads = 0;
        const a = await run(cols, `from p | ${q}`);
        expect({ q, pass, objectReads: blobs.objectReads }).toEqual({ q, pass, objectReads: 0 });
        const b = await run(rows, `from p | ${q}`);
        expect({ q, pass, lines: a.lines }).toEqual({ q, pass, lines: b.lines });
      }
    }
    // The sums are past 2^53, and exact: none ends in the float's rounding.
    const sums = (await run(cols, 'from p | sum(x) by g')).lines.map((l) => BigInt(/sum:(-?\d+)/.exec(l)![1]!));
    expect(sums.every((x) => x > 2n ** 53n)).toBe(true);
  });

  it('skips arguments sum, min and max do not take, over columns, and avg takes numeric strings', async () => {
    // Per field, values of one type in some objects and of another in
    // others: strings (some numeric), IPs, booleans, bytes, numbers.
    const text = (k: number) =>
      Array.from({ length: 300 }, (_, i) => {
        const s = k === 1 ? `${i % 7}` : `"${i % 5 === 0 ? 'x' : String(i % 9)}"`;
        const a = k === 2 ? `${i}.5` : `10.0.${k}.${i % 200}`;
        return `{ts:${k * 1000 + i},g:${i % 3},s:${s},a:${a},b:${i % 2 === 0},y:0x${(i % 256).toString(16).padStart(2, '0')}}`;
      }).join('\n');
    const [cols, rows, blobs] = await pairedLakes({ p: { order: 'asc' } }, (k) => ({ p: text(k) }));
    const queries = ['sum(s), avg(s), min(s), max(s) by g', 'sum(a), avg(a), min(a), max(a)', 'sum(b), avg(b), max(b), n:=min(y), m:=avg(y) by g', 'avg(s)'];
    for (const q of queries) {
      blobs.objectReads = 0;
      const a = await run(cols, `from p | ${q}`);
      expect({ q, objectReads: blobs.objectReads }).toEqual({ q, objectReads: q.includes('avg(y)') || q.includes('avg(s)') ? blobs.objectReads : 0 });
      const b = await run(rows, `from p | ${q}`);
      expect({ q, lines: a.lines.map(rounded) }).toEqual({ q, lines: b.lines.map(rounded) });
    }
    // avg counted the numeric strings.
    expect((await run(cols, 'from p | avg(s)')).lines[0]).not.toContain('null');
  });

  it('works out arithmetic under sum, avg, min and max over columns as the values do, at the edges of int64 and of floats', async () => {
    // x: int64s of many values (elements), of few (codes), then the same
    // read as numbers; the least int64, numbers past 2^53 and their
    // products past 2^63, nulls; y: float64s with nulls; z: of either type.
    const edges = ['-9223372036854775808', '9223372036854775807', String(2 ** 53 + 1), String(2 ** 53 - 1), '-' + String(2 ** 53 - 1), '3037000500', 'null(int64)', '0'];
    const text = (k: number) =>
      Array.from({ length: 900 }, (_, i) => {
        const x = i % 13 === 0 ? edges[(i / 13) % edges.length]! : k === 1 ? String(i % 5) : String(i * 7919 - 3_000_000);
        const y = i % 17 === 0 ? "null(float64)" : `${(i % 23) - 11}.${(i * 37) % 1000}25`;
        const z = i % 2 === 0 ? String(i) : `${i}.5`;
        const w = i % 29 === 0 ? '1e308' : i % 31 === 0 ? '-1e308' : `${i}.75`;
        // v: int64s of six bytes or less (exact, read as numbers) whose running sums pass 2^53.
        const v = 2 ** 46 + i * 7;
        return `{ts:${k * 1000 + i},g:${i % 3},x:${x},y:${y},z:${z},w:${w},v:${v}}`;
      }).join('\n');
    const [cols, rows, blobs] = await pairedLakes({ p: { order: 'asc' } }, (k) => ({ p: text(k) }));
    // (w: floats whose products pass the largest float: Inf - Inf is NaN,
    // where min and max depend on the values' order.)
    const queries = [
      'a:=sum(x + 1), b:=sum(x * x), e:=avg(x + 1), f:=sum(x * 2 - x) by g',
      'a:=sum(x + y), d:=avg(y - 0.5), e:=sum(-1 * x), f:=sum(x * 0)',
      'a:=sum(z * 2), b:=avg(z + y), c:=sum(z - y) by g',
      'a:=sum(x - x), b:=sum(y + y), c:=min(x - 1), d:=max(y * 2) by g',
      'a:=min(x * x), b:=max(x + 1), c:=min(y - x), d:=max(z * 3), e:=min(2 - z) by g',
      'a:=max(w * 10 - w * 10), b:=min(w * 10 - w * 10), c:=max(w + 1) by g',
      'a:=max(w - y), b:=min(y * y + x)',
      'a:=sum(v + 1), b:=sum(-1 * v), c:=avg(v - 1), d:=min(v + 0), e:=max(v * 1), f:=sum(v - v)',
    ];
    for (const q of queries) {
      for (const pass of ['first', 'again']) {
        blobs.objectReads = 0;
        const a = await run(cols, `from p | ${q}`);
        // Over columns, but for min and max whose results hold a NaN: over the values.
        const nan = q.includes('max(w * 10');
        expect({ q, pass, values: blobs.objectReads > 0 }).toEqual({ q, pass, values: nan });
        const b = await run(rows, `from p | ${q}`);
        // (Floats summed in another order may differ in their last bits; integers may not.)
        expect({ q, pass, lines: a.lines.map(rounded) }).toEqual({ q, pass, lines: b.lines.map(rounded) });
      }
    }
  });

  it('sums linear arithmetic of integer columns by their columns\' sums, as the values do', async () => {
    // a, b: int64s read as numbers, with nulls (a null adds as 0, as the
    // values add it) and negatives; c: large enough that its sums over an
    // object may pass 2^53 (then each row is worked out); d: a missing
    // field in some records.
    const text = (k: number) =>
      Array.from({ length: 1000 }, (_, i) => {
        const a = i % 11 === 0 ? 'null(int64)' : String(((i * 7919) % 20011) - 10000 + k);
        const b = i % 13 === 0 ? 'null(int64)' : String((i * 31) % 997);
        const c = String(2 ** 43 + i * (k + 1) + (i === 0 ? 1 : 0));
        return i % 37 === 5 ? `{ts:${k * 1000 + i},a:${a},b:${b},c:${c}}` : `{ts:${k * 1000 + i},a:${a},b:${b},c:${c},d:${i}}`;
      }).join('\n');
    const [cols, rows, blobs] = await pairedLakes({ p: { order: 'asc' } }, (k) => ({ p: text(k) }));
    const queries = [
      'a:=sum(a + b), b:=sum(a - b), c:=sum(3 * a), d:=sum(b * -2), e:=sum(a * 3 - b + 7)',
      'a:=avg(a + b), b:=avg(a - b), c:=avg(-1 * b + 1)',
      'a:=sum(c + a), b:=sum(c - c), c:=avg(c + b), d:=sum(c * 3)',
      'a:=sum(a * b), b:=sum(a * 0), c:=sum(-1 * (b - b))',
      'a:=sum(d + a), b:=avg(d - b)',
      'a:=sum(a + b), b:=avg(a + b) where b > 500',
    ];
    await expectColumnsAsValues(cols, rows, blobs, queries, true);
  });

  it('folds a sum and an avg of the same column by key in one pass, as the values do', async () => {
    // v: int64s with nulls and negatives; c: read as numbers (below 2^47)
    // but large enough that a group's sum passes 2^53 part way through a
    // batch (its own fold then takes over); w: float64s; k: 40 groups, g:
    // a group per few rows.
    const text = (k: number) =>
      Array.from({ length: 3000 }, (_, i) => {
        const v = i % 17 === 0 ? 'null(int64)' : String(((i * 7919) % 20011) - 9000 + k);
        const c = String(2 ** 46 + i * 1000 + k);
        const w = i % 19 === 0 ? 'null(float64)' : `${(i * 0.37) % 91}`;
        return `{ts:${k * 10000 + i},k:${(i * 13) % 40},g:${Math.floor(i / 3)},v:${v},c:${c},w:${w}}`;
      }).join('\n');
    const [cols, rows, blobs] = await pairedLakes({ p: { order: 'asc' } }, (k) => ({ p: text(k) }));
    const queries = [
      's:=sum(v), a:=avg(v) by k',
      'a:=avg(v), s:=sum(v) by k',
      's:=sum(c), a:=avg(c) by k',
      's:=sum(c), a:=avg(c), n:=count() by g',
      's:=sum(w), a:=avg(w) by k',
      's:=sum(v), a:=avg(v), t:=sum(v), b:=avg(w) by k',
      's:=sum(v) where v > 0, a:=avg(v) by k',
      's:=sum(v), a:=avg(c) by k',
    ];
    // Twice: a column's numbers are decoded by the first query that reads it, and read as numbers (and folded together) by the next.
    for (const lines of await expectColumnsAsValues(cols, rows, blobs, [...queries, ...queries], true)) expect(lines.length).toBeGreaterThanOrEqual(40);
  });

  it('reads only the columns a query names', async () => {
    const cols = newLake(true);
    await cols.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    await cols.load('p', 'main', zson(data(9, 3000)));
    const some = await run(cols, 'from p | count() by proto');
    // A query that needs whole values reads the data objects.
    const all = await run(cols, 'from p | yield this | count() by proto');
    expect(some.lines).toEqual(all.lines);
    expect(some.bytes).toBeGreaterThan(0);
    // Read again, the columns come from memory.
    expect((await run(cols, 'from p | count() by proto')).bytes).toBe(0);
    // The data object is LZ4-compressed as Zed's are; the column copy is not.
    expect(some.bytes).toBeLessThan(all.bytes * 0.6);
  });

  it('combines objects with and without column copies', async () => {
    const blobs = new MemoryBlobStore();
    const meta = new MemoryMetaStore();
    let t = 1_700_000_000_000_000_000n;
    const now = (): bigint => (t += 1_000_000_000n);
    const withCopies = new Lake({ blobs, meta, now });
    const without = new Lake({ blobs, meta, now, columnCopies: false });
    const rows = newLake(false);
    for (const lake of [withCopies, rows]) await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 4; k++) {
      const text = data(40 + k, 500);
      await (k % 2 === 0 ? withCopies : without).load('p', 'main', zson(text));
      await rows.load('p', 'main', zson(text));
    }
    for (const q of ['count() by proto', 'sum(bytes), max(dur) by id.orig_h', 'c:=count() by proto,id.port']) {
      expect((await run(withCopies, `from p | ${q}`)).lines).toEqual((await run(rows, `from p | ${q}`)).lines);
    }
  });

  it('summarizes an object without a column copy (VNG holds no enums) from its values', async () => {
    const blobs = new CountingBlobStore();
    const lake = newLake(true, blobs);
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    await lake.load('p', 'main', zson('{ts:1,e:%HEADS(enum(HEADS,TAILS)),n:1}{ts:2,e:%TAILS(enum(HEADS,TAILS)),n:2}{ts:3,e:%HEADS(enum(HEADS,TAILS)),n:4}'));
    const keys: string[] = [];
    for await (const b of blobs.list('')) keys.push(b.key);
    expect(keys.some((k) => k.endsWith('-cols.vng'))).toBe(false);
    expect((await run(lake, 'from p | sum(n) by e')).lines).toEqual(['{e:%HEADS(enum(HEADS,TAILS)),sum:5}', '{e:%TAILS(enum(HEADS,TAILS)),sum:2}']);
    expect(blobs.objectReads).toBe(1);
  });

  it('takes min and max of the pool key from each object`s key bounds when they are two values of one type, else from its values', async () => {
    // Per pool, three loads of keys: times, ints (with a key below 2^53's
    // precision), nulls among them, records without one, keys of two types,
    // floats (which NaN puts out of order), in both orders.
    const loads: Record<string, string[]> = {
      times: ['{ts:2024-01-01T00:00:00Z,x:1}{ts:2024-01-02T00:00:00Z,x:2}', '{ts:2023-06-01T12:00:00.5Z,x:3}', '{ts:2025-01-01T00:00:00Z,x:4}{ts:2024-03-01T00:00:00Z,x:5}'],
      ints: ['{ts:5,x:1}{ts:-3,x:2}', '{ts:9007199254740993,x:3}', '{ts:0(int64),x:4}'],
      nulls: ['{ts:5,x:1}{ts:null(int64),x:2}', '{ts:7,x:3}', '{ts:null(int64),x:4}'],
      missing: ['{ts:5,x:1}{x:2}{ts:9,x:2}', '{ts:1,x:3}{ts:2,x:3}', '{x:4}'],
      mixed: ['{ts:5,x:1}{ts:"a",x:2}{ts:9,x:3}{ts:-4,x:3}{ts:"z",x:3}', '{ts:1,x:3}', '{ts:"b",x:4}{ts:3,x:5}{ts:8,x:5}'],
      floats: ['{ts:1.5,x:1}{ts:NaN,x:2}{ts:9.5,x:2}{ts:-7.5,x:2}', '{ts:-2.5,x:3}{ts:2.5,x:3}{ts:-3.5,x:3}', '{ts:0.5,x:4}'],
      float_ints: ['{ts:1.5,x:1}{ts:9,x:2}{ts:-7.5,x:2}{ts:3,x:2}'],
    };
    const blobs = new CountingBlobStore();
    const cols = newLake(true, blobs);
    const rows = newLake(false);
    for (const lake of [cols, rows]) {
      for (const [name, texts] of Object.entries(loads)) {
        for (const order of ['asc', 'desc'] as const) {
          await lake.createPool(`${name}_${order}`, { layout: { order, keys: [['ts']] } });
          for (const t of texts) await lake.load(`${name}_${order}`, 'main', zson(t));
        }
      }
    }
    for (const name of Object.keys(loads)) {
      for (const order of ['asc', 'desc']) {
        for (const q of [
          'min(ts), max(ts)',
          'hi:=max(ts)',
          'lo:=min(ts), count()',
          'min(ts) by x',
          // Presence and nullness of the key, which clean bounds answer too.
          'ts == null | count()',
          'ts != null | c:=count()',
          '!has(ts) | count()',
          'missing(ts) or null == ts | count() by x',
          '5 == ts or 9007199254740993 != ts | count()',
          'has(ts) and ts != null | s:=sum(x)',
        ]) {
          const text = `from ${name}_${order} | ${q}`;
          const before = blobs.getRanges;
          const a = await run(cols, text);
          const b = await run(rows, text);
          expect({ text, lines: a.lines, read: a.read }).toEqual({ text, lines: b.lines, read: b.read });
          // Clean bounds answer alone: neither the values nor the columns are read.
          if ((name === 'times' || name === 'ints') && !q.includes('count()') && !q.includes(' by ') && !q.includes('sum')) expect({ text, reads: blobs.getRanges - before }).toEqual({ text, reads: 0 });
          if ((name === 'times' || name === 'ints') && (q.startsWith('ts == null') || q.startsWith('!has'))) expect({ text, reads: blobs.getRanges - before, lines: a.lines }).toEqual({ text, reads: 0, lines: [] });
        }
      }
    }
  });

  it('groups by expressions of one field over columns of many values, row by row, as the values do', async () => {
    // One record type and thousands of distinct values a column, over
    // times in the pool's order and numbers and strings out of it: the
    // expressions run once per code of the pool's dictionaries, and, on a
    // lake that keeps no column read apart (so none is coded), once per row.
    const r = seededRandom(23);
    const blobs = new CountingBlobStore();
    const cols = newLake(true, blobs);
    const uncoded = newLake(true, blobs, 0);
    const rows = newLake(false);
    const loads = [0, 1, 2].map((k) => {
      let out = '';
      for (let i = 0; i < 6000; i++) {
        const t = 1_700_000_000_000 + k * 50_000_000 + Math.floor(r() * 40_000_000);
        out += `{ts:${new Date(t).toISOString()},n:${Math.floor(r() * 1e6) - 5000},s:${JSON.stringify(`v${Math.floor(r() * 1e5)}${r() < 0.3 ? 'X' : 'y'}`)}}\n`;
      }
      return out;
    });
    for (const lake of [cols, uncoded, rows]) {
      await lake.createPool('p', { layout: { order: 'desc', keys: [['ts']] } });
      for (const text of loads) await lake.load('p', 'main', zson(text));
    }
    for (const q of [
      'count() by time:=bucket(ts, 1h)',
      'count() by every(7m)',
      'c:=count() by b:=bucket(ts, 10m), k:=n%3',
      'sum(n) by k:=n/100000',
      'count() by lower(s)',
      'count() by l:=len(s), e:=s[-1:]',
      'max(n) by b:=bucket(ts, 1s)',
    ]) {
      blobs.objectReads = 0;
      const a = await run(cols, `from p | ${q}`);
      const u = await run(uncoded, `from p | ${q}`);
      const b = await run(rows, `from p | ${q}`);
      expect({ q, lines: a.lines, uncoded: u.lines, objectReads: blobs.objectReads }).toEqual({ q, lines: b.lines, uncoded: b.lines, objectReads: 0 });
      expect(a.lines.length).toBeGreaterThan(2);
    }
  });

  it('takes where clauses, counts of an argument and every other aggregate over columns, in the values` order', { timeout: 300_000 }, async () => {
    // Three loads whose ts ranges are apart ("apart") or interleave
    // ("mixed", which a scan merges by ts), of records of one type (an
    // object is then one set of columns, whose rows are in the object's
    // order), and apart again with records of several types mixed
    // ("types": an object's columns come type by type).
    const records = (seed: number, n: number, ts: (i: number) => number, types = false): string => {
      const r = seededRandom(seed);
      let out = '';
      for (let i = 0; i < n; i++) {
        if (types && r() < 0.3) {
          const k = r();
          const bytes = k < 0.3 ? String(Math.floor(r() * 50)) : k < 0.6 ? (r() * 5000).toFixed(1) : 'null';
          const port = k < 0.2 ? `"${Math.floor(r() * 6)}"` : String(Math.floor(r() * 6));
          out += `{ts:${ts(i)},proto:${k < 0.5 ? '"tcp"' : 'null'},port:${port},bytes:${bytes},tags:["x${i % 3}"],id:{h:${r() < 0.5 ? 'null(ip)' : `10.1.0.${i % 200}`},flag:${r() < 0.5}},extra:${i}}\n`;
          continue;
        }
        const proto = ['tcp', 'udp', 'icmp'][Math.floor(r() * 3)]!;
        const bytes = r() < 0.1 ? 'null(int64)' : String(Math.floor(r() * 5000));
        const kv = `|{${JSON.stringify(proto)}:${Math.floor(r() * 9)},"k${Math.floor(r() * 4)}":${i}}|`;
        const tags = r() < 0.1 ? 'null([string])' : `[${JSON.stringify(`t${Math.floor(r() * 5)}`)}]`;
        out += `{ts:${ts(i)},proto:${JSON.stringify(proto)},port:${Math.floor(r() * 6)},bytes:${bytes},dur:${(r() * 100).toFixed(2)},tags:${tags},kv:${kv},id:{h:"10.0.0.${Math.floor(r() * 300)}",flag:${r() < 0.5}}}\n`;
      }
      return out;
    };
    const blobs = new CountingBlobStore();
    const cols = newLake(true, blobs);
    const rows = newLake(false);
    for (const lake of [cols, rows]) {
      for (const pool of ['apart', 'mixed', 'types']) await lake.createPool(pool, { layout: { order: 'asc', keys: [['ts']] } });
      for (let k = 0; k < 3; k++) {
        await lake.load('apart', 'main', zson(records(500 + k, 900, (i) => 1000 * k + i)));
        await lake.load('mixed', 'main', zson(records(600 + k, 900, (i) => 3 * i + k)));
        await lake.load('types', 'main', zson(records(700 + k, 900, (i) => 1000 * k + i, true)));
      }
    }
    const ordered = [
      'a:=any(bytes), b:=any(proto) by port',
      'collect(bytes) by proto',
      'p:=collect(proto), c:=count(proto) by port',
      'c:=collect(tags) where port > 2, n:=count() by proto',
      'collect_map(kv) by port',
      'm:=collect_map(kv) where bytes > 2500',
      'f:=fuse(id), t:=fuse(tags) by proto',
      'a:=any(id.h) where id.flag, c:=collect(id.h) where ts % 7 == 0 by port',
      'c:=collect(bytes + port) where dur > 50, a:=any(dur / bytes), f:=fuse(bytes * 0.5 - dur) by proto',
    ];
    const unordered = [
      'c:=count() where proto=="tcp", d:=count() where bytes > 1000 by port',
      's:=sum(bytes) where proto=="udp", a:=avg(dur) where dur < 20, x:=max(bytes) where port == 0',
      'n:=count(bytes), t:=count(tags), z:=count(nosuch) by proto',
      'u:=union(proto) where bytes < 100, d:=dcount(id.h) where id.flag by port',
      'c:=count() where ts < 1000, s:=sum(bytes) where ts >= 1500 by proto',
      'c:=count() where nosuch == 1, o:=or(id.flag) where proto == "icmp"',
      's:=sum(bytes + port), n:=count(bytes > 2500), u:=union(len(tags)) by proto',
      'a:=avg(dur * 2) where port < 3, d:=dcount(lower(proto)) by port',
      'c:=count(extra + port), s:=sum(extra * 2), u:=union(nosuch + 1) by proto',
    ];
    for (const pool of ['apart', 'mixed', 'types']) {
      for (const q of [...ordered, ...unordered]) {
        for (const filter of ['', 'port != 3 | ', 'ts >= 1400 | ']) {
          const text = `from ${pool} | ${filter}${q}`;
          blobs.objectReads = 0;
          blobs.rangeReads = 0;
          const a = await run(cols, text);
          const valueReads = blobs.objectReads + blobs.rangeReads;
          const b = await run(rows, text);
          const round = q.includes('avg(') || q.includes('sum(');
          expect({ text, lines: round ? a.lines.map(rounded) : a.lines }).toEqual({ text, lines: round ? b.lines.map(rounded) : b.lines });
          // Only a scan that merges objects feeds aggregates of order the values.
          const merged = pool === 'mixed' && ordered.includes(q);
          expect({ text, valueReads: valueReads > 0 }).toEqual({ text, valueReads: merged });
        }
      }
    }
    // The aggregates had something to take.
    expect((await run(cols, 'from apart | collect(bytes) by proto')).lines.join('').length).toBeGreaterThan(3000);
    expect((await run(cols, 'from apart | c:=count() where proto=="tcp"')).lines).toEqual((await run(cols, 'from apart | proto=="tcp" | c:=count()')).lines);
  });

  it('estimates dcount of many distinct values over columns as over the values, by their hashes', { timeout: 300_000 }, async () => {
    // Past the sketch's exact range its estimate depends on every value's
    // hash: a string field (coded, of 12,000 values), an int field, both by
    // a key of three values, in objects whose values overlap.
    const [cols, rows] = await pairedLakes({ p: { order: 'asc' } }, (k) => {
      let text = '';
      for (let i = 0; i < 20_000; i++) {
        const j = k * 10_000 + i;
        text += `{ts:${j},s:"v${j % 12_000}",n:${(j * 7919) % 30_000},b:${j % 3}}\n`;
      }
      return { p: text };
    });
    for (const q of ['dcount(s)', 'dcount(n)', 'ds:=dcount(s), dn:=dcount(n) by b', 's == "v7" or b == 1 | dcount(s)']) {
      const a = await run(cols, `from p | ${q}`);
      const b = await run(rows, `from p | where true | yield this | ${q}`);
      expect({ q, lines: a.lines }).toEqual({ q, lines: b.lines });
    }
    // An estimate, not the count: the hashes decided it.
    expect((await run(cols, 'from p | dcount(s)')).lines).not.toEqual(["{dcount:12000(uint64)}"]);
  });

  it('keeps time travel: an earlier commit aggregates only its objects', async () => {
    const lake = newLake(true);
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    const first = await lake.load('p', 'main', zson('{ts:1,k:"a",n:1}{ts:2,k:"b",n:2}'));
    await lake.load('p', 'main', zson('{ts:3,k:"a",n:10}'));
    expect((await run(lake, 'from p | sum(n) by k')).lines).toEqual(['{k:"a",sum:11}', '{k:"b",sum:2}']);
    expect((await run(lake, `from p@${ksuidHexToBase62(first.commit)} | sum(n) by k`)).lines).toEqual(['{k:"a",sum:1}', '{k:"b",sum:2}']);
  });
});
