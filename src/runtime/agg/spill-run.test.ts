import { describe, expect, it } from 'vitest';
import { TypeContext, type Value } from '../../zed/index.js';
import { formatValue, parseZsonValue } from '../../zson/index.js';
import { RunReader, RunWriter } from './spill-run.js';
import { MemorySpillStore } from './spill-store.js';

async function roundTrip(texts: string[], readChunkSize?: number): Promise<string[]> {
  const zctx = new TypeContext();
  const store = new MemorySpillStore(readChunkSize === undefined ? {} : { readChunkSize });
  const file = await store.create();
  const w = new RunWriter(file, zctx);
  for (const s of texts) {
    w.add(parseZsonValue(s, zctx));
    if (w.pending > 40) await w.flush();
  }
  await w.flush();
  const r = new RunReader(file, zctx);
  const out: Value[] = [];
  for (let rows = await r.next(); rows.length > 0; rows = await r.next()) out.push(...rows);
  return out.map((v) => formatValue(v));
}

describe('spill runs', () => {
  const rows = [
    '{k0:"a",p0:1(uint64)}',
    '{k0:10.0.0.1,p0:2(uint64)}',
    '{k0:null(string),p0:{sum:1.5,count:2(uint64)}}',
    '{k0:"b"(=named),p0:|[1,"x"]|}',
    '{k0:"c",p0:3(uint64)}',
    '{}',
  ];

  it('round-trips rows with their types', async () => {
    expect(await roundTrip(rows)).toEqual(rows);
  });

  it('reads back across any chunk boundary', async () => {
    for (const size of [1, 2, 3, 7, 100]) expect(await roundTrip(rows, size), `chunks of ${size}`).toEqual(rows);
  });

  it('decodes types into the same context objects', async () => {
    const zctx = new TypeContext();
    const store = new MemorySpillStore({ readChunkSize: 5 });
    const file = await store.create();
    const w = new RunWriter(file, zctx);
    const v = parseZsonValue('{k0:"a",p0:[1,2]}', zctx);
    w.add(v);
    await w.flush();
    const [back] = await new RunReader(file, zctx).next();
    expect(back!.type).toBe(v.type);
  });

  it('reports a truncated run', async () => {
    const zctx = new TypeContext();
    const store = new MemorySpillStore();
    const good = await store.create();
    const w = new RunWriter(good, zctx);
    w.add(parseZsonValue('{k0:"abcdef"}', zctx));
    await w.flush();
    const bytes: Uint8Array[] = [];
    for await (const c of good.read()) bytes.push(c);
    const cut = await store.create();
    await cut.write(bytes[0]!.slice(0, bytes[0]!.length - 2));
    await expect(new RunReader(cut, zctx).next()).rejects.toThrow('spill run is truncated');
  });
});
