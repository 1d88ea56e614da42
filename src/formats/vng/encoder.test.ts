// VngEncoder's choices, as Zed's writer makes them: dictionaries up to 256
// distinct values (never for uint8, int8 and bool), Const columns, min and
// max in Zed's order, LZ4 only where smaller, tags only for several types.
import { describe, expect, it } from 'vitest';
import { UnsupportedError } from '../../errors/index.js';
import { concatBytes } from '../../util/concat.js';
import { TypeContext, type Value } from '../../zed/index.js';
import { formatValue } from '../../zson/index.js';
import { readValues } from '../input.js';
import { detectFormat } from '../detect.js';
import { formatByName } from '../registry.js';
import { VngEncoder, encodeVng, openVngBytes, type Meta } from './index.js';
import { chunkings, decodeChunked, firstDifference, zsonText, zsonValues } from './test-helpers.js';

function metaOf(text: string): Meta {
  return openVngBytes(encodeVng(zsonValues(text, new TypeContext()))).meta;
}

/** The column of field `name` of a top-level record, under its Nulls node if any. */
function field(m: Meta, name: string): Meta {
  if (m.kind !== 'record') throw new Error(`not a record: ${m.kind}`);
  const f = m.fields.find((x) => x.name === name);
  if (f === undefined) throw new Error(`no field ${name}`);
  return f.values.kind === 'nulls' ? f.values.values : f.values;
}

function show(v: Value | null): string {
  return v === null ? 'null' : formatValue(v);
}

