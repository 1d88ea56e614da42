// Record literals `{a:1, b, ...r}` (Zed's recordExpr and recordSpreadExpr,
// values.go); the semantic pass has refused duplicate fields. The output type is looked up only when a field's type differs
// from the previous value's, so a stream of one shape builds no types.

import { ByteSlab } from '../../util/byte-slab.js';
import { Builder, Value, readElement, underlying, type Field, type RecordType, type Type } from '../../zed/index.js';
import { FieldPaths, type EvalContext, type FieldPathsPlan } from '../../runtime/index.js';
import type * as dag from '../dag/index.js';
import type { Env, Evaluator } from './env.js';

const EMPTY = new Uint8Array(0);
const el = { start: 0, end: 0 };

export function compileRecord(
  elems: readonly (dag.Field | dag.Spread)[],
  env: Env,
  compile: (e: dag.Expr, env: Env) => Evaluator,
): Evaluator {
  const names: (string | null)[] = [];
  const evals: Evaluator[] = [];
  for (const elem of elems) {
    names.push(elem.kind === 'Spread' ? null : elem.name);
    evals.push(compile(elem.kind === 'Spread' ? elem.expr : elem.value, env));
  }
  const ectx = env.ectx;
  if (names.every((n) => n !== null)) {
    const fixed = fixedRecord(ectx, names as string[], evals);
    const paths = elems.map((e) => (e.kind === 'Field' && e.value.kind === 'This' && e.value.path.length > 0 ? e.value.path : null));
    return paths.every((p) => p !== null) ? fieldsRecord(ectx, names as string[], paths as (readonly string[])[], fixed) : fixed;
  }
  return spreadRecord(ectx, names, evals);
}

/**
 * A record literal of fields of `this` (`{uid, ts, h:id.orig_h}`): for each
 * input type that has them all, their elements are read by position (see
 * FieldPaths), with no value made per field; other values go to `general`.
 */
function fieldsRecord(ectx: EvalContext, names: readonly string[], paths: readonly (readonly string[])[], general: Evaluator): Evaluator {
  const from = new FieldPaths(paths);
  const made = new Map<Type, { readonly plan: FieldPathsPlan; readonly type: RecordType } | null>();
  const b = new Builder(128);
  const slab = new ByteSlab();
  const { starts, ends } = from;
  const n = names.length;
  return (self) => {
    let m = made.get(self.type);
    if (m === undefined) {
      const plan = from.plan(self.type);
      m = plan === null ? null : { plan, type: ectx.zctx.lookupRecord(names.map((name, i) => ({ name, type: plan.types[i]! }))) };
      made.set(self.type, m);
    }
    if (m === null) return general(self);
    from.read(m.plan, self.bytes);
    const body = self.bytes!;
    b.reset();
    for (let k = 0; k < n; k++) b.appendRange(body, starts[k]!, ends[k]!);
    return new Value(m.type, slab.copy(b.buf, b.len));
  };
}

function fixedRecord(ectx: EvalContext, names: readonly string[], evals: readonly Evaluator[]): Evaluator {
  const n = names.length;
  if (n === 0) {
    const t = ectx.zctx.lookupRecord([]);
    const v = new Value(t, EMPTY);
    return () => v;
  }
  const types: (Type | null)[] = new Array<Type | null>(n).fill(null);
  let rt: Type | null = null;
  const b = new Builder(128);
  const slab = new ByteSlab();
  return (self) => {
    b.reset();
    let changed = false;
    for (let i = 0; i < n; i++) {
      const v = evals[i]!(self);
      if (types[i] !== v.type) {
        types[i] = v.type;
        changed = true;
      }
      b.append(v.bytes);
    }
    if (changed || rt === null) {
      const fields: Field[] = names.map((name, i) => ({ name, type: types[i]! }));
      rt = ectx.zctx.lookupRecord(fields);
    }
    return new Value(rt, slab.copy(b.buf, b.len));
  };
}

/**
 * How a record literal with spreads is made from its elements' types: its
 * type, and each output field's source, element k's value (field -1) or
 * field i of the record element k spreads.
 */
