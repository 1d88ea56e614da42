// Files laid out as Zed v1.18.0's writer lays them out, built here by hand
// from the spec (vng.md, zng.md and the Go structs that the metadata value
// marshals): VngDecoder reads them, and VngEncoder writes exactly these bytes.
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../errors/index.js';
import { TypeContext } from '../../zed/index.js';
import { formatValue } from '../../zson/index.js';
import { decodeZng, encodeZng } from '../zng/index.js';
import { encodeVng, openVngBytes } from './index.js';
import { chunkings, decodeChunked, zsonText, zsonValues } from './test-helpers.js';

function bytes(...parts: (number | string | readonly number[])[]): Uint8Array {
  const out: number[] = [];
  for (const p of parts) {
    if (typeof p === 'number') out.push(p);
    else if (typeof p === 'string') out.push(...new TextEncoder().encode(p));
    else out.push(...p);
  }
  return Uint8Array.from(out);
}

function header(metaSize: number, dataSize: number): number[] {
  const le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24];
  return [0x56, 0x4e, 0x47, 0, ...le(4), ...le(metaSize), ...le(dataSize)];
}

/** A whole file: header, the metadata value given as ZSON (encoded as ZNG), then data. */
function file(metaZson: string, data: readonly number[]): Uint8Array {
  const meta = encodeZng(zsonValues(metaZson, new TypeContext()));
  return bytes(header(meta.length, data.length), [...meta], data);
}

/** The metadata section of a file, as ZSON. */
function metaOf(f: Uint8Array): string {
  const size = f[8]! | (f[9]! << 8) | (f[10]! << 16) | (f[11]! << 24);
  return decodeZng(f.subarray(16, 16 + size), new TypeContext()).map((v) => formatValue(v)).join('\n');
}

