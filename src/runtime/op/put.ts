// put: adds or replaces fields of records (expr.Putter run by op.Applier).
// Replaced fields keep their place, new ones are appended in clause order,
// nested paths rebuild the records they pass through. All right-hand sides
// are evaluated before any is written; quiet ones are skipped. Errors are
// passed through; other non-records become
// error({message:"put: not a record",on:<value>}).

import { ByteSlab } from '../../util/byte-slab.js';
import { Builder, Value, readElement, type Field, type RecordType, type Type } from '../../zed/index.js';
import { compileLval, hasStrictPrefix, pathString, samePath, type FieldPath } from './paths.js';
import { LvalError, type Assignment, type Batch, type OpContext, type Stream } from './types.js';
import { ErrorValues, isMissing, isQuiet, recordTypeOf } from './values.js';

const FROM_INPUT = 0;
const FROM_CLAUSE = 1;
const RECORD = 2;

interface Step {
  readonly op: typeof FROM_INPUT | typeof FROM_CLAUSE | typeof RECORD;
  /** Input field index (FROM_INPUT, RECORD; -1 for a new record) or clause index (FROM_CLAUSE). */
  readonly index: number;
  readonly record: readonly Step[];
}

interface Rule {
  readonly type: RecordType;
  readonly clauseTypes: readonly Type[];
  readonly steps: readonly Step[];
}

const NO_STEPS: readonly Step[] = [];
const el = { start: 0, end: 0 };

/** Zed's CheckPutFields: the message for conflicting targets, or null. */
export function checkPutFields(paths: readonly FieldPath[]): string | null {
  for (let i = 0; i < paths.length; i++) {
    const f = paths[i]!;
    if (f.length === 0) return "left-hand side cannot be 'this' (use 'yield' operator)";
    for (let j = i + 1; j < paths.length; j++) {
      const c = paths[j]!;
      if (samePath(f, c)) return `multiple assignments to ${pathString(f)}`;
      if (hasStrictPrefix(c, f)) return `conflicting nested assignments to ${pathString(f)} and ${pathString(c)}`;
      if (hasStrictPrefix(f, c)) return `conflicting nested assignments to ${pathString(c)} and ${pathString(f)}`;
    }
  }
  return null;
}

