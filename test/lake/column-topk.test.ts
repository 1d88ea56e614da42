// `sort <field> | head N` over pools whose objects have column copies (the
// candidates picked over columns, lake-topk.ts) against the same queries over
// a lake without copies (every value sorted): random keys (numbers of mixed
// types with nulls, NaN, wide integers and ties; strings; missing fields),
// directions (-r), null placement and limits, from a seed. The outputs must be
// equal line for line, in order, and so must the query statistics (but for
// a sort by the pool key, which may stop reading early).
import { describe, expect, it } from 'vitest';
import { zson } from './helpers.js';
import { CountingBlobStore, data, newLake, pairedLakes, rng, runOrdered as run } from './column-data.js';

const CASES = Number(process.env['ZLAKE_TOPK_CASES'] ?? 2000);

const KEYS = ['bytes', 'dur', 'pk', 't', 'm', 'id.port', 'ts', 'ts', 'proto', 'nosuch', 'id.orig_h'];

/** The records with some keys null (ts ending in 7) and some missing (ending in 3). */
function nullKeys(text: string): string {
  return text.replace(/ts:(\d*)7,/g, 'ts:null,').replace(/ts:\d*3,/g, '');
}

/**
 * Pools: `p` of disjoint objects (ascending), `d` the same descending, `o`
 * of overlapping objects, `na` and `nd` (ascending, descending) with null
 * and missing keys.
 */
function lakes() {
  const pools = { p: { order: 'asc' }, d: { order: 'desc' }, o: { order: 'asc' }, na: { order: 'asc' }, nd: { order: 'desc' }, po: { order: 'desc' } } as const;
  return pairedLakes(pools, (k) => {
    const text = data(700 + k, 150, false, 1000 * k);
    // po: two objects that overlap (ts 0-149, 100-249), then one apart (1000-1149).
    const part = data(900 + k, 150, false, k === 2 ? 1000 : 100 * k);
    return { p: text, d: text, o: data(800 + k, 150, false), na: nullKeys(text), nd: nullKeys(text), po: part };
  });
}

/** Keys whose columns hold only numbers, nulls or missing fields: the column path takes them. */
const NUMERIC = new Set(['bytes', 'dur', 'pk', 't', 'm', 'id.port', 'ts', 'nosuch']);

