// `sort <field> | head N` straight over a pool, its candidates picked over
// columns: the sort key's column of every data object gives each value a
// score (a float64 in the sort's direction), the N-th best score is the
// threshold, and only the values scoring at least that are read, from the
// seek streams that hold them. The sort then runs over those values, in the
// order the scan would have handed them over, so its answer is the one the
// whole scan gives: the scores are monotone in Zed's order of numbers, so
// every value that could come out is a candidate; of the values tying at a
// finite threshold (true ties: exact numbers) only as many as the sort can
// still take are kept, the earliest, as a stable sort keeps them.
//
// A sort by the pool key in the pool's order needs no columns: the scan's
// first N values are the answer. Against the pool's order (nulls last),
// the sort runs over the last objects only, those that hold N values.
//
// It runs only where that order is plain: key columns of numbers, nulls or
// missing fields, or of strings, nulls or missing fields (a string scores
// by its first six bytes, so strings tying there are all candidates);
// otherwise, and when there are more than 100,000 candidates, it reads the
// pool as values. Where objects' key ranges touch, the candidates of each
// are merged as the scan merges their values (merge-runs.ts), and every
// value tying at the threshold is one (which of them come first is the
// merge's to say).

import type { ColumnTopK } from '../compiler/index.js';
import type { ColumnObject, Lake, PoolKey, ScanStats } from '../lake/index.js';
import { bodyStart, type ColumnBatch } from '../runtime/agg/index.js';
import { samePath, type Stream } from '../runtime/op/index.js';
import { decodeFloat, decodeIntNumber, decodeUintNumber, ID, underlying, type TypeContext, type Value } from '../zed/index.js';
import { plainBounds } from './column-filter.js';
import { scanPool } from './lake-source.js';
import { mergeValues, overlapping } from './merge-runs.js';
import { poolObjects } from './pool-objects.js';

const BATCH = 8192;
const EXACT = 2 ** 53;
/** Candidates read at most beyond the limit. */
const MAX_CANDIDATES = 100_000;

/** How a key column's bodies read as scores; null when it holds other values. */
const enum Kind {
  Null,
  Uint,
  Int,
  Float,
  /** Strings, scored by their first six bytes (see Scorer.score). */
  String,
}

function kindOf(col: ColumnBatch): Kind | null {
  if (col.missing) return Kind.Null;
  const t = underlying(col.type);
  if (t.kind !== 'primitive') return null;
  const id = t.id;
  if (id === ID.null) return Kind.Null;
  if (id <= ID.uint64) return Kind.Uint;
  if ((id >= ID.int8 && id <= ID.int64) || id === ID.duration || id === ID.time) return Kind.Int;
  if (id >= ID.float16 && id <= ID.float64) return Kind.Float;
  // (Plain strings only: a named one sorts as its type says.)
  if (id === ID.string && col.type.kind === 'primitive') return Kind.String;
  return null;
}

/** Scores: higher is taken first; nulls at one end, NaN (below every number) with the infinity beside it. */
class Scorer {
  /** An integer too wide to be exact as a float64 was scored. */
  inexact = false;
  private readonly nullScore: number;

  constructor(
    readonly desc: boolean,
    nullsFirst: boolean,
  ) {
    this.nullScore = nullsFirst ? Infinity : -Infinity;
  }

  /** The score of element b[s:e] of a column of `kind`. */
  score(kind: Kind, b: Uint8Array, s: number, e: number): number {
    if (kind === Kind.Null) return this.nullScore;
    const body = bodyStart(b, s);
    if (body < 0) return this.nullScore;
    let x: number;
    if (kind === Kind.String) {
      // The first six bytes, big-endian (a shorter string padded with
      // zeros): never less for a string that sorts after, bytewise, but
      // equal for strings that differ only later, so ties are not true ties.
      x = 0;
      for (let k = body; k < body + 6; k++) x = x * 256 + (k < e ? b[k]! : 0);
      this.inexact = true;
    } else if (kind === Kind.Float) {
      x = decodeFloat(b, body, e);
      if (Number.isNaN(x)) return this.desc ? -Infinity : Infinity;
    } else {
      x = kind === Kind.Uint ? decodeUintNumber(b, body, e) : decodeIntNumber(b, body, e);
      if (x >= EXACT || x <= -EXACT) this.inexact = true;
    }
    return this.desc ? x : -x;
  }
}

