// Segment checksums (checksums.ts): a file written with them reads back the
// same values, with or without checking; a changed byte in any segment is a
// FormatError naming it when checked; a file without a trailer has no
// checks; a trailer of another size than it says is a FormatError.
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../errors/index.js';
import { TypeContext, type Value } from '../../zed/index.js';
import { HEADER_SIZE, parseHeader, segmentHash, VngEncoder, openVng } from './index.js';
import { bytesSource } from './source.js';
import { zsonText, zsonValues } from './test-helpers.js';

const TEXT = Array.from({ length: 300 }, (_, i) => `{a:${i * 7919},s:"v${i % 13}",r:{x:${i % 3 === 0 ? 'null' : `${i}.5`},y:[${i},${i + 1}]}}`).join('\n');

function encode(values: readonly Value[], checksums: boolean): Uint8Array {
  const e = new VngEncoder({ compress: false, checksums });
  e.write(values);
  return e.end();
}

async function readAll(file: Uint8Array, checks: boolean): Promise<string> {
  const vng = await openVng(bytesSource(file), { checks });
  const out: Value[] = [];
  for await (const b of vng.scan()) out.push(...b);
  return zsonText(out);
}

/** The file offsets where the trailer says segments start. */
function segmentStarts(file: Uint8Array): number[] {
  const h = parseHeader(file.subarray(0, HEADER_SIZE));
  const base = HEADER_SIZE + h.metaSize;
  const at = base + h.dataSize;
  const dv = new DataView(file.buffer, file.byteOffset, file.byteLength);
  return Array.from({ length: dv.getUint32(at + 4, true) }, (_, k) => base + dv.getUint32(at + 8 + 8 * k, true));
}

describe('VNG segment checksums', () => {
  const values = zsonValues(TEXT, new TypeContext());
  const want = zsonText(values);
  const plain = encode(values, false);
  const summed = encode(values, true);

  it('add a trailer after the data and change nothing a reader sees', async () => {
    expect(summed.subarray(0, plain.length)).toEqual(plain);
    expect(new TextDecoder().decode(summed.subarray(plain.length, plain.length + 4))).toBe('ZSUM');
    expect(await readAll(summed, true)).toBe(want);
    expect(await readAll(summed, false)).toBe(want);
    expect((await openVng(bytesSource(summed), { checks: true })).checks!.size).toBe(segmentStarts(summed).length);
    expect((await openVng(bytesSource(plain), { checks: true })).checks).toBeNull();
  });

  it('find a changed byte in any segment', async () => {
    const starts = segmentStarts(summed);
    expect(starts.length).toBeGreaterThan(4);
    const h = parseHeader(summed.subarray(0, HEADER_SIZE));
    const end = HEADER_SIZE + h.metaSize + h.dataSize;
    for (const [k, s] of starts.entries()) {
      const last = (starts[k + 1] ?? end) - 1;
      for (const at of [s, last]) {
        const bad = summed.slice();
        bad[at] = bad[at]! ^ 0x01;
        const e = await readAll(bad, true).catch((x: unknown) => x);
        expect(e).toBeInstanceOf(FormatError);
        expect((e as Error).message).toBe(`VNG segment at offset ${s} is damaged: its checksum does not match`);
      }
    }
  });

  it('refuse a trailer of another size than it says', async () => {
    await expect(openVng(bytesSource(summed.subarray(0, summed.length - 3)), { checks: true })).rejects.toThrow(/^VNG checksum trailer at offset \d+: \d+ bytes, not \d+$/);
    const longer = new Uint8Array(summed.length + 8);
    longer.set(summed);
    await expect(openVng(bytesSource(longer), { checks: true })).rejects.toThrow(FormatError);
  });

  it('hash every byte, its place and the length', () => {
    const b = Uint8Array.from({ length: 37 }, (_, i) => (i * 31) & 0xff);
    const h = segmentHash(b);
    for (let i = 0; i < b.length; i++) {
      const c = b.slice();
      c[i] = c[i]! ^ 0x80;
      expect(segmentHash(c)).not.toBe(h);
    }
    expect(segmentHash(b.subarray(0, 36))).not.toBe(h);
    expect(segmentHash(new Uint8Array(0))).not.toBe(segmentHash(new Uint8Array(1)));
  });
});
