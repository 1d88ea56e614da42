import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors/index.js';
import { Builder, ZIter, elements, readElement } from './zcode.js';
import { encodeFloat64, encodeInt, encodeUint } from './primitive-codec.js';
import { seededRandom } from '../../test/support/formats.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const filled = (n: number, v = 7) => new Uint8Array(n).fill(v);

describe('zcode Builder', () => {
  it('tags bodies with length+1 and nulls with 0', () => {
    const b = new Builder();
    b.append(bytes(1, 2, 3));
    b.append(null);
    b.append(new Uint8Array(0));
    expect([...b.bytes()]).toEqual([4, 1, 2, 3, 0, 1]);
  });

  it('writes 1-, 2- and 3-byte tags at the uvarint boundaries', () => {
    for (const [n, tagLen] of [
      [126, 1],
      [127, 2],
      [16382, 2],
      [16383, 3],
      [70000, 3],
    ] as const) {
      const b = new Builder(4);
      b.append(filled(n));
      const out = b.bytes();
      expect(out.length).toBe(n + tagLen);
      const el = { start: 0, end: 0 };
      expect(readElement(out, 0, out.length, el)).toBe(out.length);
      expect([el.start, el.end]).toEqual([tagLen, n + tagLen]);
    }
    const b = new Builder();
    b.append(filled(127));
    expect([...b.bytes().subarray(0, 2)]).toEqual([0x80, 0x01]);
    b.reset();
    b.append(filled(16383));
    expect([...b.bytes().subarray(0, 3)]).toEqual([0x80, 0x80, 0x01]);
  });

  it('builds nested containers, shifting bodies for 2- and 3-byte tags', () => {
    for (const n of [0, 10, 125, 126, 200, 16380, 16381, 20000]) {
      const b = new Builder(8);
      b.beginContainer(); // record
      b.append(bytes(42));
      b.beginContainer(); // array
      b.append(filled(n, 9));
      b.append(null);
      b.endContainer();
      b.beginContainer(); // empty array
      b.endContainer();
      b.append(null);
      b.endContainer();
      const rec = b.body();
      expect(rec).not.toBeNull();
      const fields = elements(rec!);
      expect(fields).toHaveLength(4);
      expect([...fields[0]!]).toEqual([42]);
      const arr = elements(fields[1]!);
      expect(arr).toHaveLength(2);
      expect(arr[0]).toEqual(filled(n, 9));
      expect(arr[1]).toBeNull();
      expect(fields[2]).toEqual(new Uint8Array(0));
      expect(elements(fields[2]!)).toEqual([]);
      expect(fields[3]).toBeNull();
    }
  });

  it('appends ranges and reserved bodies', () => {
    const src = bytes(10, 11, 12, 13);
    const b = new Builder();
    b.appendRange(src, 1, 3);
    b.appendRange(src, -1, -1);
    const at = b.appendBody(2);
    b.buf[at] = 0xaa;
    b.buf[at + 1] = 0xbb;
    expect([...b.bytes()]).toEqual([3, 11, 12, 0, 3, 0xaa, 0xbb]);
  });

  it('returns a null body for a single null and copies, not views', () => {
    const b = new Builder();
    b.append(null);
    expect(b.body()).toBeNull();
    b.reset();
    b.append(bytes(1));
    const body = b.body()!;
    const all = b.bytes();
    b.reset();
    b.append(bytes(2));
    expect([...body]).toEqual([1]);
    expect([...all]).toEqual([2, 1]);
  });

  it('throws when a container ends without beginning', () => {
    expect(() => new Builder().endContainer()).toThrow();
  });
});

describe('zcode Builder numbers', () => {
  it('appendUint, appendInt and appendFloat64 write what append of the encoded body writes', () => {
    const r = seededRandom(20261126);
    const a = new Builder(4);
    const b = new Builder(4);
    const edges = [0, 1, 127, 128, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, 2 ** 52 - 1, 2 ** 53 - 1];
    for (let c = 0; c < 20_000; c++) {
      const u = c < edges.length ? edges[c]! : Math.floor(r() ** 4 * 2 ** 53);
      const i = (c < edges.length ? Math.min(edges[c]!, 2 ** 52 - 1) : Math.floor(r() ** 4 * 2 ** 52)) * (r() < 0.5 ? -1 : 1);
      const f = c % 50 === 0 ? [NaN, Infinity, -Infinity, -0][c % 4]! : (r() - 0.5) * 10 ** Math.floor(r() * 40 - 20);
      a.appendUint(u);
      b.append(encodeUint(u));
      a.appendInt(i);
      b.append(encodeInt(i));
      a.appendFloat64(f);
      b.append(encodeFloat64(f));
      if (c % 100 === 99) {
        expect(a.bytes()).toEqual(b.bytes());
        a.reset();
        b.reset();
      }
    }
    expect(a.bytes()).toEqual(b.bytes());
  });
});

describe('zcode reading', () => {
  it('ZIter yields bodies and nulls in order', () => {
    const it = new ZIter(bytes(2, 5, 0, 1, 3, 6, 7));
    const got: (number[] | null)[] = [];
    while (!it.done()) {
      const e = it.next();
      got.push(e === null ? null : [...e]);
    }
    expect(got).toEqual([[5], null, [], [6, 7]]);
    expect(elements(new Uint8Array(0))).toEqual([]);
  });

  it('reads elements within a bound and reports nulls with start -1', () => {
    const buf = bytes(0, 2, 9, 99);
    const el = { start: 0, end: 0 };
    expect(readElement(buf, 0, 3, el)).toBe(1);
    expect(el.start).toBe(-1);
    expect(readElement(buf, 1, 3, el)).toBe(3);
    expect([el.start, el.end]).toEqual([2, 3]);
  });

  it('rejects elements that overrun their container and truncated tags', () => {
    const el = { start: 0, end: 0 };
    expect(() => readElement(bytes(5, 1, 2), 0, 3, el)).toThrow(FormatError);
    expect(() => readElement(bytes(3, 1, 2, 3), 0, 2, el)).toThrow(FormatError);
    expect(() => readElement(bytes(0x80), 0, 1, el)).toThrow(FormatError);
    expect(() => elements(bytes(4, 1))).toThrow(FormatError);
  });
});
