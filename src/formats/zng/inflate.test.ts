// inflateZng: the same values as the stream it came from, with no
// compressed frame left; streams with nothing compressed come back as they
// are; a broken frame is a FormatError, not a wrong stream.
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../errors/index.js';
import { TypeContext } from '../../zed/index.js';
import { formatValue, parseZsonValue } from '../../zson/index.js';
import { COMPRESSED_BIT, EOS } from './frame.js';
import { decodeZng, encodeZng, inflateZng } from './index.js';

const ZSON = Array.from({ length: 3000 }, (_, i) =>
  i % 7 === 0 ? `{a:${i},s:"x${i % 13}",n:null(int64)}` : i % 3 === 0 ? `[${i},${i + 1}]` : `{a:${i},s:"word ${i} ${'z'.repeat(i % 50)}"}`,
).join('\n');

/** The frames' code bytes of a ZNG sequence. */
function codes(b: Uint8Array): number[] {
  return frames(b).map((f) => f.code);
}

/** The frames of a ZNG sequence: code byte and where the payload starts. */
function frames(b: Uint8Array): { code: number; payload: number }[] {
  const out: { code: number; payload: number }[] = [];
  for (let p = 0; p < b.length; ) {
    const code = b[p]!;
    if (code === EOS) {
      out.push({ code, payload: p + 1 });
      p++;
      continue;
    }
    let size = 0;
    let shift = 0;
    let q = p + 1;
    for (;;) {
      const x = b[q++]!;
      size += (x & 0x7f) * 2 ** shift;
      shift += 7;
      if (x < 0x80) break;
    }
    out.push({ code, payload: q });
    p = q + size * 16 + (code & 0xf);
  }
  return out;
}

function text(b: Uint8Array): string {
  return decodeZng(b, new TypeContext()).map((v) => formatValue(v)).join('\n');
}

describe('inflateZng', () => {
  const ctx = new TypeContext();
  const values = ZSON.split('\n').map((t) => parseZsonValue(t, ctx));

  it('gives the values of a compressed stream of many frames, with every frame uncompressed', () => {
    const z = encodeZng(values, { frameThreshold: 4096 });
    expect(codes(z).filter((c) => c !== EOS && (c & COMPRESSED_BIT) !== 0).length).toBeGreaterThan(5);
    const inflated = inflateZng(z);
    expect(codes(inflated).some((c) => c !== EOS && (c & COMPRESSED_BIT) !== 0)).toBe(false);
    expect(codes(inflated).length).toBe(codes(z).length);
    expect(text(inflated)).toBe(text(z));
    expect(text(inflated).split('\n').length).toBe(3000);
  });

  it('keeps streams apart and returns a stream with nothing compressed as it is', () => {
    const two = new Uint8Array([...encodeZng(values.slice(0, 100)), ...encodeZng(values.slice(100))]);
    expect(text(inflateZng(two))).toBe(text(two));
    const plain = encodeZng(values, { compress: false, frameThreshold: 4096 });
    expect(inflateZng(plain)).toBe(plain);
  });

  it('refuses a truncated frame and a corrupt compressed payload', () => {
    const z = encodeZng(values, { frameThreshold: 4096 });
    expect(() => inflateZng(z.subarray(0, z.length - 10))).toThrow(FormatError);
    const first = frames(z).find((f) => f.code !== EOS && (f.code & COMPRESSED_BIT) !== 0)!;
    // An unknown compression format.
    const bad = z.slice();
    bad[first.payload] = 7;
    expect(() => inflateZng(bad)).toThrow(/unknown compression format 0x7/);
    // An uncompressed size the block does not hold.
    const short = z.slice();
    short[first.payload + 1] = (short[first.payload + 1]! + 1) | 0x80;
    expect(() => inflateZng(short)).toThrow(FormatError);
  });
});
