// codeColumn: a column read once as codes into a dictionary that columns
// of several objects share. The codes give back each row's element, equal
// elements get equal codes across columns, a long column of values new to
// the dictionary is left as it is (and a short one is coded anyway), and
// a cursor reading the codes reads the values its reader would, as it does
// a dictionary column's codes kept from its reader; codes held whole are
// counted per code.
import { describe, expect, it } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { codeColumn, ElementDictionary, encodeVng, openColumns, openVngBytes } from './index.js';
import { zsonValues } from './test-helpers.js';

/** An object of `n` records {h, u}: h one of `distinct` strings (from `from`), u unique, some h null. */
function object(n: number, distinct: number, from: number) {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(`{h:${i % 11 === 5 ? 'null(string)' : `"host-${from + ((i * 7) % distinct)}"`},u:"u-${from}-${i}"}`);
  const ctx = new TypeContext();
  return { obj: openVngBytes(encodeVng(zsonValues(lines.join('\n'), ctx))), ctx };
}

async function columns(n: number, distinct: number, from: number) {
  const { obj, ctx } = object(n, distinct, from);
  const set = openColumns(obj, [['h'], ['u']], ctx)!;
  await set.fetch();
  expect(set.members).toHaveLength(1);
  return set.members[0]!;
}

/** A column's elements through its cursor, read in batches of 1000. */
function elements(m: Awaited<ReturnType<typeof columns>>, j: number): string[] {
  const out: string[] = [];
  const c = m.cursors[j]!;
  const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  for (let n = m.next(1000); n > 0; n = m.next(1000)) {
    for (let i = 0; i < n; i++) out.push(c.cardinality >= 0 ? hex(c.element(c.codes[i]!)) : hex(c.bytes.subarray(c.starts[i]!, c.starts[i]! + c.sizes[i]!)));
  }
  return out;
}

/** A cursor's count of rows per code (held whole) is how often each code's element is among `want`, the column's elements; counted once. */
function expectCounts(cursor: Awaited<ReturnType<typeof columns>>['cursors'][number], want: readonly string[]): void {
  const counts = cursor.codeCounts()!;
  const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  const byElement = new Map<string, number>();
  for (const w of want) byElement.set(w, (byElement.get(w) ?? 0) + 1);
  expect(counts.length).toBe(cursor.cardinality);
  for (let c = 0; c < cursor.cardinality; c++) expect(counts[c]).toBe(byElement.get(hex(cursor.element(c))) ?? 0);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(want.length);
  expect(cursor.codeCounts()).toBe(counts);
}

/** Column 0 of `m` reads `want`, and again once loaded again (the cursor starts from the first row). */
function readsTwice(m: Awaited<ReturnType<typeof columns>>, want: readonly string[]): void {
  expect(elements(m, 0)).toEqual(want);
  m.load();
  expect(elements(m, 0)).toEqual(want);
}

describe('codeColumn', () => {
  it('codes a column of repeated values, and its cursor reads the same elements', async () => {
    const plain = await columns(30_000, 3000, 0);
    expect(plain.cursors[0]!.cardinality).toBe(-1);
    const want = elements(plain, 0);
    const m = await columns(30_000, 3000, 0);
    const dict = new ElementDictionary();
    const coded = codeColumn(m.readers[0]!, m.length, dict, 0.9, 1 << 30)!;
    expect(coded).not.toBeNull();
    // 3000 strings and the null.
    expect(dict.size).toBe(3001);
    expect(m.cursors[0]!.codeCounts()).toBeNull();
    m.cursors[0]!.useCodes(coded);
    expect(m.cursors[0]!.cardinality).toBe(3001);
    expect(m.cursors[0]!.source).toBe(dict);
    readsTwice(m, want);
    expectCounts(m.cursors[0]!, want);
  });

  it('shares the dictionary: equal elements of two objects get equal codes', async () => {
    const dict = new ElementDictionary();
    const a = await columns(20_000, 3000, 0);
    const b = await columns(20_000, 3000, 1500);
    const ca = codeColumn(a.readers[0]!, a.length, dict, 0.9, 1 << 30)!;
    const cb = codeColumn(b.readers[0]!, b.length, dict, 0.9, 1 << 30)!;
    // 4500 strings and the null.
    expect(dict.size).toBe(4501);
    const hex = (x: Uint8Array) => Array.from(x).join(',');
    const byElement = new Map<string, number>();
    for (const c of [ca, cb]) {
      for (const code of c.codes) {
        const k = hex(dict.element(code));
        expect(byElement.get(k) ?? code).toBe(code);
        byElement.set(k, code);
      }
    }
    expect(byElement.size).toBe(4501);
  });

  it('reads a dictionary column from codes kept from its reader', async () => {
    // 30 distinct values (and the null): a VNG dictionary column.
    const want = elements(await columns(20_000, 30, 0), 0);
    const m = await columns(20_000, 30, 0);
    const cursor = m.cursors[0]!;
    expect(cursor.cardinality).toBe(31);
    expect(cursor.ownCodes).toBe(true);
    const codes = new Int32Array(m.length);
    m.readers[0]!.coded!()!.codes(m.length, codes);
    // Codes read through the reader are not held whole: not counted.
    expect(cursor.codeCounts()).toBeNull();
    cursor.useKeptCodes(codes);
    expect(cursor.ownCodes).toBe(false);
    readsTwice(m, want);
    expectCounts(cursor, want);
  });

  it('leaves a column as it is when the dictionary would grow past its bytes', async () => {
    const dict = new ElementDictionary();
    const m = await columns(20_000, 3000, 0);
    // 3,000 strings of about 10 bytes, with their slots: more than 40 KB.
    expect(codeColumn(m.readers[0]!, m.length, dict, 0.9, 40_000)).toBeNull();
    expect(dict.size).toBe(0);
    const again = await columns(20_000, 3000, 0);
    expect(codeColumn(again.readers[0]!, again.length, dict, 0.9, 1 << 20)).not.toBeNull();
    expect(dict.size).toBe(3001);
    expect(dict.byteLength).toBeLessThan(1 << 20);
  });

  it('leaves a long column of new values as it is, and codes a short one anyway', async () => {
    const dict = new ElementDictionary();
    const long = await columns(20_000, 3000, 0);
    expect(codeColumn(long.readers[1]!, long.length, dict, 0.9, 1 << 30)).toBeNull();
    expect(dict.size).toBe(0);
    const short = await columns(5000, 3000, 0);
    const want = elements(await columns(5000, 3000, 0), 1);
    const coded = codeColumn(short.readers[1]!, short.length, dict, 0.9, 1 << 30)!;
    expect(dict.size).toBe(5000);
    short.cursors[1]!.useCodes(coded);
    expect(elements(short, 1)).toEqual(want);
  });
});
