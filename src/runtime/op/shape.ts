// shape: reads all records and gives records with the same field names,
// whose types differ only where one is null, one merged type; a float64
// field whose every value is integral becomes int64 (or uint64), as Zed's
// shape.Shaper does. Its quirks are kept: every field starts as a candidate
// integer, so an all-null field becomes int64 and a field of another
// integer type (int32...) fails with "shape: can't recode from non float64".
// Non-records pass unchanged (Zed would fail on them).

import { Builder, ID, TypeFloat64, TypeInt64, TypeNull, TypeUint64, Value, decodeFloat, encodeInt, encodeUint, readElement, underlying, type Field, type RecordType, type Type } from '../../zed/index.js';
import { Stash } from './stash.js';
import { checkAbort, type Batch, type OpContext, type Stream } from './types.js';
import { recordTypeOf } from './values.js';
import { InvalidError } from '../../errors/index.js';

interface Anchor {
  readonly fields: Field[];
  readonly signed: boolean[];
  readonly unsigned: boolean[];
  type: RecordType | null;
  recode: RecordType | null | undefined;
}

const el = { start: 0, end: 0 };
const TWO63 = 2 ** 63;
const TWO64 = 2 ** 64;

function isNullType(t: Type): boolean {
  return underlying(t) === TypeNull;
}

export async function* shapeOp(ctx: OpContext, parent: Stream): AsyncGenerator<Batch> {
  const { zctx } = ctx;
  const byNames = new Map<string, Anchor[]>();
  const byType = new Map<Type, Anchor>();
  const stash = new Stash(ctx);

  const anchorFor = (rec: RecordType): Anchor => {
    let a = byType.get(rec);
    if (a !== undefined) return a;
    const fields = rec.fields;
    const key = fields.map((f) => f.name).join('\u0000');
    let list = byNames.get(key);
    if (list === undefined) {
      list = [];
      byNames.set(key, list);
    }
    a = list.find((x) => x.fields.every((f, k) => f.type === fields[k]!.type || isNullType(f.type) || isNullType(fields[k]!.type)));
    if (a === undefined) {
      a = { fields: fields.slice(), signed: fields.map(() => true), unsigned: fields.map(() => true), type: null, recode: undefined };
      list.push(a);
    } else {
      for (let k = 0; k < a.fields.length; k++) if (isNullType(a.fields[k]!.type)) a.fields[k] = fields[k]!;
    }
    byType.set(rec, a);
    return a;
  };

  const checkInts = (a: Anchor, rec: RecordType, body: Uint8Array | null): void => {
    let off = 0;
    for (let k = 0; k < rec.fields.length; k++) {
      let b: Uint8Array | null = null;
      if (body !== null && off < body.length) {
        off = readElement(body, off, body.length, el);
        b = el.start < 0 ? null : body.subarray(el.start, el.end);
      }
      const id = underlying(rec.fields[k]!.type).id;
      if (id <= ID.int64 || id === ID.null) continue;
      if (id < ID.float16 || id > ID.float64) {
        a.signed[k] = false;
        a.unsigned[k] = false;
        continue;
      }
      const f = b === null ? 0 : decodeFloat(b);
      const integral = Number.isInteger(f);
      if (!(integral && f >= -TWO63 && f < TWO63)) a.signed[k] = false;
      if (!(integral && f >= 0 && f < TWO64)) a.unsigned[k] = false;
    }
  };

  try {
    for await (const batch of parent) {
      checkAbort(ctx);
      for (const v of batch) {
        const rec = recordTypeOf(v.type);
        if (rec !== null) checkInts(anchorFor(rec), rec, v.bytes);
      }
      await stash.add(batch);
    }
    const b = new Builder(256);
    for await (const batch of stash.read()) {
      const out = new Array<Value>(batch.length);
      for (let i = 0; i < batch.length; i++) {
        const v = batch[i]!;
        const rec = recordTypeOf(v.type);
        const a = rec === null ? undefined : byType.get(rec);
        if (a === undefined) {
          out[i] = v;
          continue;
        }
        a.type ??= zctx.lookupRecord(a.fields);
        if (a.recode === undefined) {
          const ints = a.signed.some((s, k) => s || a.unsigned[k]);
          a.recode = ints
            ? zctx.lookupRecord(a.type.fields.map((f, k) => (a.signed[k] ? { name: f.name, type: TypeInt64 } : a.unsigned[k] ? { name: f.name, type: TypeUint64 } : f)))
            : null;
        }
        if (a.recode === null || v.bytes === null) {
          out[i] = new Value(a.recode ?? a.type, v.bytes);
          continue;
        }
        out[i] = new Value(a.recode, recode(b, a.type.fields, a.recode.fields, v.bytes));
      }
      yield out;
    }
  } finally {
    await stash.close();
  }
}

function recode(b: Builder, from: readonly Field[], to: readonly Field[], body: Uint8Array): Uint8Array {
  b.reset();
  let off = 0;
  for (let k = 0; k < from.length; k++) {
    off = readElement(body, off, body.length, el);
    const toType = to[k]!.type;
    if (from[k]!.type === toType || el.start < 0) {
      b.appendRange(body, el.start, el.end);
      continue;
    }
    if (from[k]!.type !== TypeFloat64) throw new InvalidError("shape: can't recode from non float64");
    const f = decodeFloat(body, el.start, el.end);
    b.append(toType === TypeInt64 ? encodeInt(BigInt(Math.trunc(f))) : encodeUint(BigInt(Math.trunc(f))));
  }
  return b.bytes();
}
