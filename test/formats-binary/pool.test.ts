// Arrow IPC and Parquet through a pool: bytes in each format are loaded into
// a lake (memory stores), then queried back encoded in each format.
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
import { concat, decodeWith, encodeWith, useParquetWasm, zsonLines } from './support.js';
import { parseZsonValue } from '../../src/zson/index.js';

useParquetWasm();

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      for (let i = 0; i < bytes.length; i += 4096) c.enqueue(bytes.slice(i, i + 4096));
      c.close();
    },
  });
}

async function queryAs(lake: Lake, text: string, format: string): Promise<Uint8Array> {
  const zctx = new TypeContext();
  const q = compile(text, { zctx, sources: lakeSources(lake, zctx) });
  async function* none(): AsyncGenerator<Batch> {}
  const te = new TextEncoder();
  const parts: Uint8Array[] = [];
  for await (const c of encodeBatches(q.pipeline.run(none(), zctx), formatByName(format)!.encoder!({}))) parts.push(typeof c === 'string' ? te.encode(c) : c);
  return concat(parts);
}

const rows = Array.from(
  { length: 50 },
  (_, i) => `{k:${i},s:"row ${i}",t:2024-02-03T04:05:${String(i % 60).padStart(2, '0')}Z,a:[${i},${i + 1}],r:{b:${i % 2 === 0},f:${i}.5(float32)},u:${i}(uint16)}`,
);

describe('Arrow IPC and Parquet loaded into a pool and queried back', () => {
  for (const inFormat of ['arrows', 'parquet']) {
    for (const outFormat of ['arrows', 'parquet']) {
      it(`loads ${inFormat} and queries it back as ${outFormat}`, async () => {
        const ctx = new TypeContext();
        const vals = rows.map((r) => parseZsonValue(r, ctx));
        const input = encodeWith(formatByName(inFormat)!.encoder!({}), vals);
        let t = 1_700_000_000_000_000_000n;
        const lake = new Lake({ blobs: new MemoryBlobStore(), meta: new MemoryMetaStore(), now: () => (t += 1_000_000_000n) });
        await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
        await lake.load('p', 'main', readValues(streamOf(input), new TypeContext(), { format: inFormat }));
        const out = await queryAs(lake, 'from p', outFormat);
        const back = zsonLines(decodeWith(formatByName(outFormat)!.decoder!(new TypeContext(), {}), out, 'random'));
        expect(back).toEqual(rows);
      });
    }
  }
});
