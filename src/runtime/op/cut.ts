// cut: new records of just the assigned fields (expr.Cutter run by
// op.Applier). A quiet expression leaves its field out; a record left with
// no fields is dropped. Non-records are cut too, so their fields read as
// error("missing"). Target errors become
// error({message:"cut: <why>",on:<value>}).

import { ByteSlab } from '../../util/byte-slab.js';
import { Builder, TypeNull, Value, type RecordType, type Type } from '../../zed/index.js';
import { RecordShape } from '../agg/index.js';
import { FieldPaths, type FieldPathsPlan } from '../expr/field-paths.js';
import { Dropper } from './dropper.js';
import { compileLval, pathString, type FieldPath } from './paths.js';
import { LvalError, type Assignment, type Batch, type OpContext, type Stream } from './types.js';
import { ErrorValues, isMissing, isQuiet } from './values.js';

/** Applies cut to single values: the engine of the cut operator and of join's right-hand side. */
export class Cutter {
  private readonly lvals: ((v: Value) => FieldPath | LvalError)[];
  private readonly exprs: ((v: Value) => Value)[];
  private readonly shapes = new Map<string, RecordShape | string>();
  private readonly droppers = new Map<string, Dropper>();
  private readonly b = new Builder(256);
  private readonly types: Type[] = [];
  private readonly paths: FieldPath[] = [];
  private readonly quiet: number[] = [];
  private readonly fixed: RecordShape | string | null = null;
  /** With fixed fields all cut from fields of the input (`cut a,x:=b.c`): their paths, read by position. */
  private readonly from: FieldPaths | null = null;
  /** Per input type the paths' plan and the record type cut from it (null: the type takes the expressions). */
  private readonly cuts = new Map<Type, { readonly plan: FieldPathsPlan; readonly type: RecordType } | null>();
  private readonly slab = new ByteSlab();

  constructor(
    private readonly ctx: OpContext,
    private readonly errs: ErrorValues,
    assignments: readonly Assignment[],
  ) {
    this.lvals = assignments.map((a) => compileLval(a.lhs));
    this.exprs = assignments.map((a) => a.rhs);
    if (assignments.every((a) => a.lhs.every((e) => typeof e === 'string'))) {
      this.fixed = this.shapeFor(assignments.map((a) => a.lhs as readonly string[]));
      if (typeof this.fixed !== 'string' && assignments.every((a) => a.from !== undefined && a.from.length > 0)) {
        this.from = new FieldPaths(assignments.map((a) => a.from!));
      }
    }
  }

  /**
   * The cut of `v` when each field is cut from a field `v` has (no field
   * missing, none an error value, which a cut may drop): by position, with
   * no value made per field; null otherwise.
   */
  private byPosition(v: Value): Value | null {
    const shape = this.fixed as RecordShape;
    const from = this.from!;
    let cut = this.cuts.get(v.type);
    if (cut === undefined) {
      const plan = from.plan(v.type);
      cut = plan === null || plan.types.some((t) => t.kind === 'error') ? null : { plan, type: shape.type(plan.types) };
      this.cuts.set(v.type, cut);
    }
    if (cut === null) return null;
    from.read(cut.plan, v.bytes);
    const { b } = this;
    b.reset();
    const body = v.bytes!;
    const { starts, ends } = from;
    for (let k = 0; k < starts.length; k++) {
      shape.open(b, k);
      b.appendRange(body, starts[k]!, ends[k]!);
      shape.close(b, k);
    }
    return new Value(cut.type, this.slab.copy(b.buf, b.len));
  }

  private shapeFor(paths: readonly FieldPath[]): RecordShape | string {
    const key = paths.map((p) => p.join('\u0000')).join('\u0001');
    let s = this.shapes.get(key);
    if (s === undefined) {
      if (paths.some((p) => p.length === 0)) s = "'this' not allowed (use record literal)";
      else {
        try {
          s = new RecordShape(this.ctx.zctx, paths.slice());
        } catch (e) {
          s = e instanceof Error ? e.message : String(e);
        }
      }
      this.shapes.set(key, s);
    }
    return s;
  }

  /** The cut record, error("quiet") when every field was quiet, or a wrapped error. */
  eval(v: Value): Value {
    if (this.from !== null) {
      const r = this.byPosition(v);
      if (r !== null) return r;
    }
    let shape = this.fixed;
    const paths = this.paths;
    const n = this.exprs.length;
    if (shape === null) {
      paths.length = 0;
      for (let k = 0; k < n; k++) {
        const p = this.lvals[k]!(v);
        if (p instanceof LvalError) return this.errs.wrap(`cut: ${p.message}`, v);
        paths.push(p);
      }
      shape = this.shapeFor(paths);
    }
    if (typeof shape === 'string') return this.errs.wrap(`cut: ${shape}`, v);
    const { b, types, quiet } = this;
    b.reset();
    quiet.length = 0;
    types.length = n;
    for (let k = 0; k < n; k++) {
      const r = this.exprs[k]!(v);
      if (r.type.kind === 'error' && isQuiet(r)) {
        quiet.push(k);
        shape.append(b, k, null);
        types[k] = TypeNull;
        continue;
      }
      shape.append(b, k, r.bytes);
      types[k] = r.type;
    }
    let rec = new Value(shape.type(types), this.slab.copy(b.buf, b.len));
    for (const k of quiet) {
      const p = this.fixed === null ? paths[k]! : (this.lvals[k]!(v) as FieldPath);
      rec = this.dropperFor(p).eval(rec);
    }
    return rec;
  }

  private dropperFor(p: FieldPath): Dropper {
    const key = pathString(p);
    let d = this.droppers.get(key);
    if (d === undefined) {
      d = new Dropper(this.ctx.zctx, this.errs, [p]);
      this.droppers.set(key, d);
    }
    return d;
  }
}

export async function* cutOp(ctx: OpContext, parent: Stream, assignments: readonly Assignment[]): AsyncGenerator<Batch> {
  const errs = new ErrorValues(ctx.zctx);
  const cutter = new Cutter(ctx, errs, assignments);
  for await (const batch of parent) {
    const out: Value[] = [];
    for (let i = 0; i < batch.length; i++) {
      const r = cutter.eval(batch[i]!);
      if (r.type.kind === 'error' && (isQuiet(r) || isMissing(r))) continue;
      out.push(r);
    }
    if (out.length > 0) yield out;
  }
}
