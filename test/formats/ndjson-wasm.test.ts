// The JSON and NDJSON readers' WebAssembly fast path against the
// JavaScript parser alone: random lines of every kind the fast path takes
// and of every kind it leaves (escapes, non-ASCII text, exponents, long
// numerals, repeated keys, arrays of objects or of mixed kinds, long keys,
// deep nesting, top-level values that are not objects, bad JSON, and for
// JSON values over several lines or several on one), fed whole and in
// random chunks, must give the same values (types and bytes) and the same
// errors.
import { describe, expect, it } from 'vitest';
import type { Decoder } from '../../src/formats/codec.js';
import { JsonDecoder } from '../../src/formats/json/json-decoder.js';
import { NdjsonDecoder } from '../../src/formats/ndjson/index.js';
import { WINDOW } from '../../src/formats/json/wasm-lines.js';
import { TypeContext, type Value } from '../../src/zed/index.js';
import { formatValue } from '../../src/zson/index.js';
import { seededRandom } from '../support/formats.js';

const enc = new TextEncoder();

interface Outcome {
  values: string[];
  error: string | null;
}

type Reader = 'ndjson' | 'json';

/** Decodes `bytes` in chunks of `sizes` (repeated), with or without the fast path. */
function decode(bytes: Uint8Array, wasm: boolean, sizes: number[] = [bytes.length], reader: Reader = 'ndjson', fields?: string[]): Outcome & { decoder: Decoder & { fast: boolean } } {
  const ctx = new TypeContext();
  const d = reader === 'ndjson' ? new NdjsonDecoder(ctx, fields, wasm) : new JsonDecoder(ctx, fields, wasm);
  const values: string[] = [];
  const keep = (vs: Value[]): void => {
    for (const v of vs) values.push(`${formatValue(v)} ${v.bytes === null ? 'null' : Array.from(v.bytes).join('.')}`);
  };
  let error: string | null = null;
  try {
    for (let off = 0, k = 0; off < bytes.length; k++) {
      const n = Math.max(1, sizes[k % sizes.length]!);
      keep(d.push(bytes.subarray(off, off + n)));
      off += n;
    }
    keep(d.end());
  } catch (e) {
    error = e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e);
  }
  return { values, error, decoder: d };
}

/** Both ways agree, whole and in the given chunkings; returns the fast path's outcome whole. */
function expectSame(text: string | Uint8Array, chunkings: number[][] = [], reader: Reader = 'ndjson', fields?: string[]): Outcome {
  const bytes = typeof text === 'string' ? enc.encode(text) : text;
  const js = decode(bytes, false, undefined, reader, fields);
  const fast = decode(bytes, true, undefined, reader, fields);
  expect(fast.error).toBe(js.error);
  expect(fast.values).toEqual(js.values);
  for (const sizes of chunkings) {
    const c = decode(bytes, true, sizes, reader, fields);
    expect(c.error).toBe(js.error);
    expect(c.values).toEqual(js.values);
  }
  return { values: fast.values, error: fast.error };
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Rand, n: number): number => Math.floor(r() * n);

const PLAIN_KEYS = ['ts', 'uid', 'id', 'orig_h', 'proto', 'service', 'duration', 'a', 'b', '', 'x y', 'DEL\u007f'];
const ODD_KEYS = ['caf\u00e9', 'tab\\t', 'q\\"', 'u\\u0041', 'k'.repeat(122), 'k'.repeat(123), 'k'.repeat(125), 'k'.repeat(200)];
const NUMBERS = ['0', '-0', '7', '-7', '007', '123456789012345', '1234567890123456', '-9223372036854775808', '18446744073709551616',
  '1.5', '-0.0', '0.1', '3.14159', '12345678901234567.5', '1234567890123456.78', '9007199254740993.0', '1.0000000000000000000001', '0.0000000000000000000001', '0.00000000000000000000001',
  '1e5', '1E-5', '2.5e+3', '1.', '.5', '-', '--1', '1.2.3', '0x10', '1_000'];
const STRINGS = ['""', '"plain"', '"with space"', `"${'x'.repeat(126)}"`, `"${'y'.repeat(127)}"`, `"${'z'.repeat(300)}"`,
  '"esc\\n"', '"\\u00e9"', '"caf\u00e9"', '"e\u0301"', '"tab\there"', '"\\ud83d\\ude00"', '"bad\\x"', '"unterminated'];
const LITERALS = ['true', 'false', 'null', 'tru', 'nul', 'falsey', 'True', 'nullx'];
const WS = ['', '', '', ' ', '\t', ' \r', '  '];

