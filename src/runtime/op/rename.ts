// rename: renames fields in place (expr.Renamer run by op.Applier). Only
// the type changes; the bytes are shared. Renames apply left to right, a
// path that is absent is ignored, non-records pass unchanged, and a clash
// with an existing field gives
// error({message:"rename: duplicate field: \"<name>\"",on:<value>}).

import { Value, type Field, type RecordType, type Type } from '../../zed/index.js';
import { compileLval, pathString, type FieldPath } from './paths.js';
import { LvalError, type Batch, type Lval, type OpContext, type Stream } from './types.js';
import { ErrorValues, isMissing, isQuiet, recordTypeOf } from './values.js';

export interface Rename {
  /** The new name (the left-hand side). */
  readonly dst: Lval;
  /** The field renamed (the right-hand side). */
  readonly src: Lval;
}

/** Zed's CheckRenameField: why `src` cannot be renamed to `dst`, or null. */
export function checkRenameField(src: FieldPath, dst: FieldPath): string | null {
  if (src.length !== dst.length) {
    return `left-hand side and right-hand side must have the same depth (${pathString(src)} vs ${pathString(dst)})`;
  }
  for (let i = 0; i <= src.length - 2; i++) {
    if (src[i] !== dst[i]) {
      return `cannot rename ${pathString(src)} to ${pathString(dst)} (differ in ${src[i]} vs ${dst[i]})`;
    }
  }
  return null;
}

class DuplicateField {
  constructor(readonly message: string) {}
}

export async function* renameOp(ctx: OpContext, parent: Stream, renames: readonly Rename[]): AsyncGenerator<Batch> {
  const { zctx } = ctx;
  const errs = new ErrorValues(zctx);
  const srcs = renames.map((r) => compileLval(r.src));
  const dsts = renames.map((r) => compileLval(r.dst));
  const types = new Map<Type, Map<string, RecordType | string>>();

  // Zed's dstType: the record type with src's leaf renamed to dst's leaf.
  const dstType = (t: RecordType, src: FieldPath, dst: FieldPath, at: number): RecordType => {
    const i = t.indexOf(src[at]!);
    if (i < 0) return t;
    let inner: Type;
    if (src.length - at > 1) {
      const ft = t.fields[i]!.type;
      // Zed asserts a record here without looking through names.
      if (ft.kind !== 'record') return t;
      inner = dstType(ft, src, dst, at + 1);
    } else {
      inner = t.fields[i]!.type;
    }
    const name = dst[at]!;
    const fields: Field[] = t.fields.slice();
    fields[i] = { name, type: inner };
    for (let j = 0; j < fields.length; j++) {
      if (j !== i && fields[j]!.name === name) throw new DuplicateField(`duplicate field: ${JSON.stringify(name)}`);
    }
    return zctx.lookupRecord(fields);
  };

  // The pairs of paths for `v` and their cache key, or an error message.
  const pairsFor = (v: Value): { ps: [FieldPath, FieldPath][]; key: string } | string => {
    let key = '';
    const ps: [FieldPath, FieldPath][] = [];
    for (let k = 0; k < renames.length; k++) {
      const src = srcs[k]!(v);
      if (src instanceof LvalError) return `rename: ${src.message}`;
      const dst = dsts[k]!(v);
      if (dst instanceof LvalError) return `rename: ${dst.message}`;
      const problem = checkRenameField(src, dst);
      if (problem !== null) return `rename: ${problem}`;
      ps.push([src, dst]);
      key += src.join('\u0000') + '\u0001' + dst.join('\u0000') + '\u0002';
    }
    return { ps, key };
  };
  const isStatic = renames.every((r) => r.src.every((e) => typeof e === 'string') && r.dst.every((e) => typeof e === 'string'));
  const fixed = isStatic ? pairsFor(new Value(zctx.lookupRecord([]), null)) : null;

  const eval1 = (v: Value): Value => {
    const rec = recordTypeOf(v.type);
    if (rec === null) return v;
    const pairs = fixed ?? pairsFor(v);
    if (typeof pairs === 'string') return errs.wrap(pairs, v);
    const { ps, key } = pairs;
    let m = types.get(v.type);
    if (m === undefined) {
      m = new Map();
      types.set(v.type, m);
    }
    let out = m.get(key);
    if (out === undefined) {
      try {
        let t = rec;
        for (const [src, dst] of ps) t = dstType(t, src, dst, 0);
        out = t;
      } catch (e) {
        if (!(e instanceof DuplicateField)) throw e;
        out = `rename: ${e.message}`;
      }
      m.set(key, out);
    }
    if (typeof out === 'string') return errs.wrap(out, v);
    return out === v.type ? v : new Value(out, v.bytes);
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