/** The k best scores seen (a min-heap): top() is the k-th best once full. */
class Best {
  private readonly heap: Float64Array;
  size = 0;
  constructor(readonly k: number) {
    this.heap = new Float64Array(k);
  }

  top(): number {
    return this.heap[0]!;
  }

  add(x: number): void {
    const h = this.heap;
    if (this.size < this.k) {
      let i = this.size++;
      h[i] = x;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (h[p]! <= h[i]!) break;
        const t = h[p]!;
        h[p] = h[i]!;
        h[i] = t;
        i = p;
      }
      return;
    }
    if (!(x > h[0]!)) return;
    h[0] = x;
    let i = 0;
    const n = this.size;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && h[l]! < h[m]!) m = l;
      if (r < n && h[r]! < h[m]!) m = r;
      if (m === i) return;
      const t = h[m]!;
      h[m] = h[i]!;
      h[i] = t;
      i = m;
    }
  }
}

/** The scores of an object's values, member by member (see VngColumnSet.memberRows). */
interface Scored {
  readonly scores: Float64Array;
  /** Score i's position in the object; null when they are in the object's order. */
  readonly rows: Int32Array | null;
  /** An integer too wide to be exact as a float64 was scored, or a string. */
  readonly inexact: boolean;
  /** Whether strings were scored, and numbers: scores of the two do not compare. */
  readonly strings: boolean;
  readonly numbers: boolean;
  readonly byteLength: number;
}

/**
 * The scores of an object's values, kept in the column cache (a top-k
 * over the same key scores each object once); null when its columns cannot
 * give them.
 */
async function scoresOf(o: ColumnObject, path: readonly string[], desc: boolean, nullsFirst: boolean): Promise<Scored | null> {
  const key = `topk-scores:${desc ? 'desc' : 'asc'}:${nullsFirst ? 'first' : 'last'}:${JSON.stringify(path)}`;
  const kept = o.kept<Scored>(key);
  if (kept !== undefined) return kept;
  const made = await scoreObject(o, path, new Scorer(desc, nullsFirst));
  if (made !== null) o.keep(key, made);
  return made;
}

/** The scores of an object's values; null when its columns cannot give them. */
async function scoreObject(o: ColumnObject, path: readonly string[], scorer: Scorer): Promise<Scored | null> {
  // null when the object has no usable copy (a copy that does not read is a warning in the stats).
  const set = await o.columns([path], { tags: true });
  if (set === null) return null;
  const n = o.object.count;
  const members = set.members;
  const rows = set.memberRows;
  if (members.length > 1 && rows === null) return null;
  if (members.reduce((a, m) => a + m.length, 0) !== n) return null;
  const scores = new Float64Array(n);
  const sign = scorer.desc ? 1 : -1;
  const nan = scorer.desc ? -Infinity : Infinity;
  let j = 0;
  let strings = false;
  let numbers = false;
  for (const m of members) {
    const col = m.cursors[0]!;
    const kind = kindOf(col);
    if (kind === null) return null;
    if (kind === Kind.String) strings = true;
    else if (kind !== Kind.Null) numbers = true;
    let codeScores: Float64Array | null = null;
    for (let c = m.next(BATCH); c > 0; c = m.next(BATCH)) {
      if (col.cardinality >= 0) {
        if (codeScores === null) {
          codeScores = new Float64Array(col.cardinality);
          for (let k = 0; k < col.cardinality; k++) {
            const el = col.element(k);
            codeScores[k] = scorer.score(kind, el, 0, el.length);
          }
        }
        const codes = col.codes;
        for (let i = 0; i < c; i++, j++) scores[j] = codeScores[codes[i]!]!;
        continue;
      }
      const { bytes, starts, sizes } = col;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let i = 0; i < c; i++, j++) {
        const s = starts[i]!;
        const tag = bytes[s]!;
        let x: number;
        // The common elements read inline: a float64, a short integer.
        if (kind === Kind.Float && tag === 9) {
          x = view.getFloat64(s + 1, true);
          x = x === x ? sign * x : nan;
        } else if (kind === Kind.Int && tag > 1 && tag < 8) {
          let u = 0;
          for (let k = s + tag - 1; k > s; k--) u = u * 256 + bytes[k]!;
          // (1 is MinInt64, whose magnitude wrapped.)
          x = u === 1 ? scorer.score(kind, bytes, s, s + sizes[i]!) : sign * (u % 2 === 0 ? u / 2 : -(u - 1) / 2);
        } else x = scorer.score(kind, bytes, s, s + sizes[i]!);
        scores[j] = x;
      }
    }
  }
  const memberRows = members.length > 1 ? rows : null;
  return { scores, rows: memberRows, inexact: scorer.inexact, strings, numbers, byteLength: scores.byteLength + (memberRows?.byteLength ?? 0) };
}

