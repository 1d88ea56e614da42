// ZngDecoder against byte sequences built by hand from docs/formats/zng.md,
// fed whole, a byte at a time and in random chunks; malformed input.
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../errors/index.js';
import {
  TypeContext,
  TypeInt64,
  TypeString,
  TypeUint8,
  encodeInt,
  type Type,
  type Value,
} from '../../zed/index.js';
import { ZngDecoder, decodeZng, type ZngControl } from './index.js';

function bytes(...parts: (number | string | number[])[]): Uint8Array {
  const out: number[] = [];
  for (const p of parts) {
    if (typeof p === 'number') out.push(p);
    else if (typeof p === 'string') for (const c of new TextEncoder().encode(p)) out.push(c);
    else out.push(...p);
  }
  return Uint8Array.from(out);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

let seed = 1;
function rand(n: number): number {
  seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
  return (seed >>> 8) % n;
}

type Chunking = 'whole' | 'bytes' | 'random';

function decodeChunked(input: Uint8Array, ctx: TypeContext, how: Chunking, onControl?: (c: ZngControl) => void): Value[] {
  const d = new ZngDecoder(ctx, onControl === undefined ? {} : { onControl });
  const out: Value[] = [];
  let off = 0;
  while (off < input.length) {
    const n = how === 'whole' ? input.length : how === 'bytes' ? 1 : 1 + rand(40);
    for (const v of d.push(input.subarray(off, off + n))) out.push(v);
    off += n;
  }
  for (const v of d.end()) out.push(v);
  return out;
}

const chunkings: Chunking[] = ['whole', 'bytes', 'random'];

// {a:1} as zq writes it (zio/zngio/ztests/multiple.yaml), derived here from the spec:
// types frame:  0x05 (T=00, L=5) 0x00 (len>>4) | 0x00 record, 1 field, "a", int64 (9)
// values frame: 0x14 (T=01, L=4) 0x00 | type 30, tag 3 (2 bytes), record body:
//               tag 2 (1 byte), 0x02 = int64 1 (zig-zag)
// end of stream: 0xff
const recordStream = bytes(0x05, 0x00, [0x00, 0x01, 0x01], 'a', 0x09, 0x14, 0x00, [0x1e, 0x03, 0x02, 0x02], 0xff);

describe('ZngDecoder', () => {
  for (const how of chunkings) {
    it(`ZngDecoder decodes a hand-built record stream (${how})`, () => {
      const ctx = new TypeContext();
      const vals = decodeChunked(concat(recordStream, recordStream), ctx, how);
      const rec = ctx.lookupRecord([{ name: 'a', type: TypeInt64 }]);
      expect(vals).toHaveLength(2);
      for (const v of vals) {
        expect(v.type).toBe(rec);
        expect(Array.from(v.bytes!)).toEqual([0x02, 0x02]);
      }
    });
  }

  it('ZngDecoder decodes every typedef code and long frame lengths', () => {
    // Types 30..39: one typedef of each code (zng.md §2.1.1-§2.1.8).
    const types = bytes(
      [0x00, 0x02, 0x01], 'x', 0x09, [0x01], 'y', 0x19, // 30 = {x:int64,y:string}
      [0x01, 0x1e], // 31 = [30]
      [0x02, 0x19], // 32 = |[string]|
      [0x03, 0x19, 0x09], // 33 = |{string:int64}|
      [0x04, 0x02, 0x09, 0x19], // 34 = (int64,string)
      [0x05, 0x03, 0x01], 'r', 0x01, 'g', 0x01, 'b', // 35 = enum(r,g,b)
      [0x06, 0x19], // 36 = error(string)
      [0x07, 0x04], 'port', 0x01, // 37 = port=uint16
      [0x07, 0x01], 'p', 0x1e, // 38 = p={x:int64,y:string}
      [0x01, 0x26], // 39 = [p]
    );
    expect(types.length).toBeGreaterThan(32);
    const values = bytes(
      [0x1e, 0x00], // null({x:int64,y:string})
      [0x1f, 0x01], // [] of 31
      [0x25, 0x03, 0x50, 0x00], // 80(port)
      [0x23, 0x02, 0x02], // enum value b (position 2)
      [0x24, 0x04], 'bad', // error("bad")
      [0x00, 0x02, 0xff], // 255(uint8)
    );
    // A frame length over 16 splits into the low 4 bits of the code and a uvarint.
    const input = concat(bytes(types.length & 0xf, types.length >> 4), types, bytes(0x10 | (values.length & 0xf), values.length >> 4), values, bytes(0xff));
    const ctx = new TypeContext();
    const vals = decodeZng(input, ctx);
    const rec = ctx.lookupRecord([
      { name: 'x', type: TypeInt64 },
      { name: 'y', type: TypeString },
    ]);
    const port = ctx.lookupNamed('port', ctx.lookupById(1)!);
    const expected: [Type, number[] | null][] = [
      [rec, null],
      [ctx.lookupArray(rec), []],
      [port, [0x50, 0x00]],
      [ctx.lookupEnum(['r', 'g', 'b']), [0x02]],
      [ctx.lookupError(TypeString), [0x62, 0x61, 0x64]],
      [TypeUint8, [0xff]],
    ];
    expect(vals).toHaveLength(expected.length);
    vals.forEach((v, i) => {
      expect(v.type).toBe(expected[i]![0]);
      expect(v.bytes === null ? null : Array.from(v.bytes)).toEqual(expected[i]![1]);
    });
    expect(ctx.lookupByName('p')!.type).toBe(rec);
    expect(ctx.lookupUnion([TypeInt64, TypeString])).toBeDefined();
  });

  for (const how of chunkings) {
    it(`ZngDecoder decodes hand-built LZ4 frames (${how})`, () => {
      const types = bytes(0x05, 0x00, [0x00, 0x01, 0x01], 'a', 0x09);
      // Five copies of the 4-byte value message, as an LZ4 block: 4 literals,
      // an 11-byte match at offset 4, then 5 final literals.
      const block = bytes(0x47, [0x1e, 0x03, 0x02, 0x02], [0x04, 0x00], 0x50, [0x02, 0x1e, 0x03, 0x02, 0x02]);
      const payload = concat(bytes(0x00, 20), block); // format LZ4, uncompressed size 20
      const compressed = concat(bytes(0x40 | 0x10 | (payload.length & 0xf), payload.length >> 4), payload);
      // A literal-only block: the whole stream of one value.
      const literal = bytes(0x51 + 6, 0x00, 0x00, 0x04, 0x40, [0x1e, 0x03, 0x02, 0x02]);
      const ctx = new TypeContext();
      const vals = decodeChunked(concat(types, compressed, literal, bytes(0xff)), ctx, how);
      expect(vals).toHaveLength(6);
      for (const v of vals) expect(Array.from(v.bytes!)).toEqual([0x02, 0x02]);
    });
  }

  it('ZngDecoder resets the stream type table at end-of-stream', () => {
    // Stream 1 defines 30 = {a:int64}; stream 2 defines 30 = {b:string}.
    const s2 = bytes(0x05, 0x00, [0x00, 0x01, 0x01], 'b', 0x19, 0x14, 0x00, [0x1e, 0x03, 0x02, 0x41], 0xff);
    const ctx = new TypeContext();
    const [a, b] = decodeZng(concat(recordStream, s2), ctx);
    expect(a!.type).toBe(ctx.lookupRecord([{ name: 'a', type: TypeInt64 }]));
    expect(b!.type).toBe(ctx.lookupRecord([{ name: 'b', type: TypeString }]));
    // After end-of-stream, ID 30 is undefined until redefined.
    expect(() => decodeZng(concat(recordStream, bytes(0x14, 0x00, [0x1e, 0x03, 0x02, 0x02])), ctx)).toThrow(
      'zngio: type ID 30 not in context',
    );
  });

  it('ZngDecoder accepts a stream without a final end-of-stream marker', () => {
    const vals = decodeZng(recordStream.subarray(0, recordStream.length - 1), new TypeContext());
    expect(vals).toHaveLength(1);
  });

  it('ZngDecoder skips frames with the version bit set, by their length', () => {
    const future = bytes(0x80 | 0x13, 0x01, new Array(19).fill(0x77));
    const vals = decodeZng(concat(future, recordStream, future), new TypeContext());
    expect(vals).toHaveLength(1);
  });

  for (const how of chunkings) {
    it(`ZngDecoder reports control frames in order and skips them otherwise (${how})`, () => {
      const control = bytes(0x20 | 6, 0x00, 0x01, '{"x"}');
      const input = concat(control, recordStream, control, recordStream);
      const seen: ZngControl[] = [];
      const vals = decodeChunked(input, new TypeContext(), how, (c) => seen.push(c));
      expect(vals).toHaveLength(2);
      expect(seen.map((c) => [c.format, new TextDecoder().decode(c.body), c.position])).toEqual([
        [1, '{"x"}', 0],
        [1, '{"x"}', 1],
      ]);
      expect(decodeChunked(input, new TypeContext(), how)).toHaveLength(2);
    });
  }

  it('ZngDecoder returns values that view the pushed chunk when a frame is whole in it', () => {
    const vals = new ZngDecoder(new TypeContext()).push(recordStream);
    expect(vals[0]!.bytes!.buffer).toBe(recordStream.buffer);
  });

  it('ZngDecoder handles empty frames and empty chunks', () => {
    const d = new ZngDecoder(new TypeContext());
    expect(d.push(new Uint8Array(0))).toEqual([]);
    expect(d.push(bytes(0x00, 0x00, 0x10, 0x00, 0xff, 0xff))).toEqual([]);
    expect(d.end()).toEqual([]);
  });
});

describe('ZngDecoder errors', () => {
  function fails(input: Uint8Array, message: string | RegExp, opts: { maxFrameSize?: number } = {}): void {
    for (const how of chunkings) {
      const run = () => {
        const d = new ZngDecoder(new TypeContext(), opts);
        let off = 0;
        while (off < input.length) {
          const n = how === 'whole' ? input.length : how === 'bytes' ? 1 : 1 + rand(7);
          d.push(input.subarray(off, off + n));
          off += n;
        }
        d.end();
      };
      expect(run).toThrow(FormatError);
      expect(run).toThrow(message);
    }
  }

  it('ZngDecoder rejects input truncated inside a frame at end()', () => {
    for (let n = 1; n < recordStream.length - 1; n++) {
      if (n === 7) continue; // a frame boundary
      fails(recordStream.subarray(0, n), /^zng: (unexpected EOF|truncated input|malformed zng record) \(the frame at byte offset \d+/);
    }
    // Cut at a frame boundary, the prefix is well formed.
    expect(decodeZng(recordStream.subarray(0, 7), new TypeContext())).toEqual([]);
  });

  it('ZngDecoder rejects an unknown typedef code', () => {
    fails(bytes(0x02, 0x00, 0x08, 0x00), 'unknown ZNG typedef code: 8');
  });

  it('ZngDecoder rejects a value whose type ID is not defined', () => {
    fails(bytes(0x14, 0x00, [0x1f, 0x03, 0x02, 0x02]), 'zngio: type ID 31 not in context');
    fails(bytes(0x12, 0x00, [0x04, 0x00]), 'zngio: type ID 4 not in context');
  });

  it('ZngDecoder rejects a typedef that refers to an undefined type', () => {
    fails(bytes(0x02, 0x00, 0x01, 0x28), 'type id (40) not in type context (size 30)');
    fails(bytes(0x02, 0x00, 0x01, 0x04), 'primitive type ID 4 not implemented');
  });

  it('ZngDecoder rejects malformed typedefs', () => {
    fails(bytes(0x03, 0x00, 0x00, 0x01, 0x05), 'malformed zng record'); // field name overruns
    fails(bytes(0x02, 0x00, 0x04, 0x00), 'type union: zero types not allowed');
    fails(bytes(0x08, 0x00, 0x07, 0x05, 'int64', 0x09), 'bad type name "int64": primitive type name');
    fails(bytes(0x08, 0x00, [0x00, 0x02, 0x01], 'a', 0x09, 0x01, 'a', 0x09), 'duplicate field: "a"');
  });

  it('ZngDecoder rejects a value body that overruns its frame', () => {
    fails(concat(recordStream.subarray(0, 7), bytes(0x14, 0x00, [0x1e, 0x05, 0x02, 0x02])), 'malformed zng record');
    fails(concat(recordStream.subarray(0, 7), bytes(0x11, 0x00, 0x1e)), 'malformed zng record');
  });

  it('ZngDecoder rejects an unknown compression format', () => {
    fails(bytes(0x53, 0x00, 0x01, 0x01, 0x10), 'zngio: unknown compression format 0x1');
  });

  it('ZngDecoder rejects an LZ4 block whose size differs from the frame header', () => {
    fails(bytes(0x57, 0x00, 0x00, 0x05, 0x40, [0x1e, 0x03, 0x02, 0x02]), 'zngio: got 4 uncompressed bytes, expected 5');
    fails(bytes(0x54, 0x00, 0x00, 0xac, 0x02, 0x40), 'zngio: uncompressed size 300 is impossible for a 1-byte LZ4 block');
  });

  it('ZngDecoder rejects frames over the size limit and unknown frame types', () => {
    fails(bytes(0x10, 0x80, 0x80, 0x80, 0x01), 'zngio: frame length (33554432) exceeds maximum allowed (1000)', {
      maxFrameSize: 1000,
    });
    fails(bytes(0x30, 0x00), 'unknown ZNG message frame type: 3');
    fails(bytes(0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01), 'malformed zng record');
  });

  it('ZngDecoder reports corrupted bytes as FormatError or decodes them, never hanging', () => {
    // A stream with every kind of frame, compressed and not.
    const base = concat(
      bytes(0x05, 0x00, [0x00, 0x01, 0x01], 'a', 0x09),
      bytes(0x5f, 0x00, 0x00, 20, 0x47, [0x1e, 0x03, 0x02, 0x02], [0x04, 0x00], 0x50, [0x02, 0x1e, 0x03, 0x02, 0x02]),
      bytes(0x20 | 3, 0x00, 0x03, 'hi'),
      recordStream,
    );
    const ctx = new TypeContext();
    for (let i = 0; i < 3000; i++) {
      const b = base.slice();
      const flips = 1 + rand(3);
      for (let k = 0; k < flips; k++) b[rand(b.length)] = rand(256);
      const input = rand(4) === 0 ? b.subarray(0, rand(b.length)) : b;
      try {
        decodeChunked(input, ctx, chunkings[i % 3]!);
      } catch (e) {
        expect(e).toBeInstanceOf(FormatError);
      }
    }
  });

  it('ZngDecoder gathers a frame split over many chunks without trusting its length', () => {
    const d = new ZngDecoder(new TypeContext());
    // Claims a 512 MiB payload: nothing that big is allocated up front.
    d.push(bytes(0x10, 0x80, 0x80, 0x80, 0x10));
    expect(() => d.end()).toThrow(FormatError);
    const e = new ZngDecoder(new TypeContext());
    e.push(bytes(0x10, 0x80, 0x80, 0x04, 0x01, 0x02));
    expect(() => e.end()).toThrow('zng: truncated input (the frame at byte offset 0: the frame has 2 of its 1048576 bytes)');
  });
});

describe('decodeZng', () => {
  it('decodeZng decodes into the given context', () => {
    const ctx = new TypeContext();
    const [v] = decodeZng(recordStream, ctx);
    expect(v!.type).toBe(ctx.lookupRecord([{ name: 'a', type: TypeInt64 }]));
    expect(Array.from(v!.bytes!.subarray(1))).toEqual(Array.from(encodeInt(1)));
  });
});