function primitive(r: Rand): string {
  const k = int(r, 10);
  if (k < 4) return pick(r, NUMBERS.slice(0, 19));
  if (k < 7) return pick(r, STRINGS.slice(0, 6));
  if (k < 9) return pick(r, LITERALS.slice(0, 3));
  return pick(r, [...NUMBERS.slice(19), ...STRINGS.slice(6), ...LITERALS.slice(3)]);
}

function array(r: Rand, depth: number): string {
  const n = int(r, 5);
  const kind = int(r, 6);
  const els: string[] = [];
  for (let i = 0; i < n; i++) {
    if (kind === 0) els.push(pick(r, ['1', '22', '-3', 'null']));
    else if (kind === 1) els.push(pick(r, ['"a"', '"bc"', 'null']));
    else if (kind === 2) els.push(pick(r, ['1.5', '2.25', 'null']));
    else if (kind === 3) els.push(pick(r, ['true', 'false', 'null']));
    else if (kind === 4) els.push(primitive(r));
    else els.push(depth < 3 && r() < 0.5 ? object(r, depth + 1) : array(r, depth + 1));
  }
  return `[${els.map((e) => pick(r, WS) + e + pick(r, WS)).join(',')}]`;
}

function object(r: Rand, depth: number): string {
  const n = int(r, depth === 0 ? 9 : 4);
  const fields: string[] = [];
  for (let i = 0; i < n; i++) {
    const key = r() < 0.9 ? pick(r, PLAIN_KEYS) : pick(r, ODD_KEYS);
    const k = int(r, 10);
    const v = k < 6 || depth >= 4 ? primitive(r) : k < 8 ? object(r, depth + 1) : array(r, depth);
    fields.push(`${pick(r, WS)}"${key}"${pick(r, WS)}:${pick(r, WS)}${v}${pick(r, WS)}`);
  }
  return `{${fields.join(',')}}`;
}

/** A line: mostly an object, sometimes a blank, another top-level value, or a broken object. */
function line(r: Rand): string {
  const k = int(r, 40);
  if (k === 0) return pick(r, ['', '   ', '\t', '\r']);
  if (k === 1) return primitive(r);
  if (k === 2) return array(r, 0);
  if (k === 3) {
    const o = object(r, 0);
    return o.slice(0, int(r, o.length));
  }
  if (k === 4) return `${object(r, 0)} ${pick(r, ['{}', 'x', '1'])}`;
  return pick(r, WS) + object(r, 0) + pick(r, WS);
}

/** Lines repeating a few shapes, as logs do, with the odd one out. */
function document(r: Rand, lines: number): string {
  const shapes = Array.from({ length: 1 + int(r, 4) }, () => object(r, 0));
  const out: string[] = [];
  for (let i = 0; i < lines; i++) out.push(r() < 0.6 ? pick(r, shapes).replace(/\b1\b/g, String(int(r, 1000))) : line(r));
  return `${out.join('\n')}${r() < 0.8 ? '\n' : ''}`;
}

/**
 * Runs `runs` random cases through expectSame: `make` draws each case's
 * document (and its reader and projection), then five random chunk sizes
 * are drawn; with `bytes`, every tenth case is also fed a byte at a time.
 * Returns how many cases ended in an error and how many values came out.
 */
function compareRandom(
  seed: number,
  runs: number,
  make: (r: Rand) => { text: string; reader?: Reader; fields?: string[] },
  bytes: boolean,
): { errors: number; values: number } {
  const r = seededRandom(seed);
  let errors = 0;
  let values = 0;
  for (let i = 0; i < runs; i++) {
    const { text, reader = 'ndjson', fields } = make(r);
    const sizes = Array.from({ length: 5 }, () => 1 + int(r, 64));
    const out = expectSame(text, bytes && i % 10 === 0 ? [sizes, [1]] : [sizes], reader, fields);
    if (out.error !== null) errors++;
    values += out.values.length;
  }
  return { errors, values };
}

