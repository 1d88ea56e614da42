// A load reads its NDJSON borrowed (DecoderOptions.borrow, as `zlake load`
// and the service's loads do): the decoder reuses each batch's memory for
// the next, and the load's run buffer must have copied every value first.
// Several runs of several large windows each, loaded borrowed and plain,
// must hold the same values.
import { describe, expect, it, vi } from 'vitest';
import { Lake, MemoryBlobStore, MemoryMetaStore, readValues, TypeContext } from '../../src/index.js';
import { query } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

/** About 6 MB of NDJSON, in chunks of 2 MB (each several of the module's windows). */
function input(): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let c = 0;
  return new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (c === 3) {
        ctl.close();
        return;
      }
      let s = '';
      for (let i = 0; i < 25_000; i++) s += `{"ts":${(i * 7919 + c * 104729) % 1_000_003},"c":${c},"s":"${'y'.repeat(i % 40)}${i}"}\n`;
      ctl.enqueue(enc.encode(s));
      c++;
    },
  });
}

async function loaded(borrow: boolean): Promise<{ sums: string; all: string }> {
  let t = 1_700_000_000_000_000_000n;
  // A small memory limit: runs end (and are written) in the middle of batches.
  const lake = new Lake({ blobs: new MemoryBlobStore(), meta: new MemoryMetaStore(), now: () => (t += 1_000_000_000n), loadMemoryLimit: 1 << 20 });
  await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
  const r = await lake.load('p', 'main', readValues(input(), new TypeContext(), { format: 'ndjson', borrow }));
  expect(r.objects.length).toBeGreaterThan(3);
  return {
    sums: await query(lake, 'from p | n:=count(), ts:=sum(ts), chars:=sum(len(s)), cs:=union(c)'),
    // Every value, in an order of their own (objects of one load may overlap).
    all: await query(lake, 'from p | sort ts, c, s'),
  };
}

describe('a borrowed load', () => {
  it('stores the values a plain one does', async () => {
    const borrowed = await loaded(true);
    expect(borrowed.sums).toMatch(/^\{n:75000\(uint64\),/);
    expect(borrowed.all.split('\n')).toHaveLength(75_001);
    const plain = await loaded(false);
    expect(borrowed.sums).toBe(plain.sums);
    expect(borrowed.all === plain.all).toBe(true);
  });
});
