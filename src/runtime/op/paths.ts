// Field paths: Zed's field.Path text, a dotted-path getter (expr.DottedExpr
// for records) and the evaluation of assignment targets (expr.Lval).

import { decodeUtf8 } from '../../util/utf8.js';
import { formatValue } from '../../zson/index.js';
import { TypeString, Value, readElement, underlying, type RecordType } from '../../zed/index.js';
import type { FieldPath } from '../agg/index.js';
import { LvalError, type DynamicName, type Evaluator, type Lval } from './types.js';
import { type ErrorValues, valueUnder } from './values.js';

export type { FieldPath };

/** Zed's field.Path.String: "this" for the empty path, else the names joined by dots. */
export function pathString(p: FieldPath): string {
  return p.length === 0 ? 'this' : p.join('.');
}

/** True when `p` extends `prefix` by at least one name. */
export function hasStrictPrefix(p: FieldPath, prefix: FieldPath): boolean {
  if (p.length <= prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (p[i] !== prefix[i]) return false;
  return true;
}

export function samePath(a: FieldPath, b: FieldPath): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const el = { start: 0, end: 0 };

/**
 * The value at `path` below `v`, as Zed's DottedExpr: named types and unions
 * are looked through, a field of a null record is a null of the field's
 * type, and anything else (a non-record, an absent field) is error("missing").
 * The empty path is `this`.
 */
export function fieldGetter(errs: ErrorValues, path: FieldPath): Evaluator {
  if (path.length === 0) return (v) => v;
  const index = new Map<RecordType, number>();
  const n = path.length;
  return (v) => {
    let cur = v;
    for (let k = 0; k < n; k++) {
      const u = valueUnder(cur);
      const t = u.type;
      if (t.kind !== 'record') return errs.missing();
      let i = index.get(t);
      if (i === undefined) {
        i = t.indexOf(path[k]!);
        index.set(t, i);
      }
      if (i < 0) return errs.missing();
      const ft = t.fields[i]!.type;
      const b = u.bytes;
      if (b === null) {
        cur = new Value(ft, null);
        continue;
      }
      let off = 0;
      for (let j = 0; j <= i; j++) off = readElement(b, off, b.length, el);
      cur = new Value(ft, el.start < 0 ? null : b.subarray(el.start, el.end));
    }
    return cur;
  };
}

/** The message of a failed dynamic name (expr.lvalErr): a string error's text, else the ZSON of its value. */
export function lvalErrorMessage(err: Value): string {
  const t = err.type;
  const inner = t.kind === 'error' ? new Value(t.type, err.bytes) : err;
  if (underlying(inner.type) === TypeString) return inner.bytes === null ? '' : decodeUtf8(inner.bytes);
  return formatValue(inner);
}

/**
 * A computed field name as Zed's ExprLvalElem: errors fail the assignment
 * with their message; a non-string goes through `toString` (the compiler's
 * string cast) and fails with "field reference is not a string" when that
 * gives an error or is absent.
 */
export function dynamicName(e: Evaluator, toString?: Evaluator): DynamicName {
  return (v) => {
    let x = e(v);
    if (x.isError()) return new LvalError(lvalErrorMessage(x));
    if (underlying(x.type) !== TypeString) {
      if (toString === undefined) return new LvalError('field reference is not a string');
      x = toString(x);
      if (x.isError() || underlying(x.type) !== TypeString) return new LvalError('field reference is not a string');
    }
    return x.bytes === null ? '' : decodeUtf8(x.bytes);
  };
}

/** The constant path of an lval with no computed names, else null. */
export function staticPath(lval: Lval): FieldPath | null {
  for (const e of lval) if (typeof e !== 'string') return null;
  return lval as readonly string[];
}

/** Compiles an lval to a function from `this` to its path (constant when static). */
export function compileLval(lval: Lval): (v: Value) => FieldPath | LvalError {
  const fixed = staticPath(lval);
  if (fixed !== null) return () => fixed;
  return (v) => {
    const out: string[] = [];
    for (const e of lval) {
      if (typeof e === 'string') {
        out.push(e);
        continue;
      }
      const name = e(v);
      if (name instanceof LvalError) return name;
      out.push(name);
    }
    return out;
  };
}
