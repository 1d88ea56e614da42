// Values put back together from a data object's column copy: each record
// (a member's layout: plain records down to leaf columns) is rebuilt from
// its leaf columns' elements, byte for byte the record its data object
// holds, or with only some of its top-level fields. Used where a query needs
// values but not all of them (a search keeps few) or not all their fields
// (a query that reads a few fields), so that no data object is
// decompressed. Values come out in the object's order.

import type { Meta } from '../formats/vng/index.js';
import type { ColumnObject, ScanStats, SpanReads } from '../lake/index.js';
import type { ColumnBatch } from '../runtime/agg/index.js';
import { FormatError } from '../errors/index.js';
import { Builder, Value, type Type, type TypeContext } from '../zed/index.js';

const BATCH = 8192;
/**
 * Rows of an object's first batch, each next one twice as many up to
 * BATCH: a query that wants few values (`cut uid,ts | head 100`) puts back
 * together few more than it takes, and a whole scan a few small batches.
 */
const FIRST_BATCH = 256;
const BEGIN = -1;
const END = -2;

/** How a member's records are put back together: each field a leaf column (its index) or a nested record. */
interface Shape {
  readonly type: Type;
  readonly fields: readonly (number | Shape)[];
}

function shapeOf(
  m: Extract<Meta, { kind: 'record' }>,
  prefix: readonly string[],
  index: ReadonlyMap<string, number>,
  cursors: readonly ColumnBatch[],
  zctx: TypeContext,
  only?: ReadonlySet<string>,
): Shape {
  const fields: (number | Shape)[] = [];
  const types: { name: string; type: Type }[] = [];
  for (const f of m.fields) {
    if (only !== undefined && !only.has(f.name)) continue;
    const path = [...prefix, f.name];
    if (f.values.kind === 'record') {
      const sub = shapeOf(f.values, path, index, cursors, zctx);
      fields.push(sub);
      types.push({ name: f.name, type: sub.type });
    } else {
      const i = index.get(JSON.stringify(path))!;
      fields.push(i);
      types.push({ name: f.name, type: cursors[i]!.type });
    }
  }
  return { type: zctx.lookupRecord(types), fields };
}

/** A shape as steps: a leaf column's index, or BEGIN and END around a nested record. */
function stepsOf(shape: Shape, out: number[] = []): number[] {
  for (const f of shape.fields) {
    if (typeof f === 'number') out.push(f);
    else {
      out.push(BEGIN);
      stepsOf(f, out);
      out.push(END);
    }
  }
  return out;
}

/** Row i's record body, built by `steps` from the leaf columns (a coded one's elements kept in `dicts` as they are looked up). */
function appendBody(b: Builder, steps: Int32Array, cursors: readonly ColumnBatch[], dicts: readonly ((Uint8Array | undefined)[] | null)[], i: number): void {
  for (let k = 0; k < steps.length; k++) {
    const f = steps[k]!;
    if (f === BEGIN) b.beginContainer();
    else if (f === END) b.endContainer();
    else {
      const dict = dicts[f];
      if (dict !== null && dict !== undefined) {
        const col = cursors[f]!;
        const code = col.codes[i]!;
        const e = (dict[code] ??= col.element(code));
        b.appendEncoded(e, 0, e.length);
      } else {
        // Elements lie back to back: the next start ends this one.
        const st = cursors[f]!.starts;
        b.appendEncoded(cursors[f]!.bytes, st[i]!, st[i + 1]!);
      }
    }
  }
}

/** One member's columns as a batch is read, for a `pick`. */
export interface MemberBatch {
  /** The record type of the member's values as put back together (only the `fields` asked for). */
  readonly type: Type;
  /** The member's leaf columns (those it has: none stands for a missing field). */
  readonly leaves: readonly ColumnBatch[];
  /** Each leaf's name in the object: its member and path. */
  readonly names: readonly string[];
}

export interface ValuesOptions {
  /** Only these top-level fields (in each record's own order); all when absent. */
  readonly fields?: ReadonlySet<string>;
  /** Marks with 1 in hit[0:n] the rows of the batch to put back together; all rows when absent. */
  readonly pick?: (member: MemberBatch, n: number, hit: Uint8Array) => void;
  /** Instead of `pick`: the positions in the object (ascending) of the only values to put back together. */
  readonly positions?: Int32Array;
}

