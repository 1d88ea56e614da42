import { describe, expect, it } from 'vitest';
import { arrowsPrefix, parquetMagic, vngHeader } from './magic.js';

const b = (...xs: number[]) => Uint8Array.from(xs);

describe('detection magic checks', () => {
  it('arrowsPrefix reads the schema length after an optional continuation marker', () => {
    expect(arrowsPrefix(b(0xff, 0xff, 0xff, 0xff, 0x10, 0, 0, 0), 'partial')).toBe(null);
    expect(arrowsPrefix(b(0x10, 0, 0, 0), 'eof')).toBe(null);
    expect(arrowsPrefix(b(0x01, 0x00, 0x10, 0x00), 'eof')).toBe('arrows: schema message length exceeds 1 MiB');
    expect(arrowsPrefix(new TextEncoder().encode('This is'), 'eof')).toBe('arrows: schema message length exceeds 1 MiB');
  });

  it('arrowsPrefix waits for its bytes, then words a short input as io.ReadFull does', () => {
    expect(arrowsPrefix(b(0xff, 0xff, 0xff, 0xff, 0x10), 'partial')).toBe('more');
    expect(arrowsPrefix(b(), 'eof')).toBe('arrows: EOF');
    expect(arrowsPrefix(b(0x78), 'eof')).toBe('arrows: unexpected EOF');
    expect(arrowsPrefix(b(0xff, 0xff, 0xff, 0xff), 'eof')).toBe('arrows: EOF');
  });

  it('vngHeader wants "VNG\\0" in a 16-byte header', () => {
    const hdr = b(0x56, 0x4e, 0x47, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    expect(vngHeader(hdr, 'partial')).toBe(null);
    expect(vngHeader(hdr.subarray(0, 10), 'partial')).toBe('more');
    expect(vngHeader(hdr.subarray(0, 10), 'eof')).toBe('vng: short VNG file: 10 bytes read');
    expect(vngHeader(b(0x56, 0x4e, 0x47, 1, ...new Array(12).fill(0)), 'eof')).toBe('vng: invalid VNG header');
  });

  it('parquetMagic wants "PAR1" first', () => {
    expect(parquetMagic(new TextEncoder().encode('PAR1xxxx'), 'partial')).toBe(null);
    expect(parquetMagic(new TextEncoder().encode('PAR'), 'partial')).toBe('more');
    expect(parquetMagic(new TextEncoder().encode('PAR'), 'eof')).toBe('parquet: file too small (size=3)');
    expect(parquetMagic(new TextEncoder().encode('{a:1}'), 'eof')).toBe('parquet: invalid file magic');
  });
});
