// QueryStats of a lake query: bytes_read is what the scans took from
// storage (object bytes, after pruning), the matched figures what they gave
// the query.
import { describe, expect, it } from 'vitest';
import { encodeBatches, formatByName, prepareQuery, type Lake, type QueryStats } from '../../src/index.js';
import { memoryLake, zson } from './helpers.js';

async function setup(): Promise<{ lake: Lake; size: number }> {
  const lake = memoryLake();
  await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] }, seekStride: 256 });
  let text = '';
  for (let i = 0; i < 4000; i++) text += `{k:${i},n:${i % 7},s:"${i % 3 === 0 ? 'x' : 'y'}"}\n`;
  const r = await lake.load('p', 'main', zson(text));
  return { lake, size: r.objects.reduce((n, o) => n + o.size, 0) };
}

async function run(lake: Lake, text: string): Promise<{ out: string; stats: QueryStats }> {
  const q = await prepareQuery(lake, text);
  let out = '';
  const dec = new TextDecoder();
  for await (const c of encodeBatches(q.run(), formatByName('zson')!.encoder!({ pretty: 0 }))) out += typeof c === 'string' ? c : dec.decode(c);
  return { out: out.trim(), stats: q.meter.stats() };
}

describe('QueryStats of a lake query', () => {
  it('bytes_read of a whole scan is the size of the pool objects', async () => {
    const { lake, size } = await setup();
    // The filter keeps every value but makes the query read them whole.
    const { out, stats } = await run(lake, 'from p | n >= 0 | sum(n)');
    expect(out).toBe(String(Array.from({ length: 4000 }, (_, i) => i % 7).reduce((a, b) => a + b, 0)));
    expect(stats.bytesRead).toBe(size);
    expect(stats.recordsMatched).toBe(4000);
    expect(stats.bytesMatched).toBeGreaterThan(0);
  });

  it('a summarize over the column copies reads only the columns it names', async () => {
    const { lake, size } = await setup();
    const { out, stats } = await run(lake, 'from p | sum(n)');
    expect(out).toBe(String(Array.from({ length: 4000 }, (_, i) => i % 7).reduce((a, b) => a + b, 0)));
    expect(stats.bytesRead).toBeGreaterThan(0);
    expect(stats.bytesRead).toBeLessThan(size / 2);
    expect(stats.recordsRead).toBe(4000);
    expect(stats.recordsMatched).toBe(4000);
  });

  it('a range of the pool key reads about half the bytes', async () => {
    const { lake, size } = await setup();
    const { out, stats } = await run(lake, 'from p | k >= 2000 | count()');
    expect(out).toBe('2000(uint64)');
    const summed = await run(lake, 'from p | k >= 2000 | sum(n)');
    expect(summed.stats.recordsMatched).toBe(2000);
    for (const s of [stats, summed.stats]) {
      expect(s.bytesRead / size).toBeLessThan(0.6);
    }
    expect(summed.stats.bytesRead / size).toBeGreaterThan(0.4);
  });

  it('a count answered from metadata reads no object bytes', async () => {
    const { lake } = await setup();
    const { out, stats } = await run(lake, 'from p | count()');
    expect(out).toBe('4000(uint64)');
    expect(stats.bytesRead).toBe(0);
  });

  it('the head pool scan of a query without from is metered too', async () => {
    const { lake, size } = await setup();
    const q = await prepareQuery(lake, 'sum(n)', { head: { pool: 'p', branch: 'main' } });
    for await (const _ of q.run()) void _;
    expect(q.meter.stats().bytesRead).toBe(size);
  });
});