describe('VngEncoder', () => {
  it('uses a Const for one distinct value, but never for uint8, int8 and bool', () => {
    const m = metaOf('{a:"x",b:1(uint8),c:true,d:-1(int8),e:1}\n'.repeat(3));
    expect(field(m, 'a')).toMatchObject({ kind: 'const', count: 3 });
    expect(field(m, 'e')).toMatchObject({ kind: 'const', count: 3 });
    for (const f of ['b', 'c', 'd']) expect(field(m, f)).toMatchObject({ kind: 'primitive', dict: null, count: 3 });
  });

  it('keeps a dictionary up to 256 distinct values, sorted, with counts, min and max', () => {
    const rows: string[] = [];
    for (let i = 0; i < 512; i++) rows.push(`{small:${(i * 37) % 256},big:${i},s:"${['b', 'a', 'c'][i % 3]}",f:${i % 2 === 0 ? '-0.5' : '2.5'}}`);
    const m = metaOf(rows.join('\n'));
    const small = field(m, 'small');
    if (small.kind !== 'primitive') throw new Error(small.kind);
    expect(small.dict).toHaveLength(256);
    expect(small.dict!.map((e) => e.value.asIntNumber())).toEqual([...Array(256).keys()]);
    expect(small.dict!.every((e) => e.count === 2)).toBe(true);
    expect(small.location.memLength).toBe(512);
    expect(show(small.min)).toBe('0');
    expect(show(small.max)).toBe('255');
    const big = field(m, 'big');
    expect(big).toMatchObject({ kind: 'primitive', dict: null, count: 512 });
    if (big.kind !== 'primitive') throw new Error(big.kind);
    expect(show(big.min)).toBe('0');
    expect(show(big.max)).toBe('511');
    const s = field(m, 's');
    if (s.kind !== 'primitive') throw new Error(s.kind);
    expect(s.dict!.map((e) => show(e.value))).toEqual(['"a"', '"b"', '"c"']);
    const f = field(m, 'f');
    if (f.kind !== 'primitive') throw new Error(f.kind);
    expect([show(f.min), show(f.max)]).toEqual(['-0.5', '2.5']);
  });

  it('compresses a column with LZ4 only when that makes it smaller', () => {
    const rows: string[] = [];
    for (let i = 0; i < 300; i++) rows.push(`{rep:"${'abcdefgh'.repeat(4)}${i % 300}",rnd:"${((i * 2654435761) >>> 0).toString(36)}"}`);
    const m = metaOf(rows.join('\n'));
    const rep = field(m, 'rep');
    if (rep.kind !== 'primitive') throw new Error(rep.kind);
    expect(rep.location.compression).toBe(1);
    expect(rep.location.length).toBeLessThan(rep.location.memLength / 4);
    const tiny = field(metaOf('{a:1}\n{a:2}'), 'a');
    if (tiny.kind !== 'primitive') throw new Error(tiny.kind);
    expect(tiny.location).toMatchObject({ compression: 0, length: 2, memLength: 2 });
  });

  it('writes tags only for values of two or more types', () => {
    expect(metaOf('{a:1}\n{a:2}').kind).toBe('record');
    const v = metaOf('{a:1}\n"s"\n{a:2}');
    expect(v).toMatchObject({ kind: 'variant', length: 3 });
    if (v.kind !== 'variant') throw new Error(v.kind);
    expect(v.values.map((x) => x.kind)).toEqual(['record', 'const']);
    expect(v.tags.memLength).toBe(4);
  });

  it('takes out nulls as runs, and names and errors as wrappers', () => {
    const m = metaOf('{a:1(=n)}\n{a:null(n)}\nerror("x")');
    if (m.kind !== 'variant') throw new Error(m.kind);
    const rec = m.values[0]!;
    if (rec.kind !== 'record') throw new Error(rec.kind);
    expect(rec.fields[0]!.values).toMatchObject({ kind: 'named', name: 'n', values: { kind: 'nulls', count: 1 } });
    expect(m.values[1]).toMatchObject({ kind: 'error', values: { kind: 'const' } });
  });

  it('hands the file out in pieces, which join to what end() returns and read back', () => {
    const text = '{a:1,s:"x",r:{b:[1,2]}}\n{a:null,s:"y",r:null}\n"z"\n'.repeat(50);
    for (const checksums of [false, true]) {
      const whole = new VngEncoder({ compress: false, checksums });
      const parts = new VngEncoder({ compress: false, checksums });
      whole.write(zsonValues(text, new TypeContext()));
      parts.write(zsonValues(text, new TypeContext()));
      const file = whole.end();
      const pieces = parts.endParts();
      expect(pieces.length).toBeGreaterThan(2);
      const joined = concatBytes(pieces);
      expect(joined.length).toBe(file.length);
      expect(firstDifference(joined, file)).toBe(-1);
      expect(zsonText(decodeChunked(joined, new TypeContext(), chunkings[0]!))).toBe(text);
    }
    // Nothing written: an empty file, the same both ways; once ended, nothing more.
    const empty = new VngEncoder();
    const emptyParts = empty.endParts();
    expect(emptyParts.length).toBeGreaterThan(0);
    expect(emptyParts.reduce((n, p) => n + p.length, 0)).toBe(new VngEncoder().end().length);
    expect(empty.endParts()).toEqual([]);
    expect(empty.end().length).toBe(0);
  });

  it('refuses enums, which Zed VNG cannot hold', () => {
    const e = new VngEncoder();
    const [v] = zsonValues('{e:%a(enum(a,b))}', new TypeContext());
    expect(() => e.write([v!])).toThrow(UnsupportedError);
  });
});

describe('VNG in the format registry', () => {
  it('is registered as application/x-vng, detected in files and read through the input layer', async () => {
    const f = formatByName('vng')!;
    expect(f).toMatchObject({ mediaType: 'application/x-vng', extension: 'vng', binary: true });
    const text = '{a:1,b:"x"}\n{a:2,b:"y"}\n';
    const enc = f.encoder!({});
    expect(enc.write(zsonValues(text, new TypeContext()))).toHaveLength(0);
    const bytes = enc.end() as Uint8Array;
    // As in Zed, VNG is detected only in a seekable input.
    expect(detectFormat(bytes, { seekable: true })).toBe('vng');
    // Auto-detected and read in small chunks.
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 5) c.enqueue(bytes.slice(i, i + 5));
        c.close();
      },
    });
    const out: Value[] = [];
    for await (const batch of readValues(stream, new TypeContext(), { seekable: true })) out.push(...batch);
    expect(zsonText(out)).toBe(text);
  });
});
