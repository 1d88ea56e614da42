import { describe, expect, it } from 'vitest';
import { TypeContext, newInt64, NullValue, type Value } from '../../zed/index.js';
import { formatValue } from '../../zson/index.js';
import { sortLimitOp } from './sort-limit.js';
import { sortOp } from './sort.js';
import { headOp } from './head.js';
import type { OpContext, SortKey, Stream } from './types.js';

const ctx: OpContext = { zctx: new TypeContext(), warn: () => {} };

async function* batches(vals: Value[], size: number): Stream {
  for (let i = 0; i < vals.length; i += size) yield vals.slice(i, i + size);
}

async function text(s: Stream): Promise<string[]> {
  const out: string[] = [];
  for await (const b of s) for (const v of b) out.push(formatValue(v));
  return out;
}

describe('sortLimitOp', () => {
  // Many ties and nulls, so stability and null placement are exercised.
  const vals: Value[] = [];
  let seed = 7;
  for (let i = 0; i < 20000; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    vals.push(seed % 17 === 0 ? NullValue : newInt64(seed % 50));
  }
  const key: SortKey[] = [{ expr: (v) => v, order: 'asc' }];

  for (const [reverse, nullsFirst] of [[false, false], [true, false], [false, true], [true, true]] as const) {
    for (const n of [1, 10, 5000]) {
      it(`equals sort | head ${n} (reverse ${reverse}, nulls first ${nullsFirst})`, async () => {
        const opts = { reverse, nullsFirst };
        const want = await text(headOp(ctx, sortOp(ctx, batches(vals, 333), key, opts), n));
        const got = await text(sortLimitOp(ctx, batches(vals, 333), key, opts, n));
        expect(got).toEqual(want);
      });
    }
  }

  it('yields nothing for empty input or a zero limit', async () => {
    expect(await text(sortLimitOp(ctx, batches([], 1), key, {}, 5))).toEqual([]);
    expect(await text(sortLimitOp(ctx, batches(vals, 100), key, {}, 0))).toEqual([]);
  });
});
