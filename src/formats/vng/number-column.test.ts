// numberColumn: a column of numbers decoded once. Integers, unsigned
// integers, durations and floats of each width read as their values,
// nulls as nulls; a column holding an integer that a float64 may not hold
// exactly (or int64's minimum) is left to its elements; a cursor reading
// the numbers reads them batch by batch and again after a reload.
import { describe, expect, it } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { encodeVng, numberColumn, numberKindOf, openColumns, openVngBytes } from './index.js';
import { zsonValues } from './test-helpers.js';

/** The member of an object of records {x} (x of the ZSON given per row). */
async function member(xs: readonly string[]) {
  const ctx = new TypeContext();
  const obj = openVngBytes(encodeVng(zsonValues(xs.map((x) => `{x:${x}}`).join('\n'), ctx)));
  const set = openColumns(obj, [['x']], ctx)!;
  await set.fetch();
  expect(set.members).toHaveLength(1);
  return set.members[0]!;
}

/** Many distinct values (past a VNG dictionary), then `tail`. */
function rows(make: (i: number) => string, tail: readonly string[] = []): string[] {
  return [...Array.from({ length: 1000 }, (_, i) => make(i)), ...tail];
}

async function numbers(xs: readonly string[]): Promise<(number | null)[] | null> {
  const m = await member(xs);
  const kind = numberKindOf(m.cursors[0]!.type);
  if (kind === null) return null;
  const c = numberColumn(m.readers[0]!, m.length, kind);
  if (c === null) return null;
  return Array.from(c.values, (x, i) => (c.nulls[i] === 1 ? null : x));
}

describe('numberColumn', () => {
  it('decodes integers, unsigned integers, durations and floats, with nulls', async () => {
    expect(await numbers(rows((i) => String(i * 1001 - 500_000), ['null(int64)', '-140737488355327', '140737488355327']))).toEqual([
      ...Array.from({ length: 1000 }, (_, i) => i * 1001 - 500_000),
      null,
      -140737488355327,
      140737488355327,
    ]);
    expect(await numbers(rows((i) => `${i * 7}(uint32)`, ['null(uint32)']))).toEqual([...Array.from({ length: 1000 }, (_, i) => i * 7), null]);
    expect(await numbers(rows((i) => `${i * 3}ns`))).toEqual(Array.from({ length: 1000 }, (_, i) => i * 3));
    expect(await numbers(rows((i) => `${i}.25`, ['NaN', '-Inf', 'null(float64)']))).toEqual([...Array.from({ length: 1000 }, (_, i) => i + 0.25), Number.NaN, -Infinity, null]);
    expect(await numbers(rows((i) => `${i}.5(float32)`))).toEqual(Array.from({ length: 1000 }, (_, i) => i + 0.5));
    expect(await numbers(rows((i) => `${i % 500}.5(float16)`))).toEqual(Array.from({ length: 1000 }, (_, i) => (i % 500) + 0.5));
  });

  it('leaves a column with an integer past six bytes, or int64 minimum, to its elements', async () => {
    expect(await numbers(rows((i) => String(i), ['9007199254740993']))).toBeNull();
    expect(await numbers(rows((i) => String(i), ['-9223372036854775808']))).toBeNull();
    expect(await numbers(rows((i) => `${i}(uint64)`, ['18446744073709551615(uint64)']))).toBeNull();
    expect(await numbers(rows((i) => `"s${i}"`))).toBeNull();
  });

  it('is read by a cursor in numbers mode, batch by batch, from the first row after a reload', async () => {
    const xs = rows((i) => (i % 10 === 3 ? 'null(int64)' : String(i * 11 - 3000)));
    const m = await member(xs);
    const c = numberColumn(m.readers[0]!, m.length, 'int')!;
    expect(c.maxAbs).toBe(999 * 11 - 3000);
    const cursor = m.cursors[0]!;
    cursor.useNumbers(c);
    const read = (): (number | null)[] => {
      const out: (number | null)[] = [];
      for (let n = m.next(300); n > 0; n = m.next(300)) for (let i = 0; i < n; i++) out.push(cursor.numberNulls![i] === 1 ? null : cursor.numbers![i]!);
      return out;
    };
    const want = Array.from({ length: 1000 }, (_, i) => (i % 10 === 3 ? null : i * 11 - 3000));
    expect(read()).toEqual(want);
    m.load();
    expect(read()).toEqual(want);
  });
});
