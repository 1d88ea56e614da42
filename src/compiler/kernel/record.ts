// Record literals `{a:1, b, ...r}` (Zed's recordExpr and recordSpreadExpr,
// values.go); the semantic pass has refused duplicate fields. The output type is looked up only when a field's type differs
// from the previous value's, so a stream of one shape builds no types.

import { ByteSlab } from '../../util/byte-slab.js';
import { Builder, Value, readElement, underlying, type Field, type RecordType, type Type } from '../../zed/index.js';
import { FieldPaths, isMissing, type EvalContext, type FieldPathsPlan } from '../../runtime/index.js';
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

function spreadRecord(ectx: EvalContext, names: readonly (string | null)[], evals: readonly Evaluator[]): Evaluator {
  // Reused per call: field order by first appearance, later values win (as a Go map with insertion index).
  const pos = new Map<string, number>();
  const outNames: string[] = [];
  const outTypes: Type[] = [];
  const outBodies: (Uint8Array | null)[] = [];
  let cacheNames: string[] = [];
  let cacheTypes: Type[] = [];
  let cacheType: Type | null = null;
  const b = new Builder(128);
  const slab = new ByteSlab();
  const empty = new Value(ectx.zctx.lookupRecord([]), EMPTY);
  const put = (name: string, t: Type, body: Uint8Array | null): void => {
    const i = pos.get(name);
    if (i === undefined) {
      pos.set(name, outNames.length);
      outNames.push(name);
      outTypes.push(t);
      outBodies.push(body);
    } else {
      outTypes[i] = t;
      outBodies[i] = body;
    }
  };
  return (self) => {
    pos.clear();
    outNames.length = 0;
    outTypes.length = 0;
    outBodies.length = 0;
    for (let k = 0; k < evals.length; k++) {
      const v = evals[k]!(self);
      const name = names[k]!;
      if (name !== null) {
        put(name, v.type, v.bytes);
        continue;
      }
      if (isMissing(v)) continue;
      const rt = underlying(v.type);
      // Non-record spreads are ignored, as if missing.
      if (rt.kind !== 'record') continue;
      const body = v.bytes;
      let off = 0;
      for (const f of rt.fields) {
        let fb: Uint8Array | null = null;
        if (body !== null && off < body.length) {
          off = readElement(body, off, body.length, el);
          fb = el.start < 0 ? null : body.subarray(el.start, el.end);
        }
        put(f.name, f.type, fb);
      }
    }
    const n = outNames.length;
    if (n === 0) return empty;
    let same = cacheType !== null && cacheNames.length === n;
    for (let i = 0; same && i < n; i++) same = cacheNames[i] === outNames[i] && cacheTypes[i] === outTypes[i];
    if (!same) {
      cacheNames = outNames.slice();
      cacheTypes = outTypes.slice();
      cacheType = ectx.zctx.lookupRecord(cacheNames.map((name, i) => ({ name, type: cacheTypes[i]! })));
    }
    b.reset();
    for (let i = 0; i < n; i++) b.append(outBodies[i]!);
    return new Value(cacheType!, slab.copy(b.buf, b.len));
  };
}