describe('VNG files as Zed writes them', () => {
  // vng/ztests/const.yaml: "zed dev vng" shows MetaSize 35, DataSize 0 and
  // {Value:1,Count:3(uint32)}(=Const) for the input 1, 1, 1.
  const constFile = bytes(
    header(35, 0),
    // types frame (T=0, length 24): record {Value:int64,Count:uint32}, then Const=<it>
    [0x08, 0x01],
    [0x00, 2, 5, ...'Value'.split('').map((c) => c.charCodeAt(0)), 9, 5, ...'Count'.split('').map((c) => c.charCodeAt(0)), 2],
    [0x07, 5, ...'Const'.split('').map((c) => c.charCodeAt(0)), 30],
    // values frame (T=1, length 6): type 31, body {Value:1 (zig-zag 2), Count:3}
    [0x16, 0x00, 31, 5, 2, 2, 2, 3],
    0xff,
  );

  it('reads the Const file of Zed const.yaml and writes the same bytes', () => {
    for (const how of chunkings) expect(zsonText(decodeChunked(constFile, new TypeContext(), how))).toBe('1\n1\n1\n');
    expect(encodeVng(zsonValues('1 1 1', new TypeContext()))).toEqual(constFile);
  });

  // Values of two types: a variant with a tags column, a dictionary column
  // with nulls (selectors, then runs) and a Const column.
  const rows = '{a:"x"}\n7\n{a:null(string)}\n{a:"y"}\n7\n{a:"x"}\n';
  const variantMeta = `{
    Tags:{Offset:0,Length:8(int32),MemLength:8(int32),CompressionFormat:0(uint8)}(=Segment),
    Values:[
      {Length:4(uint32),Fields:[
        {Name:"a",Values:{
          Runs:{Offset:11,Length:6(int32),MemLength:6(int32),CompressionFormat:0(uint8)}(Segment),
          Values:{
            Type:<string>,
            Location:{Offset:8,Length:3(int32),MemLength:3(int32),CompressionFormat:0(uint8)}(Segment),
            Dict:[{Value:"x",Count:2(uint32)}(=DictEntry),{Value:"y",Count:1(uint32)}(DictEntry)],
            Min:"x",Max:"y",Count:3(uint32)
          }(=Primitive),
          Count:1(uint32)
        }(=Nulls)}(=Field)
      ]}(=Record),
      {Value:7,Count:2(uint32)}(=Const)
    ],
    Length:6(uint32)
  }(=Variant)`;
  const variantData = [
    // tags 0 1 0 0 1 0 as int64 elements
    0x01, 0x02, 0x02, 0x01, 0x01, 0x02, 0x02, 0x01,
    // selectors of x, y, x
    0x00, 0x01, 0x00,
    // runs: 1 value, 1 null, 2 values
    0x02, 0x02, 0x02, 0x02, 0x02, 0x04,
  ];

  it('reads a variant with dictionary, nulls and Const columns and writes the same bytes', () => {
    const f = file(variantMeta, variantData);
    for (const how of chunkings) expect(zsonText(decodeChunked(f, new TypeContext(), how))).toBe(rows);
    const ours = encodeVng(zsonValues(rows, new TypeContext()));
    expect(metaOf(ours)).toBe(metaOf(f));
    expect(ours).toEqual(f);
  });

  it('reads LZ4-compressed segments', () => {
    // Ten int64 values of 1 ([0x02 0x02] each, 20 bytes) as an LZ4 block:
    // 2 literals + a 13-byte match at offset 2, then 5 final literals.
    const block = [0x29, 0x02, 0x02, 0x02, 0x00, 0x50, 0x02, 0x02, 0x02, 0x02, 0x02];
    const meta = `{Type:<int64>,Location:{Offset:0,Length:11(int32),MemLength:20(int32),CompressionFormat:1(uint8)}(=Segment),
      Dict:null([DictEntry={Value:{typ:null,base:uint8,len:uint64},Count:uint32}]),Min:1,Max:1,Count:10(uint32)}(=Primitive)`;
    const f = file(meta, block);
    for (const how of chunkings) expect(zsonText(decodeChunked(f, new TypeContext(), how))).toBe('1\n'.repeat(10));
    // A block that does not fill MemLength is corrupt.
    const short = file(meta.replace('MemLength:20', 'MemLength:22'), block);
    expect(() => decodeChunked(short, new TypeContext(), 'whole')).toThrow(FormatError);
  });

  it('writes the Dict metadata of Zed dict.yaml and no-dict.yaml', () => {
    const dict = encodeVng(zsonValues('{a:"hello",b:1}\n{a:"world",b:2}\n', new TypeContext()));
    const meta = metaOf(dict);
    expect(meta).toContain('Dict:[{Value:"hello",Count:1(uint32)}(=DictEntry),{Value:"world",Count:1}(DictEntry)]');
    expect(meta).toMatch(/Dict:\[\{Value:1,Count:1\}(\(DictEntry\))?,\{Value:2,Count:1\}/);
    const lines: string[] = [];
    for (let i = 1; i <= 1000; i++) lines.push(`{x:${i}}`);
    const noDict = metaOf(encodeVng(zsonValues(lines.join('\n'), new TypeContext())));
    expect(noDict).toBe(
      '{Length:1000(uint32),Fields:[{Name:"x",Values:{Type:<int64>,Location:{Offset:0,Length:2873(int32),MemLength:2873(int32),CompressionFormat:0(uint8)}(=Segment),Dict:null([DictEntry={Value:{typ:null,base:uint8,len:uint64},Count:uint32}]),Min:1,Max:1000,Count:1000(uint32)}(=Primitive)}(=Field)]}(=Record)',
    );
  });

  it('writes an empty file as Zed does: a Variant of no types', () => {
    const f = encodeVng([]);
    expect(metaOf(f)).toBe(
      '{Tags:{Offset:0,Length:0(int32),MemLength:0(int32),CompressionFormat:0(uint8)}(=Segment),Values:[]([null]),Length:0(uint32)}(=Variant)',
    );
    expect(openVngBytes(f).length).toBe(0);
  });
});
