// The data and helpers of the tests that compare answers over column copies
// with answers over values (column-aggregate.test.ts, column-filter.test.ts).
import { expect } from 'vitest';
import { Lake, MemoryBlobStore, MemoryMetaStore, prepareQuery, encodeBatches, formatByName } from '../../src/index.js';
import { seededRandom } from '../support/formats.js';
import { zson } from './helpers.js';

/** The tests' seeded generator (mulberry32). */
export const rng = seededRandom;

/** ZSON records, `n` of them, from `seed`; `nullParents` false leaves out null records on key paths; ts counts from `tsBase`. */
export function data(seed: number, n: number, nullParents = true, tsBase = 0): string {
  const r = rng(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  let out = '';
  for (let i = 0; i < n; i++) {
    const f: string[] = [`ts:${tsBase + i}`];
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
    // A boolean, sometimes null (from i, so that the draws above stay as they were, and of one type, so that the records keep theirs).
    f.push(`flag:${i % 7 === 0 ? 'null(bool)' : (i * 7919) % 5 < 4 ? 'true' : 'false'}`);
    out += `{${f.join(',')}}\n`;
  }
  return out;
}

/** A memory blob store that counts whole reads of data objects (the value path). */
export class CountingBlobStore extends MemoryBlobStore {
  objectReads = 0;
  /** Ranged reads of data objects (a scan pruned by a key span). */
  rangeReads = 0;
  override getStream(key: string): Promise<ReadableStream<Uint8Array> | null> {
    if (key.endsWith('.zng') && !key.endsWith('-seek.zng')) this.objectReads++;
    return super.getStream(key);
  }
  /** Ranged reads of anything (column copies included). */
  getRanges = 0;
  override getRange(key: string, offset: number, length: number): Promise<Uint8Array | null> {
    this.getRanges++;
    if (key.endsWith('.zng') && !key.endsWith('-seek.zng')) this.rangeReads++;
    return super.getRange(key, offset, length);
  }
}

/** A lake over `blobs`, its objects with column copies or without; `columnCacheBytes` 0 keeps no column read apart (see LakeDeps). */
export function newLake(columnCopies: boolean, blobs = new CountingBlobStore(), columnCacheBytes?: number): Lake {
  let t = 1_700_000_000_000_000_000n;
  return new Lake({ blobs, meta: new MemoryMetaStore(), now: () => (t += 1_000_000_000n), columnCopies, ...(columnCacheBytes !== undefined ? { columnCacheBytes } : {}) });
}

export async function run(lake: Lake, text: string): Promise<{ lines: string[]; read: number; bytes: number }> {
  const q = await prepareQuery(lake, text);
  let out = '';
  const dec = new TextDecoder();
  for await (const c of encodeBatches(q.run(), formatByName('zson')!.encoder!({ pretty: 0 }))) out += typeof c === 'string' ? c : dec.decode(c);
  const s = q.meter.stats();
  return { lines: out.split('\n').filter(Boolean).sort(), read: s.recordsRead, bytes: s.storedBytes };
}

/** A line with its floats to 12 significant digits. */
export function rounded(line: string): string {
  return line.replace(/-?\d+\.\d*(e[-+]?\d+)?/g, (x) => String(Number(Number(x).toPrecision(12))));
}


/** Runs a query; its output lines in order, and its stats [records_read, bytes_read, records_matched, bytes_matched]. */
export async function runOrdered(lake: Lake, text: string): Promise<{ lines: string[]; stats: number[] }> {
  const q = await prepareQuery(lake, text);
  let out = '';
  const dec = new TextDecoder();
  for await (const c of encodeBatches(q.run(), formatByName('zson')!.encoder!({ pretty: 0 }))) out += typeof c === 'string' ? c : dec.decode(c);
  const s = q.meter.stats();
  return { lines: out.split('\n').filter(Boolean), stats: [s.recordsRead, s.bytesRead, s.recordsMatched, s.bytesMatched] };
}

/**
 * Two lakes with the same pools (keyed by ts in `order`), one whose objects
 * have column copies (over the returned counting store) and one without;
 * `loads(k)` gives each pool's k-th load (three each).
 */
export async function pairedLakes(
  pools: Readonly<Record<string, { readonly order: 'asc' | 'desc'; readonly seekStride?: number }>>,
  loads: (k: number) => Readonly<Record<string, string>>,
): Promise<[Lake, Lake, CountingBlobStore]> {
  const blobs = new CountingBlobStore();
  const cols = newLake(true, blobs);
  const rows = newLake(false);
  for (const lake of [cols, rows]) {
    for (const [name, p] of Object.entries(pools)) {
      await lake.createPool(name, { layout: { order: p.order, keys: [['ts']] }, ...(p.seekStride !== undefined ? { seekStride: p.seekStride } : {}) });
    }
    for (let k = 0; k < 3; k++) for (const [name, text] of Object.entries(loads(k))) await lake.load(name, 'main', zson(text));
  }
  return [cols, rows, blobs];
}

/** Fields of data()'s records and constants to compare them with, of matching and other types. */
export const LEAVES: readonly (readonly [string, readonly string[]])[] = [
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
  ['flag', ['true', 'false', 'null']],
];
export const OPS = ['==', '!=', '<', '<=', '>', '>='] as const;
/** Summarizes whose keys and arguments are field paths of data()'s records. */
export const SUMMARIZES = [
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
  'dp:=dcount(proto), dh:=dcount(id.orig_h) by id.port',
  'dp:=dcount(bytes), c:=count()',
  'union(proto) by id.port',
  'u:=union(id.orig_h), s:=sum(bytes) by proto',
  'u:=union(pk), d:=dcount(t)',
  'a:=and(flag), o:=or(flag) by proto',
  'o:=or(flag)',
  'dcount(dur) by proto',
  // Numeric aggregates of strings, IPs and booleans, which they skip (proto is sometimes 7).
  's:=sum(proto), x:=max(id.orig_h), n:=min(flag), a:=avg(proto) by id.port',
  'x:=max(proto), n:=min(proto), c:=count()',
  // Keys that are expressions of one field.
  'count() by every(100)',
  'c:=count() by b:=bucket(t, 6h), proto',
  'sum(bytes) by lower(proto)',
  'count() by k:=bytes/1000',
  'max(pk) by typeof(m), id.port',
  'count() by len(id.orig_h)',
  'count() by quiet(proto)',
  'count() by n:=lower(nosuch)',
  'sum(bytes) by b:=ts/7',
  'count() by r:=ts%5, proto',
  // Where clauses, counts of an argument, and aggregates that depend on the values' order.
  'c:=count() where proto=="tcp", u:=count() where bytes>1000 by id.port',
  's:=sum(bytes) where proto=="udp", x:=max(dur) where has(pk), c:=count() by proto',
  'a:=avg(dur) where dur > 50, n:=count(pk)',
  'c:=count() where ts < 1000, s:=sum(bytes) where ts >= 1000 by proto',
  'u:=union(proto) where bytes > 0, d:=dcount(id.orig_h) where !(proto=="tcp") by id.port',
  'c:=count(id), d:=count(nosuch), e:=count(proto) where flag by id.port',
  'a:=any(proto), b:=any(bytes) by id.port',
  'collect(pk) by proto',
  'c:=collect(bytes) where flag, s:=sum(bytes) by proto',
  'f:=fuse(id), a:=any(t) by proto',
  'n:=count() where nosuch > 1, k:=collect(id.orig_h) where id.port == 2',
  // Arguments that are expressions of a few fields.
  's:=sum(bytes + pk), n:=count(bytes > 100) by proto',
  'a:=avg(dur * 2), x:=max(bytes - pk), y:=min(m - dur) by id.port',
  'u:=union(lower(proto)), m:=min(len(id.orig_h)) by id.port',
  'c:=collect(bytes / 1000) where flag, d:=dcount(id.port + pk) by proto',
  'x:=max(dur / m), y:=min(m / dur)',
  'z:=any(nosuch + 1), n:=count(dur / m), c:=collect(pk + 1) by proto',
  // Arithmetic that sum, avg, min and max take as numbers worked out over columns.
  's:=sum(bytes + 1), a:=avg(bytes * 2), x:=max(bytes - 10), n:=min(bytes * bytes) by proto',
  'x:=max(dur * 2 + m), n:=min(m - 1.5), s:=sum(dur - dur), a:=avg(3 * m) by id.port',
  's:=sum(pk * 2), t:=sum(bytes + pk), u:=sum(ts * -1)',
];

/**
 * A random summarize over pool p: with a random filter (of `depth`)
 * but for a share `bare` of the cases, and one of `summarizes`; and whether
 * its floats are to be compared rounded.
 */
export function summarizeQuery(r: () => number, bare: number, depth: number, summarizes: readonly string[] = SUMMARIZES): { q: string; round: boolean } {
  const filter = r() < bare ? '' : `${filterOf(r, depth)} | `;
  const q = `from p | ${filter}${summarizes[Math.floor(r() * summarizes.length)]}`;
  return { q, round: q.includes('(m)') || q.includes('(dur)') || q.includes('avg(') || q.includes('sum(') };
}

/** Expressions of one field (F) that columns evaluate as filter leaves, of every outcome: bools, nulls, missing and other errors, non-bools. */
export const FIELD_EXPRS = [
  'has(F)',
  'missing(F)',
  'is(F, <string>)',
  'is(F, <int64>)',
  'typeof(F)==<float64>',
  'len(F)>3',
  '10 < len(F)',
  'len(F) == 9',
  'len(F) <= 10',
  'F+1>100',
  '1<F',
  'grep("cp", F)',
  'grep(/^[tu1]/, F)',
  'regexp(/^([tu])/, F)[1]=="t"',
  'lower(F)=="tcp"',
  'is_error(F)',
  'cidr_match(10.0.0.0/16, F)',
  'coalesce(F, 0)==0',
  'string(F)=="7"',
  '<bool>(F)',
  'F==null',
  '(F>10 ? true : "no")',
];

/** Expressions of two or three fields that columns evaluate as filter leaves, of every outcome, missing fields and mixed types included. */
export const FIELDS_EXPRS = [
  'bytes > pk',
  'bytes + pk > 50000',
  'id.port == pk',
  'proto == id.orig_h',
  'dur > m',
  'ts < bytes',
  'bytes != ts and id.port <= ts',
  'id.port < ts',
  'has(dur) == has(pk)',
  'nosuch == proto',
  'len(proto) + id.port > 4',
  '(t > 2023-11-20T00:00:00Z ? bytes > 0 : flag) == true',
  'coalesce(pk, bytes, 0) > 100',
  'm * 2 >= dur',
];

/**
 * A random filter: comparisons of LEAVES (and `in` arrays and sets of their
 * constants), now and then an expression of one of their fields
 * (FIELD_EXPRS) or of a few (FIELDS_EXPRS), and `and`, `or` and `not` of
 * them up to `depth` deep.
 */
export function filterOf(r: () => number, depth: number): string {
  if (depth > 0 && r() < 0.35) {
    if (r() < 0.2) return `!(${filterOf(r, depth - 1)})`;
    const op = r() < 0.5 ? 'and' : 'or';
    return `(${filterOf(r, depth - 1)} ${op} ${filterOf(r, depth - 1)})`;
  }
  if (r() < 0.08) return FIELDS_EXPRS[Math.floor(r() * FIELDS_EXPRS.length)]!;
  const [field, consts] = LEAVES[Math.floor(r() * LEAVES.length)]!;
  if (r() < 0.15) return FIELD_EXPRS[Math.floor(r() * FIELD_EXPRS.length)]!.replaceAll('F', field);
  const c = () => consts[Math.floor(r() * consts.length)]!;
  // Now and then `in` an array or a set of constants.
  if (r() < 0.15) return r() < 0.5 ? `${field} in [${c()},${c()}]` : `${field} in |[${c()},${c()},${c()}]|`;
  return `${field}${OPS[Math.floor(r() * OPS.length)]}${c()}`;
}

/** Filters on the pool key (ts), which objects' key ranges answer whole or not at all, alone and with others. */
export function keyFilter(r: () => number, span: number): string {
  const at = () => Math.floor(r() * span);
  const f = [() => `ts >= ${at()}`, () => `ts < ${at()}`, () => `ts == ${at()}`, () => `ts > ${at()} and ts <= ${at()}`][Math.floor(r() * 4)]!();
  return r() < 0.5 ? f : `${f} and ${filterOf(r, 1)}`;
}

/**
 * Runs each query over `from p` on both lakes: the one with column copies
 * must read no value whole (none of its objects) and answer as the one
 * without does, line for line in order (floats to 12 digits with
 * `roundFloats`); returns the lines of each answer.
 */
export async function expectColumnsAsValues(cols: Lake, rows: Lake, blobs: CountingBlobStore, queries: readonly string[], roundFloats = false): Promise<string[][]> {
  const answers: string[][] = [];
  for (const q of queries) {
    blobs.objectReads = 0;
    const a = (await runOrdered(cols, `from p | ${q}`)).lines;
    expect({ q, reads: blobs.objectReads }).toEqual({ q, reads: 0 });
    const b = (await runOrdered(rows, `from p | ${q}`)).lines;
    const shown = (lines: string[]) => (roundFloats ? lines.map(rounded) : lines);
    expect({ q, lines: shown(a) }).toEqual({ q, lines: shown(b) });
    answers.push(a);
  }
  return answers;
}
