// `from HEAD` with and without a head: a request's head (even an empty one)
// names its pool or a missing pool name; no head at all (a local CLI with no
// working branch, Zed's nil head) makes HEAD unknown.
import { describe, expect, it } from 'vitest';
import { prepareQuery } from '../../src/index.js';
import { memoryLake } from './helpers.js';

async function errorOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return 'no error';
}

describe('from HEAD', () => {
  it('is unknown without a head, a missing pool name with an empty one, the head pool otherwise', async () => {
    const lake = memoryLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    expect(await errorOf(prepareQuery(lake, 'from HEAD', { noHead: true }))).toBe('cannot scan from unknown HEAD at line 1, column 6:\nfrom HEAD\n     ~~~~');
    expect(await errorOf(prepareQuery(lake, 'from HEAD', { head: null }))).toBe('pool name missing at line 1, column 1:\nfrom HEAD\n~~~~~~~~~');
    const q = await prepareQuery(lake, 'from HEAD | count()', { head: { pool: 'p', branch: 'main' } });
    for await (const _ of q.run()) void _;
    expect(q.sources).toMatchObject([{ kind: 'Pool', name: 'p' }]);
  });
});
