// elementColumn: a plain column's elements placed once. Read back through a
// cursor (batch by batch, of odd sizes, and again after a reload) they are
// the elements the reader gives, past the reader's own batch of 8,192. A
// column whose elements lie in its segment keeps them there, others
// (a column with nulls) are copied. Read either way, or through the reader,
// each batch's starts end with the end of its last element.
import { describe, expect, it } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { elementColumn, encodeVng, openColumns, openVngBytes } from './index.js';
import { rng, zsonValues } from './test-helpers.js';

async function member(xs: readonly string[]) {
  const ctx = new TypeContext();
  const obj = openVngBytes(encodeVng(zsonValues(xs.map((x) => `{x:${x}}`).join('\n'), ctx)));
  const set = openColumns(obj, [['x']], ctx)!;
  await set.fetch();
  return set.members[0]!;
}

/** Each row's element through the member's cursor, read in batches of the sizes `sizes` gives. */
function elements(m: Awaited<ReturnType<typeof member>>, sizes: () => number): string[] {
  const out: string[] = [];
  const c = m.cursors[0]!;
  for (let n = m.next(sizes()); n > 0; n = m.next(sizes())) {
    for (let i = 0; i < n; i++) {
      // Back to back: the next start (one more than the rows) ends each element.
      if (c.starts[i + 1] !== c.starts[i]! + c.sizes[i]!) throw new Error(`row ${i} of ${n}: start ${c.starts[i]} + size ${c.sizes[i]} is not the next start ${c.starts[i + 1]}`);
      out.push(Array.from(c.bytes.subarray(c.starts[i]!, c.starts[i]! + c.sizes[i]!)).join(','));
    }
  }
  return out;
}

describe('elementColumn', () => {
  it('places the elements of a column of strings and numbers, with nulls, past one batch', async () => {
    const r = rng(11);
    const strings = (nulls: boolean) => Array.from({ length: 20_000 }, (_, i) => (nulls && i % 97 === 0 ? 'null(string)' : JSON.stringify(`v${i}-${'x'.repeat(r(200))}`)));
    const ints = Array.from({ length: 9000 }, (_, i) => (i % 13 === 0 ? 'null(int64)' : String(i * 7919 - 1e6)));
    // Without nulls the elements stay in the segment; with them they are copied.
    for (const [xs, inPlace] of [[strings(false), true], [strings(true), false], [ints, false]] as const) {
      const want = elements(await member(xs), () => 4096);
      expect(want).toHaveLength(xs.length);
      const m = await member(xs);
      const placed = elementColumn(m.readers[0]!, m.length)!;
      expect(m.readers[0]!.view !== undefined).toBe(inPlace);
      expect(placed.bytes === null).toBe(inPlace);
      expect(placed.byteLength).toBeGreaterThan(4 * xs.length);
      m.cursors[0]!.useElements(placed);
      expect(elements(m, () => 1 + r(9000))).toEqual(want);
      m.load();
      expect(elements(m, () => 1 + r(50))).toEqual(want);
    }
  });
});
