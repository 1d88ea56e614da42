// Encode then decode is the identity: every primitive and complex type, nulls,
// several streams, compressed or not, fed whole, by bytes and in random chunks.
import { describe, expect, it } from 'vitest';
import { encodeUtf8 } from '../../util/utf8.js';
import {
  Builder,
  TypeBool,
  TypeBytes,
  TypeContext,
  TypeDuration,
  TypeFloat16,
  TypeFloat32,
  TypeFloat64,
  TypeInt64,
  TypeIP,
  TypeNet,
  TypeNull,
  TypeString,
  TypeTime,
  TypeType,
  Value,
  encodeBool,
  encodeFloat16,
  encodeFloat32,
  encodeFloat64,
  encodeInt,
  encodeUint,
  parseIP,
  parseNet,
  primitivesById,
  type Type,
} from '../../zed/index.js';
import { ZngDecoder, ZngEncoder, type ZngEncoderOptions } from './index.js';

/** The body of a container holding `elems` (null elements are nulls). */
function container(...elems: (Uint8Array | null)[]): Uint8Array {
  const b = new Builder();
  b.beginContainer();
  for (const e of elems) b.append(e);
  b.endContainer();
  return b.body()!;
}

const prim = (id: number): Type => primitivesById[id]!;

/** Values of every kind of type, made in `ctx`. */
function catalog(ctx: TypeContext): Value[] {
  const vals: Value[] = [];
  const add = (t: Type, ...bodies: (Uint8Array | null)[]) => {
    for (const b of bodies) vals.push(new Value(t, b));
    vals.push(new Value(t, null));
  };
  // Primitives (zng.md §3).
  add(prim(0), encodeUint(0), encodeUint(200));
  add(prim(1), encodeUint(65535));
  add(prim(2), encodeUint(4294967295));
  add(prim(3), encodeUint(2n ** 64n - 1n));
  add(prim(6), encodeInt(-128));
  add(prim(7), encodeInt(-32768));
  add(prim(8), encodeInt(2147483647));
  add(TypeInt64, encodeInt(-(2n ** 63n)), encodeInt(0), encodeInt(1));
  add(TypeDuration, encodeInt(-1_500_000_000n));
  add(TypeTime, encodeInt(1_521_849_600_000_000_000n));
  add(TypeFloat16, encodeFloat16(1.5));
  add(TypeFloat32, encodeFloat32(-0.25));
  add(TypeFloat64, encodeFloat64(Math.PI), encodeFloat64(NaN), encodeFloat64(-0));
  add(TypeBool, encodeBool(true), encodeBool(false));
  add(TypeBytes, new Uint8Array(0), Uint8Array.of(0, 1, 2, 255));
  add(TypeString, encodeUtf8(''), encodeUtf8('héllo, wörld ✓'), encodeUtf8('x'.repeat(300)), encodeUtf8('y'.repeat(20000)));
  add(TypeIP, parseIP('10.0.0.1'), parseIP('fe80::1'));
  add(TypeNet, parseNet('10.0.0.0/8'), parseNet('2001:db8::/32'));
  vals.push(new Value(TypeNull, null));

  // Complex types (zng.md §2.1, §2.2.3).
  const rec = ctx.lookupRecord([
    { name: 'a', type: TypeInt64 },
    { name: 's', type: TypeString },
  ]);
  add(rec, container(encodeInt(1), encodeUtf8('one')), container(null, null));
  add(ctx.lookupRecord([]), new Uint8Array(0));
  const arr = ctx.lookupArray(TypeInt64);
  add(arr, container(encodeInt(1), null, encodeInt(3)), new Uint8Array(0));
  add(ctx.lookupArray(rec), container(container(encodeInt(2), encodeUtf8('two'))));
  const set = ctx.lookupSet(TypeString);
  add(set, container(encodeUtf8('a'), encodeUtf8('z')), new Uint8Array(0));
  const map = ctx.lookupMap(TypeString, TypeInt64);
  add(map, container(encodeUtf8('k1'), encodeInt(1), encodeUtf8('k2'), null));
  const union = ctx.lookupUnion([TypeInt64, TypeString]);
  add(union, container(encodeInt(union.selectorOf(TypeString)), encodeUtf8('u')));
  const enm = ctx.lookupEnum(['red', 'green', 'blue']);
  add(enm, encodeUint(2));
  add(ctx.lookupError(TypeString), encodeUtf8('failed'));
  add(ctx.lookupError(rec), container(encodeInt(9), encodeUtf8('bad')));
  const port = ctx.lookupNamed('port', prim(1));
  add(port, encodeUint(443));
  const conn = ctx.lookupNamed('conn', ctx.lookupRecord([{ name: 'p', type: port }]));
  add(conn, container(encodeUint(80)));
  add(ctx.lookupNamed('alias', conn), container(encodeUint(22)));
  // The name rebound to another type within the same stream.
  add(ctx.lookupNamed('port', TypeString), encodeUtf8('https'));
  add(port, encodeUint(8080));

  // Type values (zng.md §4) and nesting.
  add(TypeType, ctx.encodeTypeValue(TypeInt64), ctx.encodeTypeValue(conn), ctx.encodeTypeValue(union));
  const nested = ctx.lookupRecord([
    { name: 'id', type: ctx.lookupRecord([{ name: 'orig_h', type: TypeIP }, { name: 'orig_p', type: port }]) },
    { name: 'tags', type: ctx.lookupSet(ctx.lookupArray(TypeString)) },
    { name: 'm', type: ctx.lookupMap(TypeString, ctx.lookupArray(union)) },
    { name: 't', type: TypeType },
    { name: 'e', type: ctx.lookupError(enm) },
  ]);
  add(
    nested,
    container(
      container(parseIP('192.168.1.1'), encodeUint(53)),
      container(container(encodeUtf8('a')), container(encodeUtf8('b'), null)),
      container(encodeUtf8('k'), container(container(encodeInt(union.selectorOf(TypeInt64)), encodeInt(7)), null)),
      ctx.encodeTypeValue(nested.fields[0]!.type),
      encodeUint(0),
    ),
    container(null, null, null, null, null),
  );
  return vals;
}