interface SpreadPlan {
  readonly types: readonly Type[];
  readonly type: RecordType | null;
  readonly elem: Int32Array;
  readonly field: Int32Array;
  /** Per element, the fields of its spread read (0 for an element that is not a spread record). */
  readonly reads: Int32Array;
}

function spreadRecord(ectx: EvalContext, names: readonly (string | null)[], evals: readonly Evaluator[]): Evaluator {
  const n = evals.length;
  const vals: Value[] = new Array<Value>(n);
  // Plans by the first element's type, each for one vector of element types.
  const plans = new Map<Type, SpreadPlan[]>();
  const b = new Builder(128);
  const slab = new ByteSlab();
  const empty = new Value(ectx.zctx.lookupRecord([]), EMPTY);
  // Per element, its spread fields' bounds in its body (start -1: null).
  const starts: Int32Array[] = Array.from({ length: n }, () => new Int32Array(8));
  const ends: Int32Array[] = Array.from({ length: n }, () => new Int32Array(8));
  const planFor = (): SpreadPlan => {
    let list = plans.get(vals[0]!.type);
    if (list === undefined) plans.set(vals[0]!.type, (list = []));
    for (const p of list) {
      let same = true;
      for (let k = 1; same && k < n; k++) same = p.types[k] === vals[k]!.type;
      if (same) return p;
    }
    const p = makePlan();
    list.push(p);
    return p;
  };
  // Field order by first appearance, later values win (as a Go map with insertion index).
  const makePlan = (): SpreadPlan => {
    const pos = new Map<string, number>();
    const outTypes: Type[] = [];
    const outNames: string[] = [];
    const elem: number[] = [];
    const field: number[] = [];
    const reads = new Int32Array(n);
    const put = (name: string, t: Type, k: number, i: number): void => {
      let at = pos.get(name);
      if (at === undefined) {
        at = outNames.length;
        pos.set(name, at);
        outNames.push(name);
      }
      outTypes[at] = t;
      elem[at] = k;
      field[at] = i;
    };
    for (let k = 0; k < n; k++) {
      const v = vals[k]!;
      const name = names[k]!;
      if (name !== null) {
        put(name, v.type, k, -1);
        continue;
      }
      const rt = underlying(v.type);
      // Non-record spreads (error("missing") among them) are ignored, as if missing.
      if (rt.kind !== 'record') continue;
      rt.fields.forEach((f, i) => put(f.name, f.type, k, i));
      reads[k] = rt.fields.length;
      if (starts[k]!.length < reads[k]!) {
        starts[k] = new Int32Array(reads[k]!);
        ends[k] = new Int32Array(reads[k]!);
      }
    }
    const type = outNames.length === 0 ? null : ectx.zctx.lookupRecord(outNames.map((name, i) => ({ name, type: outTypes[i]! })));
    return { types: vals.map((v) => v.type), type, elem: Int32Array.from(elem), field: Int32Array.from(field), reads };
  };
  return (self) => {
    for (let k = 0; k < n; k++) vals[k] = evals[k]!(self);
    const p = planFor();
    if (p.type === null) return empty;
    // Each spread record's fields, walked once.
    for (let k = 0; k < n; k++) {
      const m = p.reads[k]!;
      if (m === 0) continue;
      const body = vals[k]!.bytes;
      const s = starts[k]!;
      const e = ends[k]!;
      let off = 0;
      for (let i = 0; i < m; i++) {
        if (body !== null && off < body.length) {
          off = readElement(body, off, body.length, el);
          s[i] = el.start;
          e[i] = el.end;
        } else s[i] = e[i] = -1;
      }
    }
    b.reset();
    const { elem, field } = p;
    for (let j = 0; j < elem.length; j++) {
      const k = elem[j]!;
      const i = field[j]!;
      const v = vals[k]!;
      if (i < 0) b.append(v.bytes);
      else b.appendRange(v.bytes!, starts[k]![i]!, ends[k]![i]!);
    }
    return new Value(p.type, slab.copy(b.buf, b.len));
  };
}
