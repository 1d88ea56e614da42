// NdjsonDecoder: one JSON value per line with the JSON reader's mapping;
// blank lines skipped; errors name the line. Fed whole, a byte at a time
// and in random chunks.
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../errors/index.js';
import { TypeContext, TypeInt64, TypeNull, TypeString, elements, encodeInt, type Value } from '../../zed/index.js';
import { formatValue } from '../../zson/index.js';
import { JsonDecoder } from '../json/json-decoder.js';
import { NdjsonDecoder } from './index.js';

const enc = new TextEncoder();

let seed = 11;
function rand(n: number): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
}

function decode(input: string, how: 'whole' | 'bytes' | 'random' = 'whole', ctx = new TypeContext()): Value[] {
  const bytes = enc.encode(input);
  const d = new NdjsonDecoder(ctx);
  const out: Value[] = [];
  for (let off = 0; off < bytes.length; ) {
    const n = how === 'whole' ? bytes.length : how === 'bytes' ? 1 : 1 + rand(40);
    out.push(...d.push(bytes.subarray(off, off + n)));
    off += n;
  }
  out.push(...d.end());
  return out;
}

function summary(vals: Value[]): string[] {
  return vals.map((v) => `${v.type.id}:${v.bytes === null ? 'null' : Array.from(v.bytes).join('.')}`);
}

