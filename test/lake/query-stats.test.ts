// QueryStats of a lake query, as Zed's scanner counts them: the values
// decoded from the seek streams read (records_read, and their body bytes as
// bytes_read) and those the pushed filter kept (the matched figures); a
// count or summarize answered from metadata or columns counts as if read.
// storedBytes (zlake's own) is what the scans took from storage.
import { describe, expect, it } from 'vitest';
import { encodeBatches, formatByName, prepareQuery, type Lake, type QueryStats } from '../../src/index.js';
import { memoryLake, zson } from './helpers.js';

/** The body bytes of {k:i,n:i%7,s:"x"|"y"}: three fields, each a tag byte and its bytes. */
function bodyBytes(i: number): number {
  const intLen = (x: number): number => (x === 0 ? 0 : Math.ceil((Math.floor(Math.log2(2 * x)) + 1) / 8));
  return 1 + intLen(i) + 1 + intLen(i % 7) + 1 + 1;
}

const ALL_BYTES = Array.from({ length: 4000 }, (_, i) => bodyBytes(i)).reduce((a, b) => a + b, 0);

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
  it('a whole scan reads and matches every value, with its body bytes', async () => {
    const { lake, size } = await setup();
    // The query needs whole values (this), so it reads them from the data
    // objects, and its filter keeps every one.
    const { out, stats } = await run(lake, 'from p | yield this | n + 0 >= 0 | sum(n)');
    expect(out).toBe(String(Array.from({ length: 4000 }, (_, i) => i % 7).reduce((a, b) => a + b, 0)));
    expect(stats).toMatchObject({ recordsRead: 4000, recordsMatched: 4000, bytesRead: ALL_BYTES, bytesMatched: ALL_BYTES, storedBytes: size });
  });

  it('a summarize over the column copies counts its values as read, taking only the columns from storage', async () => {
    const { lake, size } = await setup();
    const { out, stats } = await run(lake, 'from p | sum(n)');
    expect(out).toBe(String(Array.from({ length: 4000 }, (_, i) => i % 7).reduce((a, b) => a + b, 0)));
    expect(stats).toMatchObject({ recordsRead: 4000, recordsMatched: 4000, bytesRead: ALL_BYTES, bytesMatched: ALL_BYTES });
    expect(stats.storedBytes).toBeGreaterThan(0);
    expect(stats.storedBytes).toBeLessThan(size);
  });

  it('a filter over the column copies counts every value as read and the kept ones as matched', async () => {
    const { lake, size } = await setup();
    const { out, stats } = await run(lake, 'from p | n >= 3 | sum(n)');
    const kept = Array.from({ length: 4000 }, (_, i) => i % 7).filter((n) => n >= 3);
    expect(out).toBe(String(kept.reduce((a, b) => a + b, 0)));
    expect(stats).toMatchObject({ recordsRead: 4000, recordsMatched: kept.length, bytesRead: ALL_BYTES });
    // Bytes kept are estimated in proportion to the rows kept.
    expect(stats.bytesMatched).toBe(Math.round((ALL_BYTES * kept.length) / 4000));
    expect(stats.storedBytes).toBeLessThan(size);
  });

  it('a filter under operators over values counts its matched bytes alike, whatever earlier queries left in the column cache', async () => {
    // n >= 3 keeps 4/7 of the values: fresh, more than a filter puts back
    // from cold columns, so it reads the values and keeps those picked;
    // once a query has held every column, it puts them back from those.
    // Either way the kept bytes are estimated from the rows kept, as the
    // columns count them.
    const kept = Array.from({ length: 4000 }, (_, i) => i).filter((i) => i % 7 >= 3);
    const want = { recordsRead: 4000, recordsMatched: kept.length, bytesRead: ALL_BYTES, bytesMatched: Math.round((ALL_BYTES * kept.length) / 4000) };
    const exact = kept.reduce((a, i) => a + bodyBytes(i), 0);
    expect(exact).not.toBe(want.bytesMatched);
    const q = 'from p | n >= 3 | count() by s:=quiet(s) | sort s';
    const fresh = await setup();
    const first = await run(fresh.lake, q);
    const held = await setup();
    // Puts 1/7 of the values back from all their columns, which holds them.
    const before = await run(held.lake, 'from p | n == 1 | yield this | count()');
    expect(before.out).toBe('572(uint64)');
    const second = await run(held.lake, q);
    const counts = `{s:"x",count:${kept.filter((i) => i % 3 === 0).length}(uint64)}\n{s:"y",count:${kept.filter((i) => i % 3 !== 0).length}(uint64)}`;
    expect(first.out).toBe(counts);
    expect(second.out).toBe(counts);
    expect(first.stats).toMatchObject(want);
    expect(second.stats).toMatchObject(want);
  });

  it('a range of the pool key reads only the seek streams that may hold it', async () => {
    const { lake } = await setup();
    const summed = await run(lake, 'from p | k >= 2000 | sum(n)');
    const s = summed.stats;
    expect(s.recordsMatched).toBe(2000);
    expect(s.bytesMatched).toBe(Array.from({ length: 2000 }, (_, i) => bodyBytes(2000 + i)).reduce((a, b) => a + b, 0));
    // The stream that straddles 2000 is read whole, the ones before not at all.
    expect(s.recordsRead).toBeGreaterThan(2000);
    expect(s.recordsRead).toBeLessThan(2300);
    const counted = await run(lake, 'from p | k >= 2000 | count()');
    expect(counted.out).toBe('2000(uint64)');
    expect(counted.stats).toMatchObject({ recordsRead: s.recordsRead, recordsMatched: 2000, bytesRead: s.bytesRead, bytesMatched: s.bytesMatched });
  });

  it('a count answered from metadata reads no object bytes but counts the values as read', async () => {
    const { lake } = await setup();
    const { out, stats } = await run(lake, 'from p | count()');
    expect(out).toBe('4000(uint64)');
    expect(stats).toMatchObject({ storedBytes: 0, recordsRead: 4000, recordsMatched: 4000, bytesRead: ALL_BYTES, bytesMatched: ALL_BYTES });
  });

  it('the head pool scan of a query without from takes the pushed filter, as a from does', async () => {
    const { lake } = await setup();
    const q = await prepareQuery(lake, 'k >= 3990 | sum(n)', { head: { pool: 'p', branch: 'main' } });
    for await (const _ of q.run()) void _;
    const s = q.meter.stats();
    expect(s.recordsMatched).toBe(10);
    expect(s.recordsRead).toBeLessThan(300);
  });
});
