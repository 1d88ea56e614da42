// Queries over a lake: `from pool`, branches and time travel through the
// compiler's Source, on memory stores.
import { describe, expect, it } from 'vitest';
import {
  Lake,
  MemoryBlobStore,
  MemoryMetaStore,
  TypeContext,
  compile,
  encodeBatches,
  formatByName,
  lakeSources,
  readValues,
  type Batch,
} from '../../src/index.js';

function values(zson: string): AsyncIterable<Batch> {
  const bytes = new TextEncoder().encode(zson);
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
  return readValues(stream, new TypeContext(), { format: 'zson' });
}

async function query(lake: Lake, text: string): Promise<string> {
  const zctx = new TypeContext();
  const q = compile(text, { zctx, sources: lakeSources(lake, zctx) });
  const enc = formatByName('zson')!.encoder!({ pretty: 0 });
  let out = '';
  const dec = new TextDecoder();
  async function* none(): AsyncGenerator<Batch> {}
  for await (const c of encodeBatches(q.pipeline.run(none(), zctx), enc)) out += typeof c === 'string' ? c : dec.decode(c);
  return out;
}

function newLake(): Lake {
  let t = 1_700_000_000_000_000_000n;
  return new Lake({ blobs: new MemoryBlobStore(), meta: new MemoryMetaStore(), now: () => (t += 1_000_000_000n) });
}

describe('queries over a lake', () => {
  it('reads a pool in pool-key order and runs the query over it', async () => {
    const lake = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    await lake.load('p', 'main', values('{k:3,s:"c"}\n{k:1,s:"a"}\n'));
    await lake.load('p', 'main', values('{k:2,s:"b"}\n'));
    expect(await query(lake, 'from p')).toBe('{k:1,s:"a"}\n{k:2,s:"b"}\n{k:3,s:"c"}\n');
    expect(await query(lake, 'from p | count()')).toBe('3(uint64)\n');
    expect(await query(lake, 'from p@main | k > 1 | yield s')).toBe('"b"\n"c"\n');
  });

  it('travels back to an earlier commit by its id', async () => {
    const lake = newLake();
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    const first = await lake.load('p', 'main', values('{k:1}\n'));
    await lake.load('p', 'main', values('{k:2}\n'));
    const id = `0x${first.commit}`;
    expect(await query(lake, `from p@${id} | count()`)).toBe('1(uint64)\n');
    expect(await query(lake, 'from p | count()')).toBe('2(uint64)\n');
  });

  it('loads query results into another pool with the load operator', async () => {
    const lake = newLake();
    await lake.createPool('src', { layout: { order: 'asc', keys: [['k']] } });
    await lake.createPool('dst', { layout: { order: 'asc', keys: [['k']] } });
    await lake.load('src', 'main', values('{k:1,s:"a"}\n{k:2,s:"b"}\n'));
    const out = await query(lake, 'from src | s:=upper(s) | load dst author "me" message "upper"');
    expect(out).toMatch(/^0x[0-9a-f]{40}\n$/);
    expect(await query(lake, 'from dst')).toBe('{k:1,s:"A"}\n{k:2,s:"B"}\n');
  });

  it('reports an unknown pool with Zed\'s message', async () => {
    const lake = newLake();
    await expect(query(lake, 'from nosuch')).rejects.toThrow('nosuch: pool not found');
  });
});
