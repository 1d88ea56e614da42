import { describe, expect, it } from 'vitest';
import { TypeContext, Value, type Type } from '../../zed/index.js';
import { VngEncoder } from './encoder.js';
import { shredValues, type SpanRef, type ValueSpans } from './shred-wasm.js';
import { firstDifference, rng, zsonValues } from './test-helpers.js';

const OPTS = { compress: false, minMax: false, checksums: true } as const;

/** Values as spans, their bodies in the few buffers given (as a lake's run has them). */
function spansOf(values: readonly Value[], buffers = 3): ValueSpans {
  const bufs = Array.from({ length: buffers }, () => new Uint8Array(values.reduce((n, v) => n + (v.bytes?.length ?? 0), 0)));
  const fill = new Array<number>(buffers).fill(0);
  const where = values.map((v, i) => {
    if (v.bytes === null) return { buf: bufs[0]!, start: -1, end: -1 };
    const k = i % buffers;
    const start = fill[k]!;
    bufs[k]!.set(v.bytes, start);
    fill[k] = start + v.bytes.length;
    return { buf: bufs[k]!, start, end: fill[k]! };
  });
  return {
    length: values.length,
    at(i: number, ref: SpanRef) {
      const w = where[i]!;
      ref.type = values[i]!.type;
      ref.buf = w.buf;
      ref.start = w.start;
      ref.end = w.end;
    },
  };
}

/** The file written value by value. */
function oneByOne(values: readonly Value[]): Uint8Array {
  const e = new VngEncoder(OPTS);
  for (const v of values) {
    if (v.bytes === null) e.writeRange(v.type, new Uint8Array(0), -1, -1);
    else e.writeRange(v.type, v.bytes, 0, v.bytes.length);
  }
  return e.end();
}

function allAtOnce(values: readonly Value[]): Uint8Array {
  const e = new VngEncoder(OPTS);
  e.writeAll(spansOf(values));
  return e.end();
}

const PRIMS = ['int64', 'uint8', 'int8', 'bool', 'string', 'float64', 'ip', 'time', 'duration', 'bytes', 'uint16', 'net'] as const;

/** A random ZSON literal of primitive `p`, from `card` distinct values. */
function literal(p: (typeof PRIMS)[number], r: (n: number) => number, card: number): string {
  const k = r(card);
  switch (p) {
    case 'int64':
      return String(k * (r(2) === 0 ? 1 : -977));
    case 'uint8':
      return `${k % 256}(uint8)`;
    case 'int8':
      return `${(k % 256) - 128}(int8)`;
    case 'bool':
      return k % 2 === 0 ? 'true' : 'false';
    case 'string':
      // Some longer than a 64 KiB block of the module's.
      return JSON.stringify(k % 97 === 5 ? 'x'.repeat(70_000 + k) : `s${k}${'y'.repeat(k % 23)}`);
    case 'float64':
      return `${k}.5`;
    case 'ip':
      return `10.0.${(k >> 8) & 255}.${k & 255}`;
    case 'time':
      return new Date(1_500_000_000_000 + k * 1000).toISOString();
    case 'duration':
      return `${k}s`;
    case 'bytes':
      return `0x${k.toString(16).padStart(2 * (1 + (k % 5)), '0').slice(0, 2 * (1 + (k % 5)))}`;
    case 'uint16':
      return `${k % 65536}(uint16)`;
    case 'net':
      return `10.${k & 255}.0.0/16`;
  }
}

interface Shape {
  readonly fields: readonly { name: string; prim?: (typeof PRIMS)[number]; rec?: Shape; card: number }[];
}

function randomShape(r: (n: number) => number, depth: number): Shape {
  const n = 1 + r(5);
  return {
    fields: Array.from({ length: n }, (_, i) => {
      const card = [1, 2, 3, 200, 256, 257, 5000][r(7)]!;
      if (depth < 2 && r(4) === 0) return { name: `r${i}`, rec: randomShape(r, depth + 1), card };
      return { name: `f${i}`, prim: PRIMS[r(PRIMS.length)]!, card };
    }),
  };
}

function typeText(s: Shape): string {
  return `{${s.fields.map((f) => `${f.name}:${f.rec !== undefined ? typeText(f.rec) : f.prim!}`).join(',')}}`;
}

