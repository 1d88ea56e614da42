// A commit's actions as the journal stores them: a ZNG stream of Zed's action
// records, `{commit,object:data.Object}(=commits.Add)` and
// `{commit,id}(=commits.Delete)` (spec lake-api.md §7 :rawlog, §8), plus the
// commit's meta value as a one-value ZNG stream.

import { InternalError } from '../errors/index.js';
import { decodeZng, encodeZng } from '../formats/zng/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import {
  Builder,
  encodeInt,
  encodeUint,
  decodeUint,
  readElement,
  TypeBytes,
  TypeContext,
  TypeInt64,
  TypeUint64,
  underlying,
  Value,
  type Type,
} from '../zed/index.js';
import type { DataObject } from './data-object.js';
import { idBytes, idFromBytes } from './ids.js';

export type CommitAction =
  | { readonly kind: 'add'; readonly object: DataObject }
  | { readonly kind: 'delete'; readonly id: KsuidHex };

const ADD = 'commits.Add';
const DELETE = 'commits.Delete';

/** Brings `t` into `ctx` (complex types are interned per context). */
function importType(ctx: TypeContext, t: Type): Type {
  return t.kind === 'primitive' ? t : ctx.decodeTypeValue(ctx.encodeTypeValue(t));
}

/** Encodes the actions of commit `commitId` as ZNG. */
export function encodeActions(commitId: KsuidHex, actions: readonly CommitAction[]): Uint8Array {
  const ctx = new TypeContext();
  const ksuid = ctx.lookupNamed('ksuid.KSUID', TypeBytes);
  const commit = idBytes(commitId);
  const b = new Builder();
  const values: Value[] = [];
  for (const a of actions) {
    b.reset();
    b.append(commit);
    switch (a.kind) {
      case 'add': {
        const o = a.object;
        const object = ctx.lookupNamed(
          'data.Object',
          ctx.lookupRecord([
            { name: 'id', type: ksuid },
            { name: 'min', type: importType(ctx, o.min.type) },
            { name: 'max', type: importType(ctx, o.max.type) },
            { name: 'count', type: TypeUint64 },
            { name: 'size', type: TypeInt64 },
          ]),
        );
        b.beginContainer();
        b.append(idBytes(o.id));
        b.append(o.min.bytes);
        b.append(o.max.bytes);
        b.append(encodeUint(o.count));
        b.append(encodeInt(o.size));
        b.endContainer();
        const t = ctx.lookupNamed(ADD, ctx.lookupRecord([{ name: 'commit', type: ksuid }, { name: 'object', type: object }]));
        values.push(new Value(t, b.bytes()));
        break;
      }
      case 'delete': {
        b.append(idBytes(a.id));
        const t = ctx.lookupNamed(DELETE, ctx.lookupRecord([{ name: 'commit', type: ksuid }, { name: 'id', type: ksuid }]));
        values.push(new Value(t, b.bytes()));
        break;
      }
      default:
        return unreachable(a);
    }
  }
  return encodeZng(values);
}

/** Decodes what encodeActions wrote; min and max values land in `ctx`. */
export function decodeActions(bytes: Uint8Array, ctx: TypeContext = new TypeContext()): CommitAction[] {
  const out: CommitAction[] = [];
  for (const v of decodeZng(bytes, ctx)) {
    const name = v.type.kind === 'named' ? v.type.name : '';
    const fields = recordFields(v);
    if (name === ADD && fields.length === 2) {
      const obj = fields[1]!;
      const of = recordFields(obj);
      if (of.length !== 5) throw corrupt();
      out.push({
        kind: 'add',
        object: {
          id: idOf(of[0]!),
          min: of[1]!,
          max: of[2]!,
          count: Number(decodeUint(of[3]!.bytes ?? EMPTY)),
          size: Number(of[4]!.asInt()),
        },
      });
    } else if (name === DELETE && fields.length === 2) {
      out.push({ kind: 'delete', id: idOf(fields[1]!) });
    } else {
      throw corrupt();
    }
  }
  return out;
}

/** The commit's meta value as stored (null stands for Zed's default, null). */
export function encodeMeta(meta: Value | undefined): Uint8Array | null {
  return meta === undefined ? null : encodeZng([meta]);
}

export function decodeMeta(bytes: Uint8Array | null, ctx: TypeContext = new TypeContext()): Value | null {
  if (bytes === null) return null;
  const vals = decodeZng(bytes, ctx);
  return vals[0] ?? null;
}

const EMPTY = new Uint8Array(0);
const el = { start: 0, end: 0 };

function recordFields(v: Value): Value[] {
  const u = underlying(v.type);
  if (u.kind !== 'record' || v.bytes === null) throw corrupt();
  const body = v.bytes;
  const out: Value[] = [];
  let off = 0;
  for (const f of u.fields) {
    off = readElement(body, off, body.length, el);
    out.push(new Value(f.type, el.start < 0 ? null : body.subarray(el.start, el.end)));
  }
  return out;
}

function idOf(v: Value): KsuidHex {
  if (v.bytes === null || v.bytes.length !== 20) throw corrupt();
  return idFromBytes(v.bytes);
}

function corrupt(): InternalError {
  return new InternalError('system error: corrupt commit object');
}

function unreachable(x: never): never {
  throw new InternalError(`unknown commit action ${JSON.stringify(x)}`);
}