/** An object's values scoring above the threshold and at it, by position, ascending. */
interface Split {
  readonly better: number[];
  readonly tied: number[];
}

/**
 * Adds `scores` to `best`; returns the indexes of those that were at least
 * its least when read (all while it was not full), in order.
 */
function bestOf(scores: Float64Array, best: Best): number[] {
  const seen: number[] = [];
  let full = best.size >= best.k;
  let least = full ? best.top() : 0;
  for (let i = 0; i < scores.length; i++) {
    const x = scores[i]!;
    if (full && !(x >= least)) continue;
    seen.push(i);
    if (!full || x > least) {
      best.add(x);
      full = best.size >= best.k;
      if (full) least = best.top();
    }
  }
  return seen;
}

/** The positions of an object's values scoring above `threshold` and at it, of those at `seen` (see bestOf). */
function split(s: Scored, seen: readonly number[], threshold: number): Split {
  const { scores, rows } = s;
  const better: number[] = [];
  const tied: number[] = [];
  for (const i of seen) {
    const x = scores[i]!;
    if (x > threshold) better.push(rows === null ? i : rows[i]!);
    else if (x === threshold) tied.push(rows === null ? i : rows[i]!);
  }
  if (rows !== null) {
    better.sort((a, b) => a - b);
    tied.sort((a, b) => a - b);
  }
  return { better, tied };
}

/**
 * The positions of the candidates of one object, ascending: those scoring
 * above the threshold, and those scoring at it while `ties.left` lasts
 * (taken in the object's order).
 */
function candidates({ better, tied }: Split, ties: { left: number }): number[] {
  const taken = tied.length <= ties.left ? tied : tied.slice(0, ties.left);
  ties.left -= taken.length;
  if (taken.length === 0) return better;
  return [...better, ...taken].sort((a, b) => a - b);
}

/**
 * Whether a scan of the pool yields its values in the sort's order: the
 * sort is by the pool key in the pool's direction, and nulls (which a scan
 * puts last going up and first going down, as Zed orders keys) are where
 * the sort wants them, or no object has a null key (its max would be null).
 */
function inScanOrder(plan: ColumnTopK, key: PoolKey, objects: readonly ColumnObject[]): boolean {
  if (!samePath(plan.path, key.path)) return false;
  if (plan.desc !== (key.order === 'desc')) return false;
  const scanNullsFirst = key.order === 'desc';
  return plan.nullsFirst === scanNullsFirst || objects.every((o) => o.object.min.bytes !== null && o.object.max.bytes !== null);
}