function recordText(s: Shape, r: (n: number) => number, nulls: number): string {
  const parts = s.fields.map((f) => {
    // A null of the field's type (of a record too), or now and then of type null.
    if (r(100) < nulls) return r(4) === 0 ? `${f.name}:null` : `${f.name}:null(${f.rec !== undefined ? typeText(f.rec) : f.prim!})`;
    return `${f.name}:${f.rec !== undefined ? recordText(f.rec, r, nulls) : literal(f.prim!, r, f.card)}`;
  });
  return `{${parts.join(',')}}`;
}

describe('VNG columns shredded in WebAssembly', () => {
  it('writes the same file as the writers, byte for byte, over random records', () => {
    let cases = 0;
    let shredded = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const r = rng(seed);
      const ctx = new TypeContext();
      const shapes = Array.from({ length: 1 + r(3) }, () => randomShape(r, 0));
      const nulls = [0, 0, 5, 50][r(4)]!;
      const count = [1, 10, 300, 2000][r(4)]!;
      const lines: string[] = [];
      for (let i = 0; i < count; i++) {
        // Top-level nulls of a record type now and then.
        if (nulls > 0 && r(50) === 0) lines.push(`null(${typeText(shapes[0]!)})`);
        else lines.push(recordText(shapes[r(shapes.length)]!, r, nulls));
      }
      const values = zsonValues(lines.join('\n'), ctx);
      if (shredValues(spansOf(values)) !== null) shredded++;
      expect(firstDifference(allAtOnce(values), oneByOne(values)), `seed ${seed}`).toBe(-1);
      cases++;
    }
    expect(cases).toBe(60);
    // (Every type here is one the module takes.)
    expect(shredded).toBe(60);
  });

  it('keeps a dictionary of 256 values and gives up one of 257, as the writers do', () => {
    const ctx = new TypeContext();
    for (const card of [255, 256, 257]) {
      const values = zsonValues(
        Array.from({ length: 3000 }, (_, i) => `{a:${i % card},b:"${i % 3}"}`).join('\n'),
        ctx,
      );
      const r = shredValues(spansOf(values))!;
      expect(r.nodes[0]![1]!.dict === null).toBe(card > 256);
      expect(r.nodes[0]![2]!.dict!.bodies.length).toBe(3);
      expect(firstDifference(allAtOnce(values), oneByOne(values))).toBe(-1);
    }
  });

  it('leaves types it does not take to the writers, with the same file', () => {
    const ctx = new TypeContext();
    for (const text of ['{a:[1,2]}\n{a:[3]}', '{a:1((int64,string))}', '{a:80(port=uint16)}', '1\n2\n"x"', 'error("e")']) {
      const values = zsonValues(text, ctx);
      const plain = values.every((v) => v.type.kind === 'primitive');
      expect(shredValues(spansOf(values)) !== null, text).toBe(plain);
      expect(firstDifference(allAtOnce(values), oneByOne(values)), text).toBe(-1);
    }
  });

  it('fails on a corrupt body as the writers do, having written nothing of it', () => {
    const ctx = new TypeContext();
    const [good] = zsonValues('{a:1,b:"x"}', ctx);
    const t: Type = good!.type;
    // One field short, and one too many.
    for (const bytes of [good!.bytes!.subarray(0, 2), new Uint8Array([...good!.bytes!, 2, 0])]) {
      const values = [good!, new Value(t, bytes)];
      expect(shredValues(spansOf(values))).toBeNull();
      expect(() => allAtOnce(values)).toThrow(/VNG writer: record value has (fewer|more) fields than its type/);
      expect(() => oneByOne(values)).toThrow(/VNG writer: record value has (fewer|more) fields than its type/);
    }
    // The module works on after a trap.
    const values = zsonValues('{a:1,b:"x"}\n{a:2,b:"y"}', ctx);
    expect(shredValues(spansOf(values))).not.toBeNull();
    expect(firstDifference(allAtOnce(values), oneByOne(values))).toBe(-1);
  });

  it('writes min and max (minMax true) through the writers alone', () => {
    const ctx = new TypeContext();
    const values = zsonValues('{a:1}\n{a:5}', ctx);
    const e = new VngEncoder({ compress: false });
    e.writeAll(spansOf(values));
    const f = new VngEncoder({ compress: false });
    for (const v of values) f.writeRange(v.type, v.bytes!, 0, v.bytes!.length);
    expect(firstDifference(e.end(), f.end())).toBe(-1);
  });
});
