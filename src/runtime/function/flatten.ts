// flatten(r) and its inverse unflatten(a) (function/flatten.go and
// unflatten.go at v1.18.0): a record as an array of {key:[string],value:<v>}
// entries, one per leaf field, and back. When leaves differ in type the
// array's element type is the union of the entry types.

import { decodeUtf8, encodeUtf8 } from '../../util/utf8.js';
import { formatType } from '../../zson/index.js';
import {
  Builder,
  ID,
  TypeNull,
  TypeString,
  Value,
  encodeInt,
  readElement,
  underlying,
  type Field,
  type RecordType,
  type Type,
} from '../../zed/index.js';
import { untag } from '../expr/coerce.js';
import type { FunctionDef } from './registry.js';
import { unifyTypes } from './values.js';

const el = { start: 0, end: 0 };

interface Leaf {
  readonly path: readonly string[];
  readonly type: Type;
  readonly body: Uint8Array | null;
}

function collectLeaves(r: RecordType, body: Uint8Array | null, prefix: string[], out: Leaf[]): void {
  let off = 0;
  for (const f of r.fields) {
    let fb: Uint8Array | null = null;
    if (body !== null && off < body.length) {
      off = readElement(body, off, body.length, el);
      fb = el.start < 0 ? null : body.subarray(el.start, el.end);
    }
    const u = underlying(f.type);
    const path = [...prefix, f.name];
    if (u.kind === 'record' && fb !== null) collectLeaves(u, fb, path, out);
    else out.push({ path, type: f.type, body: fb });
  }
}

/** A node of the record unflatten builds: field names and, for nested records, child nodes. */
interface Node {
  readonly fields: string[];
  readonly records: (Node | null)[];
}

function countLeaves(n: Node | null): number {
  if (n === null) return 1;
  let c = 0;
  for (const r of n.records) c += countLeaves(r);
  return c;
}

/**
 * Zed's record.addPath: adds a leaf at `p`; a later path replaces an earlier
 * leaf or record of the same name when it is the last field added. Returns
 * how many earlier leaves were dropped.
 */
function addPath(n: Node, p: readonly string[], at = 0): number {
  if (at >= p.length) return 0;
  const last = n.fields.length - 1;
  let removed = 0;
  const more = at + 1 < p.length;
  if (last < 0 || n.fields[last] !== p[at]) {
    n.fields.push(p[at]!);
    n.records.push(more ? { fields: [], records: [] } : null);
  } else if (!more || n.records[last] === null) {
    removed = countLeaves(n.records[last]!);
    n.records[last] = more ? { fields: [], records: [] } : null;
  }
  const child = n.records[n.records.length - 1];
  return removed + (child === null || child === undefined ? 0 : addPath(child, p, at + 1));
}

function buildNode(n: Node, b: Builder, leaves: { types: Type[]; values: (Uint8Array | null)[]; next: number }, mk: (fields: Field[]) => Type): Type {
  const fields: Field[] = [];
  for (let i = 0; i < n.fields.length; i++) {
    const rec = n.records[i]!;
    if (rec === null) {
      const k = leaves.next++;
      b.append(leaves.values[k]!);
      fields.push({ name: n.fields[i]!, type: leaves.types[k]! });
      continue;
    }
    b.beginContainer();
    fields.push({ name: n.fields[i]!, type: buildNode(rec, b, leaves, mk) });
    b.endContainer();
  }
  return mk(fields);
}