/**
 * When the sort is by the pool key against the pool's direction, nulls
 * last: the last runs of the scan's objects (runs whose key ranges touch,
 * see merge-runs.ts), fewest first, that hold `limit` values or more, each
 * object of keys of one type and none null (its bounds say so); else null.
 * The sort takes the scan's values in reverse, nulls aside, so these runs
 * hold every value it can take first, ties included: the keys of the runs
 * before them are all less (going up, greater going down).
 */
function lastObjects(plan: ColumnTopK, key: PoolKey, runs: readonly (readonly ColumnObject[])[]): (readonly ColumnObject[])[] | null {
  if (!samePath(plan.path, key.path) || plan.desc === (key.order === 'desc') || plan.nullsFirst) return null;
  return lastHolding(runs, plan.limit, (o) => plainBounds(o.object.min, o.object.max));
}

/** The last runs of objects, fewest first, that hold `count` values or more, each object `ok`; else null. */
function lastHolding(runs: readonly (readonly ColumnObject[])[], count: number, ok: (o: ColumnObject) => boolean = () => true): (readonly ColumnObject[])[] | null {
  let n = 0;
  let k = runs.length;
  while (k > 0 && n < count) {
    for (const o of runs[--k]!) {
      if (!ok(o)) return null;
      n += o.object.count;
    }
  }
  return n >= count ? runs.slice(k) : null;
}

/** The values of runs of objects in the scan's order: each object's, those of a run merged as the scan merges them. */
async function* runValues(runs: readonly (readonly ColumnObject[])[], key: PoolKey): AsyncGenerator<Value[]> {
  for (const run of runs) yield* run.length === 1 ? run[0]!.rows() : mergeValues(run.map((o) => o.rows()), key);
}

/** Whether a scan of the pool at `commitish` yields its values in a sort's order (see inScanOrder). */
export async function poolInSortOrder(lake: Lake, zctx: TypeContext, pool: string, commitish: string, plan: ColumnTopK): Promise<boolean> {
  const { key, objects } = await poolObjects(lake, zctx, pool, commitish, undefined);
  return inScanOrder(plan, key, objects);
}

export function lakeTopK(lake: Lake, zctx: TypeContext, pool: string, commitish: string, plan: ColumnTopK, stats: ScanStats | undefined): Stream {
  return (async function* () {
    const { key, objects, inOrder } = await poolObjects(lake, zctx, pool, commitish, stats);
    if (inScanOrder(plan, key, objects)) {
      // The scan hands the values over in the sort's order: its first
      // `limit` values are the answer (ties in the scan's order, as a
      // stable sort keeps them), and the rest need not be read.
      let left = plan.limit;
      for await (const b of scanPool(lake, zctx, pool, commitish, undefined, stats)) {
        if (b.length >= left) {
          yield b.slice(0, left);
          return;
        }
        yield b;
        left -= b.length;
      }
      return;
    }
    const last = lastObjects(plan, key, overlapping(objects, key.order));
    if (last !== null) {
      // The sort runs over the values of the last objects, in the scan's order.
      yield* runValues(last, key);
      return;
    }
    const total = objects.reduce((n, o) => n + o.object.count, 0);
    const best = new Best(plan.limit);
    const scored: Scored[] = [];
    // Per object, the scores that were at least the best's least when read:
    // every one at or above the final threshold is among them (the least
    // only grows).
    const seen: number[][] = [];
    let inexact = false;
    let strings = false;
    let numbers = false;
    let columnar = total > plan.limit;
    for (const o of objects) {
      if (!columnar) break;
      const s = await scoresOf(o, plan.path, plan.desc, plan.nullsFirst);
      if (s === null) {
        columnar = false;
        break;
      }
      scored.push(s);
      if (s.inexact) inexact = true;
      if (s.strings) strings = true;
      if (s.numbers) numbers = true;
      // Scores of strings and of numbers do not compare.
      if (strings && numbers) {
        columnar = false;
        break;
      }
      seen.push(bestOf(s.scores, best));
    }
    if (!columnar) {
      yield* scanPool(lake, zctx, pool, commitish, undefined, stats);
      return;
    }
    const threshold = best.top();
    const splits = scored.map((s, k) => split(s, seen[k]!, threshold));
    // Values tying at a finite threshold are true ties: the earliest go
    // (when objects overlap, the merge says which are earliest: all go).
    const better = splits.reduce((n, s) => n + s.better.length, 0);
    const ties = { left: Number.isFinite(threshold) && !inexact && inOrder ? plan.limit - better : Infinity };
    const picked = splits.map((s) => candidates(s, ties));
    // Candidates are read whole, an object's at once: too many (strings
    // alike in their first bytes) are read as the scan goes instead.
    if (picked.reduce((n, p) => n + p.length, 0) > MAX_CANDIDATES + plan.limit) {
      yield* scanPool(lake, zctx, pool, commitish, undefined, stats);
      return;
    }
    // The objects' candidates are read all at once, and handed over in the
    // scan's order: the objects' order, merged where objects overlap.
    const reads = new Map(objects.map((o, k) => [o, o.rowsAt(picked[k]!)]));
    for (const r of reads.values()) r.catch(() => undefined);
    for (const run of overlapping(objects, key.order)) {
      const streams = run.map((o) => candidatesOf(o, reads.get(o)!, stats));
      yield* streams.length === 1 ? streams[0]! : mergeValues(streams, key);
    }
  })();
}

