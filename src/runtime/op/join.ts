// join: a sorted merge join of two inputs on equal keys (runtime/sam/op/
// join), as Zed does it: an input not known to be sorted by its key is
// sorted first (nulls last), left values come out in key order, and each
// left value meets the run of right values with an equal key (compared as
// Zed's order does, so 1 and 1.0 match and a null matches a null). Values
// whose key is missing are skipped on both sides. A match is the left
// record with the right record's `cut` of the assignments appended; right
// field names already in the left record get a _2, _3... suffix.

import { Value, type Field, type RecordType, type Type } from '../../zed/index.js';
import { compareKeyValues } from './compare.js';
import { Cutter } from './cut.js';
import { sortOp } from './sort.js';
import { checkAbort, type Assignment, type Batch, type Evaluator, type OpContext, type Order, type Stream } from './types.js';
import { ErrorValues, isMissing, isQuiet, valueUnder } from './values.js';

export type JoinStyle = 'inner' | 'left' | 'right' | 'anti';

export interface JoinOptions {
  readonly style: JoinStyle;
  /** The key of the left (main) input. */
  readonly leftKey: Evaluator;
  /** The key of the right input (the join's subquery or second branch). */
  readonly rightKey: Evaluator;
  /** The order the left input is known to be sorted in by its key; absent when unknown. */
  readonly leftDir?: Order;
  readonly rightDir?: Order;
  /** Fields taken from the matching right value (a cut of it). */
  readonly assignments: readonly Assignment[];
}

const NEED = 1;

export function joinOp(ctx: OpContext, left: Stream, right: Stream, opts: JoinOptions): Stream {
  let { leftKey, rightKey, leftDir, rightDir } = opts;
  if (opts.style === 'right') {
    [left, right] = [right, left];
    [leftKey, rightKey] = [rightKey, leftKey];
    [leftDir, rightDir] = [rightDir, leftDir];
  }
  const o: Order = leftDir ?? rightDir ?? 'asc';
  if (leftDir !== o) left = sortOp(ctx, left, [{ expr: leftKey, order: o }]);
  if (rightDir !== o) right = sortOp(ctx, right, [{ expr: rightKey, order: o }]);
  return run(ctx, left, right, leftKey, rightKey, o, opts);
}

async function* run(
  ctx: OpContext,
  left: Stream,
  right: Stream,
  leftKey: Evaluator,
  rightKey: Evaluator,
  o: Order,
  opts: JoinOptions,
): AsyncGenerator<Batch> {
  const inner = opts.style === 'inner';
  const anti = opts.style === 'anti';
  const errs = new ErrorValues(ctx.zctx);
  const cutter = new Cutter(ctx, errs, opts.assignments);
  const compare = o === 'desc' ? (a: Value, b: Value) => compareKeyValues(b, a, true, false) : (a: Value, b: Value) => compareKeyValues(a, b, true, false);
  const types = new Map<Type, Map<Type, RecordType>>();

  // The right input, read through a cursor that can look at its next value.
  const rit = right[Symbol.asyncIterator]();
  let rbuf: Batch = [];
  let rpos = 0;
  let reof = false;
  let rkey: Value | null = null;
  const fill = async (): Promise<void> => {
    for (;;) {
      const r = await rit.next();
      if (r.done === true) {
        reof = true;
        return;
      }
      if (r.value.length > 0) {
        rbuf = r.value;
        rpos = 0;
        return;
      }
    }
  };
  const advance = (): void => {
    rpos++;
    rkey = null;
  };
  const peekKey = (): Value => (rkey ??= rightKey(rbuf[rpos]!));

  // Zed's getJoinSet and readJoinSet as a resumable state machine: NEED
  // asks the caller to read more of the right input and call again.
  let joinKey: Value | null = null;
  let joinSet: Value[] = [];
  let building = false;
  const joinSetFor = (key: Value): Value[] | null | typeof NEED => {
    if (!building) {
      if (joinKey !== null && compare(key, joinKey) === 0) return joinSet;
      for (;;) {
        if (rpos >= rbuf.length) {
          if (reof) return null;
          return NEED;
        }
        const rk = peekKey();
        if (rk.type.kind === 'error' && isMissing(rk)) {
          advance();
          continue;
        }
        const c = compare(key, rk);
        if (c < 0) return null;
        if (c === 0) break;
        advance();
      }
      joinKey = key;
      joinSet = [];
      building = true;
    }
    for (;;) {
      if (rpos >= rbuf.length) {
        if (!reof) return NEED;
        building = false;
        return joinSet;
      }
      const rk = peekKey();
      if (rk.type.kind === 'error' && isMissing(rk)) {
        advance();
        continue;
      }
      if (compare(rk, joinKey!) !== 0) {
        building = false;
        return joinSet;
      }
      joinSet.push(rbuf[rpos]!);
      advance();
    }
  };

  const combined = (l: RecordType, r: RecordType): RecordType => {
    let m = types.get(l);
    if (m === undefined) {
      m = new Map();
      types.set(l, m);
    }
    let t = m.get(r);
    if (t === undefined) {
      const fields: Field[] = l.fields.slice();
      for (const f of r.fields) {
        let name = f.name;
        for (let k = 2; l.indexOf(name) >= 0; k++) name = `${f.name}_${k}`;
        fields.push({ name, type: f.type });
      }
      t = ctx.zctx.lookupRecord(fields);
      m.set(r, t);
    }
    return t;
  };

  const splice = (l: Value, cut: Value): Value => {
    if (cut.type.kind === 'error') return isQuiet(cut) ? l : cut;
    const lu = valueUnder(l);
    const ru = valueUnder(cut);
    if (lu.type.kind !== 'record' || ru.type.kind !== 'record') return l;
    const t = combined(lu.type, ru.type);
    const lb = lu.bytes;
    if (lb === null) return new Value(t, null);
    const rb = ru.bytes ?? new Uint8Array(0);
    const bytes = new Uint8Array(lb.length + rb.length);
    bytes.set(lb);
    bytes.set(rb, lb.length);
    return new Value(t, bytes);
  };

  try {
    for await (const batch of left) {
      checkAbort(ctx);
      const out: Value[] = [];
      for (let i = 0; i < batch.length; i++) {
        const l = batch[i]!;
        const key = leftKey(l);
        if (key.type.kind === 'error' && isMissing(key)) continue;
        let set = joinSetFor(key);
        while (set === NEED) {
          await fill();
          set = joinSetFor(key);
        }
        if (set === null) {
          if (!inner) out.push(l);
          continue;
        }
        if (anti) continue;
        for (const r of set) out.push(splice(l, cutter.eval(r)));
      }
      if (out.length > 0) yield out;
    }
  } finally {
    if (!reof) await rit.return?.();
  }
}
