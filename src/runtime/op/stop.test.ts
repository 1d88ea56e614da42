import { describe, expect, it } from 'vitest';
import { newBool, newInt64 } from '../../zed/index.js';
import { combineOp } from './combine.js';
import { filterOp } from './filter.js';
import { headOp } from './head.js';
import { overOp } from './over.js';
import { putOp } from './put.js';
import { sortOp } from './sort.js';
import { summarizeOp } from './summarize.js';
import { collect, constant, endless, testContext } from './testing.js';
import { yieldOp } from './yield.js';

describe('stopping early', () => {
  it('head at the end of a chain closes an endless source', async () => {
    const t = testContext();
    const state = { closed: 0, pulled: 0 };
    const src = yieldOp(t, endless(newInt64(1), state), [(v) => t.values(`{x:${v.asIntNumber()}}`)[0]!]);
    const put = putOp(t, src, [{ lhs: ['y'], rhs: constant(newInt64(2)) }]);
    const where = filterOp(t, put, () => newBool(true));
    const over = overOp(t, where, [t.field('')]);
    expect(await collect(headOp(t, over, 4))).toEqual(['{key:["x"],value:1}', '{key:["y"],value:2}', '{key:["x"],value:1}', '{key:["y"],value:2}']);
    expect(state.closed).toBe(1);
  });

  it('combine closes every input when its output is cut short', async () => {
    const t = testContext();
    const a = { closed: 0, pulled: 0 };
    const b = { closed: 0, pulled: 0 };
    expect(await collect(headOp(t, combineOp(t, [endless(newInt64(1), a), endless(newInt64(2), b)]), 7))).toHaveLength(7);
    expect(a.closed).toBe(1);
    expect(b.closed).toBe(1);
  });

  it('an aborted signal stops blocking operators and closes upstream', async () => {
    const ac = new AbortController();
    const t = testContext({ signal: ac.signal });
    const state = { closed: 0, pulled: 0 };
    const src = (async function* () {
      for await (const b of endless(newInt64(1), state)) {
        if (state.pulled > 5) ac.abort(new Error('stop'));
        yield b;
      }
    })();
    await expect(collect(sortOp(t, src, []))).rejects.toThrow('stop');
    expect(state.closed).toBe(1);
    const s2 = { closed: 0, pulled: 0 };
    await expect(collect(summarizeOp(t, endless(newInt64(1), s2), { keys: [], aggs: [] }))).rejects.toThrow('stop');
    expect(s2.closed).toBe(1);
  });
});