describe('NDJSON fast path', () => {
  it('runs on this runtime (else the comparisons below compare JavaScript with itself)', () => {
    expect(new NdjsonDecoder(new TypeContext()).fast).toBe(true);
    expect(new NdjsonDecoder(new TypeContext(), undefined, false).fast).toBe(false);
    // With a projection too, unless its keys are more than the module takes.
    expect(new NdjsonDecoder(new TypeContext(), ['a']).fast).toBe(true);
    expect(new JsonDecoder(new TypeContext(), ['a', 'b']).fast).toBe(true);
    expect(new NdjsonDecoder(new TypeContext(), ['k'.repeat(123)]).fast).toBe(false);
  });

  it('gives the JavaScript parser values of each kind it takes, byte for byte', () => {
    const { values, error } = expectSame(
      [
        '{"_path":"conn","ts":"2018-03-24T00:00:00.000369Z","id":{"orig_h":"10.6.75.27","orig_p":58704},"duration":0.5,"ok":true,"no":false,"n":null}',
        '{"a":[1,2,null],"b":["x","y"],"c":[1.5],"d":[true,false],"e":[],"f":[null,null],"g":{}}',
        '{"i":-0,"j":-0.0,"k":123456789012345,"l":-5,"m":1234567890123456.7,"s":"' + 'q'.repeat(200) + '"}',
        '  {"x" : 1 ,\t"y":{"z":{"w":"deep"}}}  \r',
        '{}',
      ].join('\n'),
    );
    expect(error).toBeNull();
    expect(values).toHaveLength(5);
    expect(values[0]).toContain('duration:0.5');
    expect(values[1]).toContain('e:[]([null])');
  });

  it('agrees with the JavaScript parser on 3,000 random documents, whole and in random chunks', () => {
    const { errors, values } = compareRandom(17, 3000, (r) => ({ text: document(r, 1 + int(r, 12)) }), true);
    // Both outcomes are well represented.
    expect(errors).toBeGreaterThan(300);
    expect(values).toBeGreaterThan(5000);
  });

  it('agrees with the JavaScript parser on 2,000 random JSON documents, with values over several lines and several on one', () => {
    const json = (r: Rand): { text: string; reader: Reader } => {
      const text = document(r, 1 + int(r, 12));
      if (r() >= 0.3) return { text, reader: 'json' };
      // Pretty-printed values among the lines, and some lines of two values.
      const lines = text.split('\n');
      const at = int(r, lines.length + 1);
      const pretty = JSON.stringify({ p: [1, 2], q: { r: 's' } }, null, int(r, 3));
      lines.splice(at, 0, pretty, '{"x":1} {"y":2}', '[1,\n2]', '3 4');
      return { text: lines.join('\n'), reader: 'json' };
    };
    const { errors, values } = compareRandom(29, 2000, json, true);
    expect(errors).toBeGreaterThan(200);
    expect(values).toBeGreaterThan(4000);
  });

  it('reads JSON laid out as NDJSON on the fast path, and leaves pretty-printed JSON to JavaScript', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `{"n":${i},"s":"v${i}"}`);
    const ndjson = enc.encode(`${lines.join('\n')}\n`);
    const fast = decode(ndjson, true, [4096], 'json');
    expect(fast.decoder.fast).toBe(true);
    expect(fast.values).toEqual(decode(ndjson, false, [4096], 'json').values);
    expect(fast.values).toHaveLength(2000);
    const pretty = enc.encode(lines.map((l) => JSON.stringify(JSON.parse(l), null, 2)).join('\n'));
    const slow = decode(pretty, true, [4096], 'json');
    expect(slow.decoder.fast).toBe(false);
    expect(slow.values).toEqual(fast.values);
  });

  it('leaves out the fields a projection does not name as the JavaScript parser does, on 2,000 random documents of each reader', () => {
    const keys = [...PLAIN_KEYS, ...ODD_KEYS.slice(0, 2)];
    let i = 0;
    const projected = (r: Rand): { text: string; reader: Reader; fields: string[] } => {
      const fields = Array.from({ length: int(r, 4) }, () => pick(r, keys));
      return { text: document(r, 1 + int(r, 12)), reader: i++ % 2 === 0 ? 'ndjson' : 'json', fields };
    };
    const { errors, values } = compareRandom(41, 2000, projected, false);
    expect(values).toBeGreaterThan(5000);
    expect(errors).toBeGreaterThan(200);
    // The fields left out are checked: bad JSON in one is an error, as in a field kept.
    const bad = '{"a":1,"b":[1,}\n';
    expect(expectSame(bad, [], 'ndjson', ['a']).error).toMatch(/line 1/);
    expect(expectSame('{"a":1,"b":{"c":tru}}\n{"a":2}\n', [], 'json', ['a']).error).not.toBeNull();
    expect(expectSame('{"a":1,"b":"x","c":{"d":[1e5,-0.5,"y",null,true]}}\n', [], 'ndjson', ['a', 'c']).values).toHaveLength(1);
  });

  it('hands a line longer than its window to JavaScript, among lines it takes', () => {
    const long = `{"big":"${'b'.repeat(WINDOW + 10)}","n":1}`;
    const text = `{"a":1}\n${long}\n{"a":2}\n${long}\n{"a":3}\n`;
    const bytes = enc.encode(text);
    const { values, error } = expectSame(bytes, [[bytes.length], [WINDOW + 5, 7]]);
    expect(error).toBeNull();
    expect(values).toHaveLength(5);
    expect(expectSame(bytes, [[bytes.length], [WINDOW + 5, 7]], 'json').values).toEqual(values);
  });

  it('reads more shapes than the module keeps, and records of a shape with a repeated key', () => {
    const lines: string[] = [];
    for (let i = 0; i < 9000; i++) lines.push(`{"k${i}":${i},"same":{"v":${i}}}`);
    lines.push('{"a":1,"a":2}', '{"o":{"p":1,"p":"two"}}', '{"a":1,"a":2}');
    const { values, error } = expectSame(`${lines.join('\n')}\n`, [[65536]]);
    expect(error).toBeNull();
    expect(values).toHaveLength(9003);
    expect(values[9000]).toMatch(/^\{a:2\}/);
  });

  it('keeps its types right when another stream on the thread made the module forget its shapes', () => {
    const a = new NdjsonDecoder(new TypeContext());
    const first = a.push(enc.encode('{"a":1}\n{"b":"x"}\n'));
    // Another stream fills the module's shapes, so that it forgets them and gives their ids to others.
    const b = new NdjsonDecoder(new TypeContext());
    const many = Array.from({ length: 12000 }, (_, i) => `{"s${i}":[${i}]}`).join('\n');
    expect(b.push(enc.encode(`${many}\n`))).toHaveLength(12000);
    const later = [...a.push(enc.encode('{"c":true}\n{"d":1.5}\n{"b":"y"}\n{"a":2}\n')), ...a.end()];
    expect([...first, ...later].map((v) => formatValue(v))).toEqual(['{a:1}', '{b:"x"}', '{c:true}', '{d:1.5}', '{b:"y"}', '{a:2}']);
    expect(a.fast).toBe(true);
  });

  it('reads records nested past its depth limit as JavaScript does', () => {
    const nest = (n: number): string => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const { values, error } = expectSame(`${nest(3)}\n${nest(64)}\n${nest(65)}\n${nest(200)}\n{"b":2}\n`);
    expect(error).toBeNull();
    expect(values).toHaveLength(5);
  });

  it('words an error with its line and column, after the values before it', () => {
    const text = '{"a":1}\n\n{"a":2}\n{"a":3,}\n{"a":4}\n';
    const js = decode(enc.encode(text), false);
    const fast = decode(enc.encode(text), true);
    expect(fast.error).toBe(js.error);
    expect(fast.error).toMatch(/line 4/);
    expect(fast.values).toEqual(js.values);
    expect(fast.values).toHaveLength(2);
  });

  it('leaves a stream to JavaScript once most of its lines are ones it cannot take', () => {
    const lines = Array.from({ length: 600 }, (_, i) => `{"s":"caf\u00e9 ${i}","n":1e${i % 9}}`);
    const bytes = enc.encode(`${lines.join('\n')}\n`);
    const sizes = [4096];
    const fast = decode(bytes, true, sizes);
    expect(fast.decoder.fast).toBe(false);
    expect(fast.values).toEqual(decode(bytes, false).values);
    expect(fast.values).toHaveLength(600);
    // Plain lines keep it.
    const plain = enc.encode(`${Array.from({ length: 600 }, (_, i) => `{"n":${i}}`).join('\n')}\n`);
    expect(decode(plain, true, sizes).decoder.fast).toBe(true);
    // A line in a hundred left to the parser keeps it too; one in five does not (then it costs more than it saves).
    const mixed = (every: number) => enc.encode(`${Array.from({ length: 6000 }, (_, i) => (i % every === 0 ? `{"s":"caf\u00e9 ${i}"}` : `{"s":"plain ${i}"}`)).join('\n')}\n`);
    for (const reader of ['ndjson', 'json'] as const) {
      const rare = decode(mixed(100), true, [65536], reader);
      expect(rare.decoder.fast).toBe(true);
      expect(rare.values).toEqual(decode(mixed(100), false, [65536], reader).values);
      const often = decode(mixed(5), true, [65536], reader);
      expect(often.decoder.fast).toBe(false);
      expect(often.values).toEqual(decode(mixed(5), false, [65536], reader).values);
    }
  });
});