/** An object's candidates (read by `read`), counted in `stats` as the scan would have counted the object. */
async function* candidatesOf(o: ColumnObject, read: Promise<Value[]>, stats: ScanStats | undefined): AsyncGenerator<Value[]> {
  const values = await read;
  if (stats !== undefined) {
    // As the scan would have counted them: every value read, and (less
    // those handed over, which the query counts) matched.
    const bytes = await o.valueBytes();
    let kept = 0;
    for (const v of values) kept += v.bytes?.length ?? 0;
    stats.recordsRead += o.object.count;
    stats.bytesRead += bytes;
    stats.recordsMatched += o.object.count - values.length;
    stats.bytesMatched += bytes - kept;
  }
  if (values.length > 0) yield values;
}

/**
 * A pool's values ending with its last `count`: only the last objects that
 * hold `count` values or more, those of runs whose key ranges touch merged
 * as the scan merges them (merge-runs.ts); else the whole scan. With
 * `each` (operators that map each value to values of its own), the values
 * through it ending with its last `count` (see lastThrough).
 */
export function lakeTail(lake: Lake, zctx: TypeContext, pool: string, commitish: string, count: number, stats: ScanStats | undefined, each?: (s: Stream) => Stream): Stream {
  return (async function* () {
    const { key, objects } = await poolObjects(lake, zctx, pool, commitish, stats);
    const runs = overlapping(objects, key.order);
    if (each !== undefined) {
      yield* lastThrough(runs, key, count, each);
      return;
    }
    const last = lastHolding(runs, count);
    if (last === null) {
      yield* scanPool(lake, zctx, pool, commitish, undefined, stats);
      return;
    }
    yield* runValues(last, key);
  })();
}

/**
 * The last `count` values of the runs' values through `each`: the runs are
 * taken from the last back, each through `each` on its own, until they
 * have given `count` values; of each run only the values still needed are
 * kept.
 */
async function* lastThrough(runs: readonly (readonly ColumnObject[])[], key: PoolKey, count: number, each: (s: Stream) => Stream): AsyncGenerator<Value[]> {
  const kept: Value[][] = [];
  let have = 0;
  for (let k = runs.length - 1; k >= 0 && have < count; k--) {
    const need = count - have;
    let out: Value[] = [];
    for await (const batch of each(runValues([runs[k]!], key))) {
      for (const v of batch) out.push(v);
      if (out.length >= 2 * need) out = out.slice(out.length - need);
    }
    if (out.length > need) out = out.slice(out.length - need);
    kept.push(out);
    have += out.length;
  }
  for (let k = kept.length - 1; k >= 0; k--) if (kept[k]!.length > 0) yield kept[k]!;
}