let seed = 42;
function rand(n: number): number {
  seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
  return (seed >>> 8) % n;
}

type Chunking = 'whole' | 'bytes' | 'random';

function encode(streams: Value[][], opts: ZngEncoderOptions): Uint8Array {
  const e = new ZngEncoder(opts);
  const parts: Uint8Array[] = [];
  for (const s of streams) {
    // Batches of varying size.
    for (let i = 0; i < s.length; ) {
      const n = 1 + rand(5);
      parts.push(e.write(s.slice(i, i + n)));
      i += n;
    }
    parts.push(e.endStream());
  }
  parts.push(e.end());
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

function decode(input: Uint8Array, ctx: TypeContext, how: Chunking): Value[] {
  const d = new ZngDecoder(ctx);
  const out: Value[] = [];
  for (let off = 0; off < input.length; ) {
    const n = how === 'whole' ? input.length : how === 'bytes' ? 1 : 1 + rand(3000);
    // Copy each chunk, as a stream would deliver fresh buffers.
    for (const v of d.push(input.slice(off, off + n))) out.push(v);
    off += n;
  }
  for (const v of d.end()) out.push(v);
  return out;
}

function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function expectSame(got: Value[], want: Value[], typeIn: (t: Type) => Type): void {
  expect(got).toHaveLength(want.length);
  for (let i = 0; i < want.length; i++) {
    const g = got[i]!;
    const w = want[i]!;
    expect(g.type).toBe(typeIn(w.type));
    if (!sameBytes(g.bytes, w.bytes)) {
      expect(g.bytes === null ? null : Array.from(g.bytes)).toEqual(w.bytes === null ? null : Array.from(w.bytes));
    }
  }
}

describe('ZNG round trip', () => {
  for (const compress of [false, true]) {
    for (const how of ['whole', 'bytes', 'random'] as const) {
      it(`ZNG round trip keeps every type and value (compress ${compress}, ${how})`, () => {
        const ctx = new TypeContext();
        const vals = catalog(ctx);
        const input = encode([vals], { compress });
        // Into the same context: the very same type objects.
        expectSame(decode(input, ctx, how), vals, (t) => t);
        // Into a fresh context: the equal types interned there.
        const other = new TypeContext();
        expectSame(decode(input, other, how), vals, (t) => other.decodeTypeValue(ctx.encodeTypeValue(t)));
      });

      it(`ZNG round trip spans several streams and many frames (compress ${compress}, ${how})`, () => {
        const ctx = new TypeContext();
        const vals = catalog(ctx);
        const streams = [vals, vals.slice().reverse(), [], vals.slice(10, 40)];
        const input = encode(streams, { compress, frameThreshold: 300 });
        const other = new TypeContext();
        expectSame(decode(input, other, how), streams.flat(), (t) => other.decodeTypeValue(ctx.encodeTypeValue(t)));
      });
    }
  }

  it('ZNG round trip of many records in small compressed frames, randomly chunked', () => {
    const ctx = new TypeContext();
    const base = catalog(ctx);
    const vals: Value[] = [];
    for (let i = 0; i < 20000; i++) vals.push(base[rand(base.length)]!);
    const input = encode([vals.slice(0, 12000), vals.slice(12000)], { frameThreshold: 4096 });
    const other = new TypeContext();
    expectSame(decode(input, other, 'random'), vals, (t) => other.decodeTypeValue(ctx.encodeTypeValue(t)));
  });
});