describe('sort and head over column copies', () => {
  it(`answers as the values do, in ${CASES} random cases`, { timeout: 900_000 }, async () => {
    const [cols, rows, blobs] = await lakes();
    let columnar = 0;
    let merged = 0;
    const r = rng(20261127);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    for (let c = 0; c < CASES; c++) {
      const nulls = r();
      const flags = `${r() < 0.5 ? '-r ' : ''}${nulls < 0.3 ? '-nulls first ' : nulls < 0.5 ? '-nulls last ' : ''}`;
      const pool = r() < 0.5 ? 'p' : pick(['d', 'o', 'na', 'nd']);
      const n = r() < 0.1 ? 500 : 1 + Math.floor(r() * 30);
      const key = pick(KEYS);
      const q = `from ${pool} | sort ${flags}${key} | head ${n}`;
      blobs.objectReads = 0;
      const a = await run(cols, q);
      // The reference sorts every value: a filter before the sort keeps the
      // scan from picking candidates (and from stopping early).
      const b = await run(rows, q.replace(' | sort', ' | where true | sort'));
      // A sort by the pool key in its order reads less than the reference.
      if (key === 'ts') expect({ q, lines: a.lines }).toEqual({ q, lines: b.lines });
      else expect({ q, ...a }).toEqual({ q, ...b });
      // Over disjoint objects and overlapping ones (whose candidates are
      // merged as the scan merges them), a numeric key (but the pool key,
      // whose order the scan has) never reads whole objects.
      if ((pool === 'p' || pool === 'd' || pool === 'o') && NUMERIC.has(key) && key !== 'ts' && n < 450) {
        expect({ q, reads: blobs.objectReads }).toEqual({ q, reads: 0 });
        columnar++;
        if (pool === 'o') merged++;
      }
    }
    expect(columnar).toBeGreaterThan(CASES / 4);
    expect(merged).toBeGreaterThan(CASES / 20);
  });

  it('reads only the seek streams holding the candidates, and counts the whole pool as read', { timeout: 120_000 }, async () => {
    const blobs = new CountingBlobStore();
    const lake = newLake(true, blobs);
    await lake.createPool('big', { layout: { order: 'asc', keys: [['ts']] }, seekStride: 200 });
    for (let k = 0; k < 2; k++) await lake.load('big', 'main', zson(data(900 + k, 2000, false, 10_000 * k)));
    const objects = await lake.objects('big', 'main');
    expect(objects).toHaveLength(2);
    blobs.objectReads = 0;
    blobs.rangeReads = 0;
    const out = await run(lake, 'from big | sort -r bytes | head 5');
    expect(out.lines).toHaveLength(5);
    expect(blobs.objectReads).toBe(0);
    // Five values are in at most five seek streams (of many).
    expect(blobs.rangeReads).toBeGreaterThan(0);
    expect(blobs.rangeReads).toBeLessThanOrEqual(5);
    expect(out.stats[0]).toBe(4000);
    expect(out.stats[2]).toBe(4000);
    // Again: the scores and the streams (decompressed) come from the column
    // cache, the answer and the statistics are the same.
    blobs.rangeReads = 0;
    expect(await run(lake, 'from big | sort -r bytes | head 5')).toEqual(out);
    expect(blobs.rangeReads).toBe(0);
    // The other direction scores anew, from the cached columns.
    const asc = await run(lake, 'from big | sort bytes | head 5');
    expect(asc.lines).toHaveLength(5);
    expect(asc.lines).not.toEqual(out.lines);
    // The answer is the values' answer.
    const rows = newLake(false);
    await rows.createPool('big', { layout: { order: 'asc', keys: [['ts']] }, seekStride: 200 });
    for (let k = 0; k < 2; k++) await rows.load('big', 'main', zson(data(900 + k, 2000, false, 10_000 * k)));
    expect(out).toEqual(await run(rows, 'from big | sort -r bytes | head 5'));
  });

  it('reads only the first objects for a sort by the pool key in its order', { timeout: 120_000 }, async () => {
    const blobs = new CountingBlobStore();
    const lake = newLake(true, blobs);
    await lake.createPool('big', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 4; k++) await lake.load('big', 'main', zson(data(950 + k, 500, false, 10_000 * k)));
    blobs.objectReads = 0;
    const out = await run(lake, 'from big | sort ts | head 3');
    expect(out.lines.map((l) => /ts:(\d+)/.exec(l)![1])).toEqual(['0', '1', '2']);
    // One object read of four (the next is opened ahead of the merge).
    expect(blobs.objectReads).toBeLessThanOrEqual(2);
  });

  it('reads only the last objects for a sort by the pool key against its order, ties and other types included', { timeout: 300_000 }, async () => {
    // Keys repeat (three values each, told apart by i) inside objects; one
    // object's keys are strings, one has a null key (which a sort puts last
    // and a scan going up last too, so the objects after it cannot stand alone).
    const blobs = new CountingBlobStore();
    const cols = newLake(true, blobs);
    const rows = newLake(false);
    const text = (k: number, n: number, key: (i: number) => string) => Array.from({ length: n }, (_, i) => `{ts:${key(i)},i:${k * 1000 + i}}`).join('\n');
    const loads = [
      text(0, 300, (i) => String(Math.floor(i / 3))),
      text(1, 300, (i) => String(1000 + Math.floor(i / 3))),
      text(2, 300, (i) => String(2000 + Math.floor(i / 3))),
      text(3, 60, (i) => JSON.stringify(`k${String(Math.floor(i / 3)).padStart(3, '0')}`)),
    ];
    for (const lake of [cols, rows]) {
      for (const order of ['asc', 'desc'] as const) {
        await lake.createPool(order, { layout: { order, keys: [['ts']] } });
        for (const t of loads) await lake.load(order, 'main', zson(t));
        await lake.createPool(`${order}_null`, { layout: { order, keys: [['ts']] } });
        for (const t of [...loads.slice(0, 3), `${loads[3]}\n{ts:null,i:-1}`]) await lake.load(`${order}_null`, 'main', zson(t));
      }
      // Two objects whose keys overlap (0-99, 50-149, ties across them), then one apart (2000-2099).
      await lake.createPool('asc_over', { layout: { order: 'asc', keys: [['ts']] } });
      for (const t of [loads[0]!, text(4, 300, (i) => String(50 + Math.floor(i / 3))), loads[2]!]) await lake.load('asc_over', 'main', zson(t));
    }
    for (const pool of ['asc', 'desc', 'asc_null', 'desc_null', 'asc_over']) {
      for (const n of [1, 2, 4, 59, 60, 61, 62, 200, 361, 900, 1000]) {
        for (const q of [`from ${pool} | sort -r ts | head ${n}`, `from ${pool} | sort ts | head ${n}`, `from ${pool} | sort -r ts, i | head ${n}`]) {
          blobs.objectReads = 0;
          const a = await run(cols, q);
          const b = await run(rows, q.replace(' | sort', ' | where true | sort'));
          expect({ q, lines: a.lines }).toEqual({ q, lines: b.lines });
          expect(a.lines.length).toBe(Math.min(n, pool.endsWith('null') ? 961 : pool === 'asc_over' ? 900 : 960));
          // Against an ascending pool's order, a few values come from the last object alone.
          if (pool === 'asc' && q.startsWith(`from asc | sort -r ts | head`) && n <= 60) expect({ q, reads: blobs.objectReads }).toEqual({ q, reads: 1 });
          // And more from the last objects, two that overlap merged.
          if (pool === 'asc_over' && q.includes('sort -r ts |')) expect({ q, reads: blobs.objectReads }).toEqual({ q, reads: n <= 300 ? 1 : 3 });
        }
      }
    }
  });

  it('picks the candidates of a sort by a string over columns, strings alike in their first bytes included', { timeout: 300_000 }, async () => {
    // Strings of every length (empty and past six bytes), many alike in
    // their first six bytes and differing after, non-ASCII, nulls and
    // missing fields; pools of one string type, and one whose last object
    // holds numbers there too (which the columns then leave to the values).
    const r = rng(4242);
    const word = (): string => {
      const x = r();
      if (x < 0.05) return '""';
      if (x < 0.4) return JSON.stringify(`prefix${Math.floor(r() * 50)}`);
      if (x < 0.45) return JSON.stringify(`é${Math.floor(r() * 9)}`);
      return JSON.stringify(Array.from({ length: 1 + Math.floor(r() * 10) }, () => String.fromCharCode(97 + Math.floor(r() * 26))).join(''));
    };
    const text = (k: number, n: number, other: boolean) =>
      Array.from({ length: n }, (_, i) => {
        const x = r();
        const s = x < 0.05 ? 's:null(string),' : x < 0.08 ? '' : other && x < 0.2 ? `s:${i},` : `s:${word()},`;
        return `{ts:${k * 1000 + i},${s}i:${i}}`;
      }).join('\n');
    const blobs = new CountingBlobStore();
    const cols = newLake(true, blobs);
    const rows = newLake(false);
    const loads = [0, 1, 2].map((k) => [text(k, 400, false), text(k, 400, k === 2)] as const);
    for (const lake of [cols, rows]) {
      for (const [name, order] of [['sa', 'asc'], ['sd', 'desc'], ['mixed', 'asc']] as const) {
        await lake.createPool(name, { layout: { order, keys: [['ts']] }, seekStride: 1024 });
        for (const [plain, other] of loads) await lake.load(name, 'main', zson(name === 'mixed' ? other : plain));
      }
    }
    for (const pool of ['sa', 'sd', 'mixed']) {
      for (const flags of ['', '-r ', '-nulls first ', '-r -nulls first ']) {
        for (const n of [1, 5, 20, 100, 500]) {
          const q = `from ${pool} | sort ${flags}s | head ${n}`;
          blobs.objectReads = 0;
          const a = await run(cols, q);
          const b = await run(rows, q.replace(' | sort', ' | where true | sort'));
          expect({ q, ...a }).toEqual({ q, ...b });
          if (pool !== 'mixed') expect({ q, reads: blobs.objectReads }).toEqual({ q, reads: 0 });
        }
      }
    }
  });

  it('reads only the last objects for a tail, merging those that overlap', { timeout: 300_000 }, async () => {
    const [cols, rows, blobs] = await lakes();
    for (const pool of ['p', 'd', 'o', 'na', 'nd', 'po']) {
      for (const n of [1, 3, 149, 150, 151, 300, 449, 450, 451, 1000]) {
        const q = `from ${pool} | tail ${n}`;
        blobs.objectReads = 0;
        const a = await run(cols, q);
        const b = await run(rows, q.replace(' | tail', ' | where true | tail'));
        expect({ q, lines: a.lines }).toEqual({ q, lines: b.lines });
        expect(a.lines.length).toBe(Math.min(n, 450));
        // Objects of 150 values that do not touch: only those holding the tail are read.
        if (pool === 'p' || pool === 'd') expect({ q, reads: blobs.objectReads }).toEqual({ q, reads: Math.min(3, Math.ceil(n / 150)) });
        // Descending, the object apart comes first: a tail within the two that overlap reads them both, and no more.
        if (pool === 'po') expect({ q, reads: blobs.objectReads }).toEqual({ q, reads: n <= 300 ? 2 : 3 });
      }
    }
  });

  it('runs the operators between a scan and a tail over the last objects only', { timeout: 300_000 }, async () => {
    const [cols, rows, blobs] = await lakes();
    // Operators that keep every value (one for one, or two for one) and some that drop values, a few or most.
    const MIDS = ['cut ts,bytes', 'put x:=bytes*2 | drop t', 'yield bytes, ts', 'rename y:=proto | cut ts,y', 'put x:=bytes | x > 50000 | cut ts,x', 'yield bytes | this > 97000', 'cut nosuch:=quiet(nosuch)'];
    for (const pool of ['p', 'd', 'o', 'po']) {
      for (const mid of MIDS) {
        for (const n of [1, 3, 149, 150, 151, 300, 451, 1000]) {
          const q = `from ${pool} | ${mid} | tail ${n}`;
          blobs.objectReads = 0;
          const a = await run(cols, q);
          const b = await run(rows, `from ${pool} | where true | ${mid} | tail ${n}`);
          expect({ q, lines: a.lines }).toEqual({ q, lines: b.lines });
          // Objects of 150 values that do not touch: of one for one operators, only those holding the tail are read.
          if ((pool === 'p' || pool === 'd') && mid.startsWith('cut ts')) expect({ q, reads: blobs.objectReads }).toEqual({ q, reads: Math.min(3, Math.ceil(n / 150)) });
        }
      }
    }
  });

  it('sorts by the pool key without sorting when the scan is in that order, as a sort would', { timeout: 300_000 }, async () => {
    const [cols] = await lakes();
    const rows = cols;
    const r = rng(5);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    for (let c = 0; c < 200; c++) {
      const nulls = r();
      const flags = `${r() < 0.5 ? '-r ' : ''}${nulls < 0.3 ? '-nulls first ' : nulls < 0.5 ? '-nulls last ' : ''}`;
      const q = `from ${pick(['p', 'd', 'o', 'na', 'nd'])} | sort ${flags}${pick(['ts', 'ts', 'bytes'])} | yield ts`;
      const a = await run(cols, q);
      const b = await run(rows, q.replace(' | sort', ' | where true | sort'));
      expect({ q, lines: a.lines }).toEqual({ q, lines: b.lines });
    }
  });
});