/**
 * The values of an object (those `pick` keeps, with the `fields` asked
 * for) from its column copy, a batch at a time in the object's order (the
 * members' columns read side by side, as the variant tags interleave
 * them); null when it has no usable copy or its values are not all records
 * of plain records.
 */
export async function valuesFromColumns(o: ColumnObject, zctx: TypeContext, opts: ValuesOptions = {}): Promise<AsyncIterable<Value[]> | null> {
  const set = await o.columns(opts.fields === undefined ? 'all' : { under: opts.fields }, { tags: true });
  if (set === null) return null;
  // Columns of few values read the codes an earlier query read.
  for (let j = 0; j < set.paths.length; j++) o.keepCodes(set, j);
  const positions = opts.positions;
  if (opts.pick !== undefined || positions !== undefined) for (let j = 0; j < set.paths.length; j++) o.keepElements(set, j);
  // (Fetched: in the lake's column cache as long as the object's entry is.)
  o.keep(heldKey(opts.fields), HELD);
  const members = set.members;
  const tags = set.tags;
  if (members.length > 1 && tags === null) return null;
  const index = new Map(set.paths.map((p, i) => [JSON.stringify(p), i]));
  const pick = opts.pick;
  const plans: { steps: Int32Array; dicts: ((Uint8Array | undefined)[] | null)[]; type: Type; view: MemberBatch | null; hit: Uint8Array }[] = [];
  for (let mi = 0; mi < members.length; mi++) {
    const layout = set.layouts[mi]!;
    if (layout.kind !== 'record') return null;
    const cursors = members[mi]!.cursors;
    const shape = shapeOf(layout, [], index, cursors, zctx, opts.fields);
    const steps = Int32Array.from(stepsOf(shape));
    plans.push({
      steps,
      // Each coded column's elements, by code (the same in every batch), each looked up when first put back.
      dicts: cursors.map((c) => (c.cardinality >= 0 ? new Array<Uint8Array>(c.cardinality) : null)),
      type: shape.type,
      view: pick === undefined ? null : memberBatch(shape.type, cursors, steps, set.paths, mi),
      hit: new Uint8Array(BATCH),
    });
  }
  const total = o.object.count;
  // Where each member's positions start in memberRows.
  const rows = set.memberRows;
  const starts = new Int32Array(members.length);
  for (let mi = 1; mi < members.length; mi++) starts[mi] = starts[mi - 1]! + members[mi - 1]!.length;
  return (async function* () {
    const b = new Builder(1024);
    const counts = new Int32Array(members.length);
    const next = new Int32Array(members.length);
    // The next of `positions` to put back.
    let want = 0;
    for (let r0 = 0, size = FIRST_BATCH; r0 < total; r0 += size, size = Math.min(BATCH, 2 * size)) {
      const n = Math.min(size, total - r0);
      if (positions !== undefined && want >= positions.length) return;
      // Each member's rows in this stretch of the object, read and picked.
      counts.fill(0);
      if (tags === null) counts[0] = n;
      else for (let r = r0; r < r0 + n; r++) counts[tags[r]!]!++;
      for (let mi = 0; mi < members.length; mi++) {
        const c = counts[mi]!;
        if (c === 0) continue;
        if (members[mi]!.next(c) !== c) throw new FormatError(`column copy of data object: member ${mi} ends early`);
        const p = plans[mi]!;
        p.hit.fill(pick === undefined ? 1 : 0, 0, c);
        if (pick !== undefined) pick(p.view!, c, p.hit);
      }
      // The rows put back together in the object's order, back to back in one buffer.
      b.reset();
      const at: number[] = [];
      const types: Type[] = [];
      const put = (mi: number, i: number): void => {
        const p = plans[mi]!;
        at.push(b.len);
        types.push(p.type);
        appendBody(b, p.steps, members[mi]!.cursors, p.dicts, i);
      };
      if (pick !== undefined && rows !== null) {
        // Picked rows (few, as a rule): each member's, by their place in the object.
        const found: number[] = [];
        for (let mi = 0; mi < members.length; mi++) {
          const hit = plans[mi]!.hit;
          for (let i = 0; i < counts[mi]!; i++) if (hit[i] === 1) found.push(rows[starts[mi]! + next[mi]! + i]!, mi, i);
        }
        const order = Array.from({ length: found.length / 3 }, (_, k) => 3 * k).sort((x, y) => found[x]! - found[y]!);
        for (const k of order) put(found[k + 1]!, found[k + 2]!);
        for (let mi = 0; mi < members.length; mi++) next[mi]! += counts[mi]!;
      } else if (positions !== undefined) {
        next.fill(0);
        for (let r = r0; r < r0 + n && want < positions.length; r++) {
          const mi = tags === null ? 0 : tags[r]!;
          const i = next[mi]!++;
          if (positions[want] === r) {
            put(mi, i);
            want++;
          }
        }
      } else {
        next.fill(0);
        for (let r = r0; r < r0 + n; r++) {
          const mi = tags === null ? 0 : tags[r]!;
          const i = next[mi]!++;
          if (plans[mi]!.hit[i] === 1) put(mi, i);
        }
      }
      if (at.length === 0) continue;
      const buf = b.bytes();
      const out = new Array<Value>(at.length);
      for (let k = 0; k < at.length; k++) out[k] = new Value(types[k]!, buf.subarray(at[k]!, k + 1 < at.length ? at[k + 1]! : buf.length));
      yield out;
    }
  })();
}