export async function* putOp(ctx: OpContext, parent: Stream, clauses: readonly Assignment[]): AsyncGenerator<Batch> {
  const { zctx } = ctx;
  const errs = new ErrorValues(zctx);
  const lvals = clauses.map((c) => compileLval(c.lhs));
  const isStatic = clauses.every((c) => c.lhs.every((e) => typeof e === 'string')) && clauses.length <= 30;
  const rules = new Map<Type, Map<number | string, Rule | string>>();
  const b = new Builder(256);
  // Each output record's bytes, cut from shared slabs.
  const slab = new ByteSlab();
  const vals: Value[] = [];
  const paths: FieldPath[] = [];

  const findOverwrite = (path: FieldPath): number => {
    for (let i = 0; i < paths.length; i++) {
      const lp = paths[i]!;
      if (samePath(path, lp) || hasStrictPrefix(lp, path)) return i;
    }
    return -1;
  };

  // Zed's deriveRecordSteps.
  const derive = (parentPath: string[], inFields: readonly Field[]): { steps: Step[]; type: RecordType } => {
    const steps: Step[] = [];
    const fields: Field[] = [];
    for (let i = 0; i < inFields.length; i++) {
      const f = inFields[i]!;
      parentPath.push(f.name);
      const m = findOverwrite(parentPath);
      if (m < 0) {
        steps.push({ op: FROM_INPUT, index: i, record: NO_STEPS });
        fields.push(f);
      } else if (paths[m]!.length === parentPath.length) {
        steps.push({ op: FROM_CLAUSE, index: m, record: NO_STEPS });
        fields.push({ name: f.name, type: vals[m]!.type });
      } else {
        const inner = recordTypeOf(f.type);
        const nested = derive(parentPath, inner === null ? [] : inner.fields);
        steps.push({ op: RECORD, index: i, record: nested.steps });
        fields.push({ name: f.name, type: nested.type });
      }
      parentPath.pop();
    }
    const depth = parentPath.length;
    for (let i = 0; i < paths.length; i++) {
      const lp = paths[i]!;
      if (lp.length <= depth || !hasPrefix(lp, parentPath)) continue;
      const name = lp[depth]!;
      if (fields.some((f) => f.name === name)) continue;
      if (lp.length === depth + 1) {
        steps.push({ op: FROM_CLAUSE, index: i, record: NO_STEPS });
        fields.push({ name, type: vals[i]!.type });
      } else {
        parentPath.push(name);
        const nested = derive(parentPath, []);
        parentPath.pop();
        steps.push({ op: RECORD, index: -1, record: nested.steps });
        fields.push({ name, type: nested.type });
      }
    }
    return { steps, type: zctx.lookupRecord(fields) };
  };

  const lookupRule = (inType: RecordType, t: Type, key: number | string): Rule | string => {
    let m = rules.get(t);
    if (m === undefined) {
      m = new Map();
      rules.set(t, m);
    }
    const rule = m.get(key);
    if (rule !== undefined && (typeof rule === 'string' || sameTypes(rule.clauseTypes, vals))) return rule;
    const problem = checkPutFields(paths);
    if (problem !== null) {
      const msg = `put: ${problem}`;
      m.set(key, msg);
      return msg;
    }
    const { steps, type } = derive([], inType.fields);
    const fresh: Rule = { type, clauseTypes: vals.map((v) => v.type), steps };
    m.set(key, fresh);
    return fresh;
  };

  const eval1 = (v: Value): Value => {
    const inType = recordTypeOf(v.type);
    if (inType === null) return v.isError() ? v : errs.wrap('put: not a record', v);
    vals.length = 0;
    paths.length = 0;
    let mask = 0;
    let key = '';
    for (let k = 0; k < clauses.length; k++) {
      const r = clauses[k]!.rhs(v);
      if (r.type.kind === 'error' && isQuiet(r)) continue;
      const p = lvals[k]!(v);
      if (p instanceof LvalError) return errs.wrap(`put: ${p.message}`, v);
      vals.push(r);
      paths.push(p);
      if (isStatic) mask |= 1 << k;
      else key += p.join('\u0000') + '\u0001';
    }
    if (vals.length === 0) return v;
    const rule = lookupRule(inType, v.type, isStatic ? mask : key);
    if (typeof rule === 'string') return errs.wrap(rule, v);
    b.reset();
    const ok = buildRecord(b, v.bytes, rule.steps, vals);
    return new Value(rule.type, ok ? slab.copy(b.buf, b.len) : null);
  };

  for await (const batch of parent) {
    const out: Value[] = [];
    for (let i = 0; i < batch.length; i++) {
      const r = eval1(batch[i]!);
      if (r.type.kind === 'error' && (isQuiet(r) || isMissing(r))) continue;
      out.push(r);
    }
    if (out.length > 0) yield out;
  }
}

function hasPrefix(p: FieldPath, prefix: readonly string[]): boolean {
  for (let i = 0; i < prefix.length; i++) if (p[i] !== prefix[i]) return false;
  return true;
}

function sameTypes(types: readonly Type[], vals: readonly Value[]): boolean {
  if (types.length !== vals.length) return false;
  for (let i = 0; i < types.length; i++) if (types[i] !== vals[i]!.type) return false;
  return true;
}

/**
 * Builds a record body from the input body `inp` and the clause values.
 * False when an input field cannot be read because its record is null; Zed
 * then makes the whole result a null record.
 */
function buildRecord(b: Builder, inp: Uint8Array | null, steps: readonly Step[], vals: readonly Value[]): boolean {
  let off = 0;
  let cur = -1;
  for (const s of steps) {
    if (s.op === FROM_CLAUSE) {
      b.append(vals[s.index]!.bytes);
      continue;
    }
    let start = -1;
    let end = -1;
    if (s.index >= 0) {
      if (inp === null) return false;
      if (s.index <= cur) {
        off = 0;
        cur = -1;
      }
      while (cur < s.index) {
        if (off >= inp.length) return false;
        off = readElement(inp, off, inp.length, el);
        cur++;
      }
      start = el.start;
      end = el.end;
    }
    if (s.op === FROM_INPUT) {
      b.appendRange(inp!, start, end);
      continue;
    }
    // (A view only of a record rebuilt: one per field copied was most of what a put allocated.)
    const inner = s.index < 0 ? inp : start < 0 ? null : inp!.subarray(start, end);
    b.beginContainer();
    if (!buildRecord(b, inner, s.record, vals)) return false;
    b.endContainer();
  }
  return true;
}
