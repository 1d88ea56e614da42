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
import { Lake, MemoryBlobStore, MemoryMetaStore, prepareQuery, encodeBatches, formatByName } from '../../src/index.js';
import { ksuidHexToBase62 } from '../../src/util/ksuid.js';
import { zson } from './helpers.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** ZSON records, `n` of them, from `seed`; `nullParents` false leaves out null records on key paths. */
function data(seed: number, n: number, nullParents = true): string {
  const r = rng(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  let out = '';
  for (let i = 0; i < n; i++) {
    const f: string[] = [`ts:${i}`];
    // A low-cardinality key, sometimes null, sometimes of another type.
    const c = r();
    f.push(`proto:${c < 0.05 ? 'null' : c < 0.08 ? '7' : c < 0.1 ? 'null(string)' : JSON.stringify(pick(['tcp', 'udp', 'icmp']))}`);
    // A high-cardinality key below a record that is sometimes null or missing.
    const h = r();
    if (h < 0.9) f.push(`id:{orig_h:${JSON.stringify(`10.0.${Math.floor(r() * 40)}.${Math.floor(r() * 250)}`)},port:${Math.floor(r() * 5)}}`);
    else if (h < 0.95 && nullParents) f.push('id:null({orig_h:string,port:int64})');
    else if (h < 0.97) f.push('id:"not a record"');
    // Numbers: int64 with nulls, wide values now and then, a float with NaN, a uint, a time.
    const b = r();
    f.push(`bytes:${b < 0.1 ? 'null' : b < 0.12 ? String(2 ** 53 + Math.floor(r() * 1000)) : b < 0.13 ? '-9223372036854775808' : String(Math.floor(r() * 100000) - 1000)}`);
    if (r() < 0.8) f.push(`dur:${r() < 0.02 ? 'NaN' : (r() * 100).toFixed(3)}`);
    if (r() < 0.7) f.push(`pk:${Math.floor(r() * 300)}(uint32)`);
    f.push(`t:${new Date(1_700_000_000_000 + Math.floor(r() * 1e9)).toISOString()}`);
    // A field of mixed numeric types.
    f.push(`m:${r() < 0.5 ? String(Math.floor(r() * 100)) : (r() * 100).toFixed(2)}`);
    out += `{${f.join(',')}}\n`;
  }
  return out;
}

/** A memory blob store that counts whole reads of data objects (the value path). */
class CountingBlobStore extends MemoryBlobStore {
  objectReads = 0;
  override getStream(key: string): Promise<ReadableStream<Uint8Array> | null> {
    if (key.endsWith('.zng') && !key.endsWith('-seek.zng')) this.objectReads++;
    return super.getStream(key);
  }
}

function newLake(columnCopies: boolean, blobs = new CountingBlobStore()): Lake {
  let t = 1_700_000_000_000_000_000n;
  return new Lake({ blobs, meta: new MemoryMetaStore(), now: () => (t += 1_000_000_000n), columnCopies });
}

async function run(lake: Lake, text: string): Promise<{ lines: string[]; read: number; bytes: number }> {
  const q = await prepareQuery(lake, text);
  let out = '';
  const dec = new TextDecoder();
  for await (const c of encodeBatches(q.run(), formatByName('zson')!.encoder!({ pretty: 0 }))) out += typeof c === 'string' ? c : dec.decode(c);
  const s = q.meter.stats();
  return { lines: out.split('\n').filter(Boolean).sort(), read: s.recordsRead, bytes: s.storedBytes };
}

/** A line with its floats to 12 significant digits. */
function rounded(line: string): string {
  return line.replace(/-?\d+\.\d*(e[-+]?\d+)?/g, (x) => String(Number(Number(x).toPrecision(12))));
}

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
  'count() by id',
  'sum(nosuch) by proto',
  'sum(proto) by id.port',
  'count() by nosuch.field',
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
        if (q.includes('(m)')) {
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

  it('reads only the columns a query names', async () => {
    const cols = newLake(true);
    await cols.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    await cols.load('p', 'main', zson(data(9, 3000)));
    const all = await run(cols, 'from p | ts >= 0 | count() by proto');
    const some = await run(cols, 'from p | count() by proto');
    expect(some.lines).toEqual(all.lines);
    expect(some.bytes).toBeGreaterThan(0);
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

  it('keeps time travel: an earlier commit aggregates only its objects', async () => {
    const lake = newLake(true);
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    const first = await lake.load('p', 'main', zson('{ts:1,k:"a",n:1}{ts:2,k:"b",n:2}'));
    await lake.load('p', 'main', zson('{ts:3,k:"a",n:10}'));
    expect((await run(lake, 'from p | sum(n) by k')).lines).toEqual(['{k:"a",sum:11}', '{k:"b",sum:2}']);
    expect((await run(lake, `from p@${ksuidHexToBase62(first.commit)} | sum(n) by k`)).lines).toEqual(['{k:"a",sum:1}', '{k:"b",sum:2}']);
  });
});