/** What valuesFromColumns keeps in the column cache to say it fetched an object's columns (nothing but the name). */
const HELD = { byteLength: 0 };

function heldKey(fields: ReadonlySet<string> | undefined): string {
  return fields === undefined ? 'held:*' : `held:${JSON.stringify([...fields].sort())}`;
}

/**
 * Whether valuesFromColumns fetched the columns it reads for `fields` (all
 * when absent) of an object before, so that they are in the lake's column
 * cache and put values back together at less cost.
 */
export function columnsHeld(o: ColumnObject, fields?: ReadonlySet<string>): boolean {
  return o.kept(heldKey(undefined)) !== undefined || (fields !== undefined && o.kept(heldKey(fields)) !== undefined);
}

/** A member's leaves for a `pick`: the columns its records are put back together from. */
function memberBatch(type: Type, cursors: readonly ColumnBatch[], steps: Int32Array, paths: readonly (readonly string[])[], mi: number): MemberBatch {
  const at = cursors.map((_, i) => i).filter((i) => !cursors[i]!.missing && stepsHas(steps, i));
  return { type, leaves: at.map((i) => cursors[i]!), names: at.map((i) => `${mi}:${JSON.stringify(paths[i])}`) };
}

function stepsHas(steps: Int32Array, i: number): boolean {
  for (let k = 0; k < steps.length; k++) if (steps[k] === i) return true;
  return false;
}

/**
 * An object's values read over columns (`values`, those `keep` keeps when
 * given), counted in `stats` as a scan would have counted them: every value
 * read (`reads`, when a key span pruned the scan, else all of them), and
 * the bytes of those kept as matched (estimated from the values kept, less
 * the bytes of those handed over, which the query counts). With
 * `readCounted`, `values` come from the object's rows, which counted what
 * they read: only the matched bytes are counted here.
 */
export async function* countedValues(
  o: ColumnObject,
  reads: SpanReads | null,
  values: AsyncIterable<Value[]> | Iterable<Value[]>,
  keep: ((v: Value) => boolean) | undefined,
  stats: ScanStats | undefined,
  { readCounted = false }: { readonly readCounted?: boolean } = {},
): AsyncGenerator<Value[]> {
  const n = reads?.records ?? o.object.count;
  const bytes = stats === undefined ? 0 : (reads?.bytes ?? (await o.valueBytes()));
  if (stats !== undefined && !readCounted) {
    stats.recordsRead += n;
    stats.bytesRead += bytes;
  }
  let kept = 0;
  let handed = 0;
  for await (const batch of values) {
    const out = keep === undefined ? batch : batch.filter(keep);
    kept += out.length;
    for (const v of out) handed += v.bytes?.length ?? 0;
    if (out.length > 0) yield out;
  }
  if (stats !== undefined) {
    const full = kept === n ? bytes : n === 0 ? 0 : Math.round((bytes * kept) / n);
    // Less than nothing when the values handed over hold more bytes than
    // the estimate (whole values of the larger ones): the query's total is
    // the estimate all the same.
    stats.bytesMatched += full - handed;
  }
}
