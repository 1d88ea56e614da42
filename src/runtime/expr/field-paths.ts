// The fields at fixed paths of records (`cut a,id.orig_h`, `yield {a,b}`),
// read with one walk of each record's body: per record type, each path is
// resolved once to field positions, and a value's elements are then found
// by position, without a value made per field. A path the type does not
// hold through plain records to its field has no plan: the caller
// evaluates it as an expression, which words what is missing.

import { readElement, underlying, type RecordType, type Type } from '../../zed/index.js';

/** How the paths lie in one record type. */
export interface FieldPathsPlan {
  /** Each path's field type. */
  readonly types: readonly Type[];
  /** Each path's top-level field position. */
  readonly top: Int32Array;
  /** Each path's positions below its top-level field (null when it has none). */
  readonly below: readonly (Int32Array | null)[];
  /** The greatest top-level position read. */
  readonly last: number;
}

const el = { start: 0, end: 0 };

export class FieldPaths {
  readonly #paths: readonly (readonly string[])[];
  readonly #plans = new Map<Type, FieldPathsPlan | null>();
  /** After read: each path's element as body[starts[k]:ends[k]] of the body read (start -1: null). */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  #topStarts = new Int32Array(8);
  #topEnds = new Int32Array(8);

  /** `paths`: each a field path of one name or more. */
  constructor(paths: readonly (readonly string[])[]) {
    this.#paths = paths;
    this.starts = new Int32Array(paths.length);
    this.ends = new Int32Array(paths.length);
  }

  /** The plan for values of type `t`; null when `t` is not a record holding every path through plain records. */
  plan(t: Type): FieldPathsPlan | null {
    let p = this.#plans.get(t);
    if (p === undefined) {
      p = this.#makePlan(t);
      this.#plans.set(t, p);
    }
    return p;
  }

  #makePlan(t: Type): FieldPathsPlan | null {
    const rt = underlying(t);
    if (rt.kind !== 'record') return null;
    const types: Type[] = [];
    const top = new Int32Array(this.#paths.length);
    const below: (Int32Array | null)[] = [];
    let last = -1;
    for (let k = 0; k < this.#paths.length; k++) {
      const path = this.#paths[k]!;
      let rec: RecordType = rt;
      const at: number[] = [];
      let ft: Type = rt;
      for (let l = 0; l < path.length; l++) {
        const i = rec.indexOf(path[l]!);
        if (i < 0) return null;
        at.push(i);
        ft = rec.fields[i]!.type;
        if (l + 1 < path.length) {
          const u = underlying(ft);
          if (u.kind !== 'record') return null;
          rec = u;
        }
      }
      types.push(ft);
      top[k] = at[0]!;
      last = Math.max(last, at[0]!);
      below.push(at.length > 1 ? Int32Array.from(at.slice(1)) : null);
    }
    if (this.#topStarts.length <= last) {
      this.#topStarts = new Int32Array(last + 1);
      this.#topEnds = new Int32Array(last + 1);
    }
    return { types, top, below, last };
  }

  /** Finds each path's element in `body`, a record of the plan's type (null: every element null), into starts and ends. */
  read(plan: FieldPathsPlan, body: Uint8Array | null): void {
    const { starts, ends } = this;
    const n = plan.top.length;
    if (body === null) {
      starts.fill(-1);
      ends.fill(-1);
      return;
    }
    const ts = this.#topStarts;
    const te = this.#topEnds;
    const len = body.length;
    let off = 0;
    for (let i = 0; i <= plan.last; i++) {
      if (off < len) {
        off = readElement(body, off, len, el);
        ts[i] = el.start;
        te[i] = el.end;
      } else ts[i] = te[i] = -1;
    }
    for (let k = 0; k < n; k++) {
      let s = ts[plan.top[k]!]!;
      let e = te[plan.top[k]!]!;
      const below = plan.below[k]!;
      if (below !== null) {
        for (let l = 0; l < below.length && s >= 0; l++) {
          const want = below[l]!;
          let o = s;
          const stop = e;
          s = e = -1;
          for (let i = 0; i <= want && o < stop; i++) {
            o = readElement(body, o, stop, el);
            if (i === want) {
              s = el.start;
              e = el.end;
            }
          }
        }
      }
      starts[k] = s;
      ends[k] = e;
    }
  }
}