function errorOf(input: string, how: 'whole' | 'bytes' | 'random' = 'whole'): ParseError {
  try {
    decode(input, how);
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('NdjsonDecoder', () => {
  const input = [
    '{"_path":"conn","id":{"orig_h":"10.0.0.1","orig_p":80},"tags":[],"n":null}',
    '',
    '  {"_path":"dns","answers":["a",1,null],"ttl":1.5}  ',
    '"just a string"',
    '[1,2,3]\r',
    '9223372036854775807',
    '{"é":"e\u0301"}',
    '',
  ].join('\n');

  it('decodes one value per line as the JSON reader does', () => {
    const got = decode(input);
    expect(got).toHaveLength(6);
    expect(summary(got)).toEqual(summary(decodeJson(input)));
    expect(got[4]!.type).toBe(TypeInt64);
    expect(got[4]!.bytes).toEqual(encodeInt(9223372036854775807n));
    expect(got[2]!.type).toBe(TypeString);
  });

  it('decodes the same values however the input is chunked', () => {
    const whole = summary(decode(input));
    expect(summary(decode(input, 'bytes'))).toEqual(whole);
    expect(summary(decode(input, 'random'))).toEqual(whole);
  });

  it('reads a last line without a newline and skips blank lines', () => {
    expect(decode('\n\n1\n\n   \n\t\n2')).toHaveLength(2);
    expect(decode('')).toEqual([]);
    expect(decode('\n \n')).toEqual([]);
  });

  it('keeps top-level null as a null value', () => {
    const [v] = decode('null\n');
    expect(v!.type).toBe(TypeNull);
    expect(v!.bytes).toBeNull();
  });

  it('decodes long lines split over many chunks', () => {
    const line = JSON.stringify({ a: Array.from({ length: 5000 }, (_, i) => i), s: 'x'.repeat(70000) });
    const [v] = decode(line + '\n' + line, 'random');
    expect(elements(elements(v!.bytes!)[0]!)).toHaveLength(5000);
  });

  it('names the line and column of an error', () => {
    for (const how of ['whole', 'bytes', 'random'] as const) {
      const e = errorOf('{"a":1}\n\n{"a":}\n', how);
      expect([e.reason, e.line, e.column]).toEqual(["invalid character '}' looking for beginning of value", 3, 6]);
    }
    expect(errorOf('{"a":1}\n{"a":\n1}').message).toBe('unexpected end of JSON input at line 2, column 6');
    expect(errorOf('1 2').reason).toBe("invalid character '2' after top-level value");
    expect(errorOf('{"a":1}{"b":2}').reason).toBe("invalid character '{' after top-level value");
    expect(errorOf('\n\n  [1,]').message).toBe("invalid character ']' looking for beginning of value at line 3, column 6");
  });

  it('reads random documents, good and bad lines alike, as lines parsed one by one would, however chunked', () => {
    // Each line's value (or error) is what a fresh reader gives for that line
    // alone: the reader finds line ends while it parses, and must never let
    // a value run onto the next line, lose a blank line from the count, or
    // word an error otherwise than for the line by itself.
    const pieces = [
      '{"a":1,"b":"x"}', '{"a":2,"b":null}', '  [1,"two",null]\t', '"s"', '-0.5', 'true', 'null', '',
      '   ', '\r', '{"a":{"b":[{},[]]}}\r', '{"a":1} ', // good
      '{"a":', '{"a":1}{"b":2}', '1 2', '[1,]', '{"a":"x', '"\\u12"', 'tru', '{"a" 1}', '{"a":1,', // bad
    ];
    const r = (n: number) => rand(n);
    let checked = 0;
    let failed = 0;
    for (let doc = 0; doc < 300; doc++) {
      const lines = Array.from({ length: 1 + r(12) }, () => pieces[r(doc % 3 === 0 ? pieces.length : 12)]!);
      const text = lines.join('\n') + (r(2) === 0 ? '\n' : '');
      // The reference: each line alone.
      const want: string[] = [];
      let wantError = '';
      lines.forEach((l, k) => {
        if (wantError !== '') return;
        try {
          want.push(...decode(l).map((v) => formatValue(v)));
        } catch (e) {
          if (!(e instanceof ParseError)) throw e;
          wantError = `${e.reason} at line ${k + 1}, column ${e.column}`;
        }
      });
      for (const how of ['whole', 'bytes', 'random'] as const) {
        const got: Value[] = [];
        let gotError = '';
        const d = new NdjsonDecoder(new TypeContext());
        const bytes = enc.encode(text);
        try {
          for (let off = 0; off < bytes.length; ) {
            const n = how === 'whole' ? bytes.length : how === 'bytes' ? 1 : 1 + r(20);
            got.push(...d.push(bytes.subarray(off, off + n)));
            off += n;
          }
          got.push(...d.end());
        } catch (e) {
          if (!(e instanceof ParseError)) throw e;
          gotError = e.message;
        }
        expect({ text, how, values: got.map((v) => formatValue(v)), error: gotError }).toEqual({ text, how, values: want, error: wantError });
        checked++;
      }
      if (wantError !== '') failed++;
    }
    expect(checked).toBe(900);
    expect(failed).toBeGreaterThan(50);
  });

  it('returns the lines before an error, then throws', () => {
    const d = new NdjsonDecoder(new TypeContext());
    expect(d.push(enc.encode('1\n2\nx\n3\n'))).toHaveLength(2);
    expect(() => d.end()).toThrow(ParseError);
  });
});

function decodeJson(input: string): Value[] {
  const d = new JsonDecoder(new TypeContext());
  return [...d.push(enc.encode(input)), ...d.end()];
}

describe('NdjsonDecoder borrowing (DecoderOptions.borrow)', () => {
  /** `count` chunks of `lines` lines each, all of which the module takes. */
  function chunks(count: number, lines: number): Uint8Array[] {
    const out: Uint8Array[] = [];
    for (let c = 0; c < count; c++) {
      let s = '';
      for (let i = 0; i < lines; i++) s += `{"c":${c},"i":${i},"s":"${'x'.repeat(i % 50)}","f":${i / 4}}\n`;
      out.push(enc.encode(s));
    }
    return out;
  }

  // About 100 KB per chunk (records kept in the small windows' arena), 500
  // KB (one large window) and 3 MB (several windows in one push).
  it.each([1_500, 6_000, 36_000])('gives what a plain decoder gives, batch by batch, when each is read before the next push (%i lines a chunk)', (lines) => {
    const input = chunks(4, lines);
    const plain = new NdjsonDecoder(new TypeContext());
    const borrowed = new NdjsonDecoder(new TypeContext(), undefined, true, true);
    expect(borrowed.fast).toBe(true);
    for (const chunk of input) {
      const want = plain.push(chunk).map((v) => formatValue(v));
      const got = borrowed.push(chunk).map((v) => formatValue(v));
      expect(got).toHaveLength(lines);
      expect(got).toEqual(want);
    }
    expect(borrowed.end()).toEqual([]);
  });

  it.each([1_500, 6_000])('reuses the memory of the batch before (%i lines a chunk), where a plain decoder keeps it', (lines) => {
    const [a, b] = chunks(2, lines);
    const borrowed = new NdjsonDecoder(new TypeContext(), undefined, true, true);
    const first = borrowed.push(a!)[0]!.bytes!;
    const second = borrowed.push(b!)[0]!.bytes!;
    // (So the first batch's values may now read other bytes: that is what borrowing allows.)
    expect(second.buffer).toBe(first.buffer);
    expect(second.byteOffset).toBe(first.byteOffset);
    const plain = new NdjsonDecoder(new TypeContext());
    const kept = plain.push(a!);
    const keptText = kept.map((v) => formatValue(v));
    const next = plain.push(b!)[0]!.bytes!;
    expect(next.buffer === kept[0]!.bytes!.buffer && next.byteOffset === kept[0]!.bytes!.byteOffset).toBe(false);
    expect(kept.map((v) => formatValue(v))).toEqual(keptText);
  });
});