export const flattenFunctions: readonly FunctionDef[] = [
  {
    name: 'flatten',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      const zctx = ectx.zctx;
      const keyType = zctx.lookupArray(TypeString);
      const entryTypes = new Map<Type, RecordType>();
      const b = new Builder(256);
      const entryType = (t: Type): RecordType => {
        let e = entryTypes.get(t);
        if (e === undefined) {
          e = zctx.lookupRecord([
            { name: 'key', type: keyType },
            { name: 'value', type: t },
          ]);
          entryTypes.set(t, e);
        }
        return e;
      };
      return (args) => {
        const v = args[0]!;
        const r = underlying(v.type);
        if (r.kind !== 'record') return v;
        const leaves: Leaf[] = [];
        collectLeaves(r, v.bytes, [], leaves);
        const types: Type[] = leaves.map((l) => entryType(l.type));
        const inner = unifyTypes(zctx, types) ?? entryType(TypeNull);
        const union = inner.kind === 'union' && types.some((t) => t !== inner) ? inner : null;
        b.reset();
        for (let i = 0; i < leaves.length; i++) {
          const leaf = leaves[i]!;
          if (union !== null) {
            b.beginContainer();
            b.append(encodeInt(union.selectorOf(types[i]!)));
          }
          b.beginContainer();
          b.beginContainer();
          for (const name of leaf.path) b.append(encodeUtf8(name));
          b.endContainer();
          b.append(leaf.body);
          b.endContainer();
          if (union !== null) b.endContainer();
        }
        return new Value(zctx.lookupArray(inner), b.bytes());
      };
    },
  },
  {
    name: 'unflatten',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      const zctx = ectx.zctx;
      const b = new Builder(256);
      return (args) => {
        const v = args[0]!;
        const a = underlying(v.type);
        if (a.kind !== 'array') return v;
        const root: Node = { fields: [], records: [] };
        const types: Type[] = [];
        const values: (Uint8Array | null)[] = [];
        const body = v.bytes ?? new Uint8Array(0);
        for (let off = 0; off < body.length; ) {
          off = readElement(body, off, body.length, el);
          const eb = el.start < 0 ? null : body.subarray(el.start, el.end);
          let et: Type = a.elem;
          let ebody = eb;
          const eu = underlying(et);
          if (eu.kind === 'union') {
            const m = untag(eu, eb);
            et = m.type;
            ebody = m.bytes;
          }
          const rt = underlying(et);
          if (rt.kind !== 'record' || rt.fields.length !== 2) continue;
          const ki = rt.indexOf('key');
          const vi = rt.indexOf('value');
          if (ki < 0 || vi < 0) continue;
          const parts: (Uint8Array | null)[] = [null, null];
          if (ebody !== null) {
            const o = readElement(ebody, 0, ebody.length, el);
            parts[0] = el.start < 0 ? null : ebody.subarray(el.start, el.end);
            readElement(ebody, o, ebody.length, el);
            parts[1] = el.start < 0 ? null : ebody.subarray(el.start, el.end);
          }
          const kt = rt.fields[ki]!.type;
          const kb = parts[ki]!;
          let path: string[];
          const ku = underlying(kt);
          if (ku.id === ID.string) {
            path = [kb === null ? '' : decodeUtf8(kb)];
          } else if (ku.kind === 'array' && underlying(ku.elem).id === ID.string) {
            path = [];
            if (kb !== null) {
              for (let o = 0; o < kb.length; ) {
                o = readElement(kb, o, kb.length, el);
                path.push(el.start < 0 ? '' : decodeUtf8(kb.subarray(el.start, el.end)));
              }
            }
          } else {
            return ectx.errors.wrap(
              `invalid key type ${formatType(kt)}: expected either string or [string]`,
              new Value(a.elem, eb),
            );
          }
          const removed = addPath(root, path);
          if (removed > 0) {
            types.length -= removed;
            values.length -= removed;
          }
          types.push(rt.fields[vi]!.type);
          values.push(parts[vi]!);
        }
        b.reset();
        let t: Type;
        try {
          t = buildNode(root, b, { types, values, next: 0 }, (fields) => zctx.lookupRecord(fields));
        } catch (e) {
          return ectx.errors.wrap(e instanceof Error ? e.message : String(e), v);
        }
        return new Value(t, b.bytes());
      };
    },
  },
];
