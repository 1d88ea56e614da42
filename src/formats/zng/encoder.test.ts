// ZngEncoder: the exact bytes the spec implies, framing thresholds, when it
// compresses, end-of-stream markers and control messages.
import { describe, expect, it } from 'vitest';
import { readUvarint } from '../../util/uvarint.js';
import { encodeUtf8 } from '../../util/utf8.js';
import { Builder, TypeContext, TypeInt64, TypeString, Value, encodeInt } from '../../zed/index.js';
import { ZngEncoder, decodeZng, encodeZng, type ZngControl } from './index.js';

interface FrameInfo {
  code: number;
  kind: number;
  compressed: boolean;
  /** Payload size as stored (compressed size for compressed frames). */
  size: number;
  /** Uncompressed payload size. */
  rawSize: number;
}

/** Walks the frames of a ZNG byte sequence (end-of-stream markers as kind 3). */
function frames(b: Uint8Array): FrameInfo[] {
  const out: FrameInfo[] = [];
  const pos = { pos: 0 };
  let off = 0;
  while (off < b.length) {
    const code = b[off]!;
    if (code === 0xff) {
      out.push({ code, kind: 3, compressed: false, size: 0, rawSize: 0 });
      off++;
      continue;
    }
    const v = readUvarint(b, off + 1, pos);
    const size = v * 16 + (code & 0xf);
    const compressed = (code & 0x40) !== 0;
    const rawSize = compressed ? readUvarint(b, pos.pos + 1, { pos: 0 }) : size;
    out.push({ code, kind: (code >> 4) & 3, compressed, size, rawSize });
    off = pos.pos + size;
  }
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

function record(ctx: TypeContext, a: number, s: string): Value {
  const t = ctx.lookupRecord([
    { name: 'a', type: TypeInt64 },
    { name: 's', type: TypeString },
  ]);
  const b = new Builder();
  b.beginContainer();
  b.append(encodeInt(a));
  b.append(encodeUtf8(s));
  b.endContainer();
  return new Value(t, b.body());
}

describe('ZngEncoder', () => {
  it('ZngEncoder writes exactly the bytes the spec implies for {a:1}', () => {
    const ctx = new TypeContext();
    const t = ctx.lookupRecord([{ name: 'a', type: TypeInt64 }]);
    const v = new Value(t, Uint8Array.of(0x02, 0x02));
    // Types frame (code 0x05: types, length 5), values frame (0x14: values,
    // length 4), end of stream; zq writes the same (zio/zngio/ztests/multiple.yaml).
    const expected = [0x05, 0x00, 0x00, 0x01, 0x01, 0x61, 0x09, 0x14, 0x00, 0x1e, 0x03, 0x02, 0x02, 0xff];
    expect(Array.from(encodeZng([v], { compress: false }))).toEqual(expected);
    // Compression would not make these frames smaller, so they stay plain.
    expect(Array.from(encodeZng([v]))).toEqual(expected);
  });

  it('ZngEncoder defines child types before the types that use them', () => {
    const ctx = new TypeContext();
    const arr = ctx.lookupArray(TypeString);
    const named = ctx.lookupNamed('strs', arr);
    const t = ctx.lookupRecord([
      { name: 'a', type: named },
      { name: 'b', type: arr },
    ]);
    const out = encodeZng([new Value(t, null), new Value(arr, null)], { compress: false });
    // 30 = [string], 31 = strs=30, 32 = {a:31,b:30}
    const types = [0x01, 0x19, 0x07, 0x04, ...encodeUtf8('strs'), 0x1e, 0x00, 0x02, 0x01, 0x61, 0x1f, 0x01, 0x62, 0x1e];
    const values = [0x20, 0x00, 0x1e, 0x00];
    expect(Array.from(out)).toEqual([types.length & 0xf, types.length >> 4, ...types, 0x10 | values.length, 0x00, ...values, 0xff]);
  });

  it('ZngEncoder writes nothing at all for an empty stream', () => {
    const e = new ZngEncoder();
    expect(e.write([]).length).toBe(0);
    expect(e.end().length).toBe(0);
    expect(encodeZng([]).length).toBe(0);
  });

  it('ZngEncoder cuts a values frame once it reaches the threshold', () => {
    const ctx = new TypeContext();
    const vals = Array.from({ length: 100 }, (_, i) => record(ctx, i, `value ${i}`));
    const e = new ZngEncoder({ compress: false, frameThreshold: 200 });
    const parts: Uint8Array[] = [];
    for (const v of vals) parts.push(e.write([v]));
    parts.push(e.end());
    const out = concat(parts);
    const fs = frames(out);
    expect(fs[0]!.kind).toBe(0);
    expect(fs.filter((f) => f.kind === 0)).toHaveLength(1);
    const valueFrames = fs.filter((f) => f.kind === 1);
    expect(valueFrames.length).toBeGreaterThan(5);
    for (const f of valueFrames.slice(0, -1)) {
      expect(f.size).toBeGreaterThanOrEqual(200);
      expect(f.size).toBeLessThan(200 + 20);
    }
    expect(fs.at(-1)!.kind).toBe(3);
    // Frames come out as soon as they are cut, not only at end().
    expect(parts.filter((p) => p.length > 0).length).toBeGreaterThan(5);
    expect(decodeZng(out, ctx).map((v) => v.bytes)).toEqual(vals.map((v) => v.bytes));
  });

  it('ZngEncoder compresses frames when LZ4 makes them smaller', () => {
    const ctx = new TypeContext();
    const vals = Array.from({ length: 2000 }, (_, i) => record(ctx, i % 7, 'the same string, again and again'));
    const plain = encodeZng(vals, { compress: false });
    const packed = encodeZng(vals);
    expect(packed.length).toBeLessThan(plain.length / 4);
    const fs = frames(packed);
    expect(fs.find((f) => f.kind === 1)!.compressed).toBe(true);
    expect(fs.find((f) => f.kind === 1)!.rawSize).toBe(frames(plain).find((f) => f.kind === 1)!.size);
    expect(decodeZng(packed, ctx).map((v) => v.bytes)).toEqual(vals.map((v) => v.bytes));
  });

  it('ZngEncoder leaves a frame uncompressed when LZ4 does not make it smaller', () => {
    let seed = 7;
    const noise = new Uint8Array(5000).map(() => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed >> 16;
    });
    const ctx = new TypeContext();
    const v = new Value(ctx.lookupById(24)!, noise);
    const fs = frames(encodeZng([v]));
    expect(fs.map((f) => [f.kind, f.compressed])).toEqual([
      [1, false],
      [3, false],
    ]);
  });

  it('ZngEncoder starts a new stream after endStream, redefining its types', () => {
    const ctx = new TypeContext();
    const e = new ZngEncoder({ compress: false });
    const a = e.write([record(ctx, 1, 'x')]);
    const s1 = concat([a, e.endStream()]);
    expect(e.position).toBe(s1.length);
    // A second endStream with nothing in between writes no marker.
    expect(e.endStream().length).toBe(0);
    const s2 = concat([e.write([record(ctx, 2, 'y')]), e.end()]);
    expect(e.position).toBe(s1.length + s2.length);
    expect(Array.from(s2.subarray(0, frames(s1)[0]!.size + 2))).toEqual(Array.from(s1.subarray(0, frames(s1)[0]!.size + 2)));
    expect(frames(concat([s1, s2])).map((f) => f.kind)).toEqual([0, 1, 3, 0, 1, 3]);
    const vals = decodeZng(concat([s1, s2]), ctx);
    expect(vals.map((v) => v.bytes)).toEqual([record(ctx, 1, 'x').bytes, record(ctx, 2, 'y').bytes]);
  });

  it('ZngEncoder writes control messages in order with the values', () => {
    const ctx = new TypeContext();
    const e = new ZngEncoder();
    const out = concat([
      e.write([record(ctx, 1, 'x')]),
      e.writeControl(1, encodeUtf8('{"type":"QueryChannelSet"}')),
      e.write([record(ctx, 2, 'y'), record(ctx, 3, 'z')]),
      e.end(),
    ]);
    const seen: ZngControl[] = [];
    const vals = decodeZng(out, ctx, { onControl: (c) => seen.push(c) });
    expect(vals).toHaveLength(3);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.format).toBe(1);
    expect(seen[0]!.position).toBe(1);
    expect(new TextDecoder().decode(seen[0]!.body)).toBe('{"type":"QueryChannelSet"}');
  });
});
