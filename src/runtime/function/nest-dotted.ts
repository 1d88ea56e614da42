// nest_dotted([r]): top-level field names with dots become nested records,
// {"a.b":1,"a.c":2} -> {a:{b:1,c:2}} (function/nestdotted.go over Zed's
// RecordBuilder). Fields of one nested record must be adjacent; a name may
// not be both a leaf and a record. The plan is computed once per input type.

import {
  Builder,
  Value,
  readElement,
  underlying,
  type Field,
  type RecordType,
  type Type,
  type TypeContext,
} from '../../zed/index.js';
import type { FunctionDef } from './registry.js';

/** One input field's place in the output: records to open before it, to close after it. */
interface Slot {
  readonly begins: number;
  ends: number;
}

interface Plan {
  readonly type: RecordType;
  readonly slots: readonly Slot[];
}

function samePrefix(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** Zed's NewRecordBuilder + RecordBuilder.Type; null when no name is dotted, an error text when invalid. */
function plan(zctx: TypeContext, r: RecordType): Plan | null | string {
  const paths = r.fields.map((f) => f.name.split('.'));
  if (!paths.some((p) => p.length > 1)) return null;
  const slots: Slot[] = [];
  const seen = new Set<string>();
  const leaves: string[][] = [];
  let current: string[] = [];
  for (const path of paths) {
    const rec = path.slice(0, -1);
    const pos = samePrefix(rec, current);
    let begins = 0;
    if (pos !== rec.length || pos !== current.length) {
      const prev = slots[slots.length - 1];
      if (prev !== undefined) prev.ends = current.length - pos;
      for (let k = pos; k < rec.length; k++) {
        const name = rec.slice(0, k + 1).join('.');
        if (seen.has(name)) return `fields in record ${name} must be adjacent`;
        seen.add(name);
        begins++;
      }
      current = rec;
    }
    // A path may not equal or extend another (Zed's isIn).
    for (const other of leaves) {
      const n = samePrefix(path, other);
      if (n === path.length || n === other.length) return `duplicate field: ${JSON.stringify(path.join('.'))}`;
    }
    leaves.push(path);
    slots.push({ begins, ends: 0 });
  }
  slots[slots.length - 1]!.ends = current.length;
  // The output type, built as RecordBuilder.Type does with a stack of records.
  const stack: { name: string; fields: Field[] }[] = [{ name: '', fields: [] }];
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i]!;
    const slot = slots[i]!;
    for (let k = 0; k < slot.begins; k++) {
      stack.push({ name: path[path.length - 1 - slot.begins + k]!, fields: [] });
    }
    stack[stack.length - 1]!.fields.push({ name: path[path.length - 1]!, type: r.fields[i]!.type });
    for (let k = 0; k < slot.ends; k++) {
      const done = stack.pop()!;
      stack[stack.length - 1]!.fields.push({ name: done.name, type: zctx.lookupRecord(done.fields) });
    }
  }
  return { type: zctx.lookupRecord(stack[0]!.fields), slots };
}

const el = { start: 0, end: 0 };

export const nestDottedFunctions: readonly FunctionDef[] = [
  {
    name: 'nest_dotted',
    minArgs: 0,
    maxArgs: 1,
    // nest_dotted() works on this; Zed passes this first and uses the last argument.
    implicitThis: { path: [], position: 'first' },
    make(ectx) {
      const plans = new Map<Type, Plan | null | string>();
      const b = new Builder(256);
      return (args) => {
        const v = args[args.length - 1]!;
        const r = underlying(v.type);
        if (r.kind !== 'record') return v;
        let p = plans.get(r);
        if (p === undefined) {
          p = plan(ectx.zctx, r);
          plans.set(r, p);
        }
        if (p === null) return v;
        if (typeof p === 'string') return ectx.errors.wrap(`nest_dotted(): ${p}`, v);
        const body = v.bytes;
        if (body === null) return new Value(p.type, null);
        b.reset();
        let off = 0;
        for (const slot of p.slots) {
          for (let k = 0; k < slot.begins; k++) b.beginContainer();
          if (off < body.length) {
            off = readElement(body, off, body.length, el);
            b.appendRange(body, el.start, el.end);
          } else {
            b.append(null);
          }
          for (let k = 0; k < slot.ends; k++) b.endContainer();
        }
        return new Value(p.type, b.bytes());
      };
    },
  },
];
