// Column copies that do not read: a query falls back to the objects' values
// (the same answer as a lake without copies), and says so with a warning in
// its statistics, which the service sends as Zed's QueryWarning control
// message. An object written without a copy falls back with no warning.
import { mkdtempSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBatches, formatByName, prepareQuery, type Lake } from '../../src/index.js';
import { HEADER_SIZE, openVngBytes, parseHeader, type Meta, type Segment } from '../../src/formats/vng/index.js';
import { spawnServe, type ServeProcess } from '../support/cluster.js';
import { CountingBlobStore, data, newLake } from './column-data.js';
import { zson } from './helpers.js';

async function run(lake: Lake, text: string) {
  const q = await prepareQuery(lake, text);
  let out = '';
  const dec = new TextDecoder();
  for await (const c of encodeBatches(q.run(), formatByName('zson')!.encoder!({ pretty: 0 }))) out += typeof c === 'string' ? c : dec.decode(c);
  return { lines: out.split('\n').filter(Boolean), stats: q.meter.stats() };
}

const QUERIES = ['from p | count() by proto', 'from p | ts >= 1100 | sum(bytes) by proto', 'from p | sort -r bytes | head 3', 'from p | bytes > 0 | count()', 'from p | bytes > 90000 or proto == "icmp"'];

async function lakes(): Promise<{ cols: Lake; rows: Lake; blobs: CountingBlobStore }> {
  const blobs = new CountingBlobStore();
  const cols = newLake(true, blobs);
  const rows = newLake(false);
  for (const lake of [cols, rows]) {
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 3; k++) await lake.load('p', 'main', zson(data(300 + k, 200, false, 1000 * k)));
  }
  return { cols, rows, blobs };
}

async function copyKeys(blobs: CountingBlobStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const b of blobs.list('')) if (b.key.endsWith('-cols.vng')) keys.push(b.key);
  return keys.sort();
}

/** The [start, end) of a copy's segments in the file, from its checksum trailer (checksums.ts). */
function segmentBounds(b: Uint8Array): [number, number][] {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const h = parseHeader(b.subarray(0, HEADER_SIZE));
  const base = HEADER_SIZE + h.metaSize;
  const at = base + h.dataSize;
  expect(new TextDecoder().decode(b.subarray(at, at + 4))).toBe('ZSUM');
  const starts = Array.from({ length: dv.getUint32(at + 4, true) }, (_, k) => base + dv.getUint32(at + 8 + 8 * k, true));
  return starts.map((s, k) => [s, starts[k + 1] ?? at]);
}

/**
 * `b` with the `bytes` column's last value changed (in each type's record
 * of that field): the low bit of its number's last byte, or, in a column
 * with a dictionary, its code to the next entry's. It reads as another
 * number, not as an error, so only a checksum can tell.
 */
function flipBytesColumn(b: Uint8Array): Uint8Array {
  const out = b.slice();
  const vng = openVngBytes(b);
  const found: { seg: Segment; entries: number }[] = [];
  const walk = (m: Meta, under: boolean): void => {
    if (m.kind === 'variant') for (const v of m.values) walk(v, false);
    else if (m.kind === 'record') for (const f of m.fields) walk(f.values, f.name === 'bytes');
    else if ((m.kind === 'nulls' || m.kind === 'named') && under) walk(m.values, true);
    else if (m.kind === 'primitive' && under && m.location.memLength > 0 && (m.dict?.length ?? 2) > 1) found.push({ seg: m.location, entries: m.dict?.length ?? 0 });
  };
  walk(vng.meta, false);
  expect(found.length).toBeGreaterThan(0);
  // Each of them is a segment the trailer lists.
  const starts = new Set(segmentBounds(b).map(([s]) => s));
  for (const { seg, entries } of found) {
    expect(starts.has(vng.dataOffset + seg.offset)).toBe(true);
    const last = vng.dataOffset + seg.offset + seg.memLength - 1;
    out[last] = entries > 0 ? (out[last]! + 1) % entries : out[last]! ^ 0x01;
  }
  return out;
}

describe('column copies that do not read', () => {
  for (const [name, damage] of [
    ['cut short', (b: Uint8Array) => b.subarray(0, Math.floor(b.length / 2))],
    ['garbage', (b: Uint8Array) => new Uint8Array(b.length).fill(0x5a)],
    ['a bad header', (b: Uint8Array) => Uint8Array.from([...b.subarray(0, 4).map((x) => x ^ 0xff), ...b.subarray(4)])],
  ] as const) {
    it(`answer from the values when a copy is ${name}, with a warning naming the object`, { timeout: 120_000 }, async () => {
      const { cols, rows, blobs } = await lakes();
      const keys = await copyKeys(blobs);
      expect(keys).toHaveLength(3);
      const bad = keys[1]!;
      await blobs.put(bad, damage((await blobs.get(bad))!));
      for (const q of QUERIES) {
        const a = await run(cols, q);
        const b = await run(rows, q);
        expect({ q, lines: a.lines.slice().sort() }).toEqual({ q, lines: b.lines.slice().sort() });
        expect({ q, warnings: a.stats.warnings.length }).toEqual({ q, warnings: 1 });
        const id = bad.split('/').pop()!.replace('-cols.vng', '');
        expect(a.stats.warnings[0]).toContain(`data object ${id}: its column copy`);
        expect(a.stats.warnings[0]).toContain('its values were read instead');
        expect(b.stats.warnings).toEqual([]);
      }
    });
  }

  it('answer from the values when a column of a copy is changed where it still reads, and only queries of that column warn', async () => {
    const { cols, rows, blobs } = await lakes();
    const keys = await copyKeys(blobs);
    const bad = keys[1]!;
    await blobs.put(bad, flipBytesColumn((await blobs.get(bad))!));
    const id = bad.split('/').pop()!.replace('-cols.vng', '');
    for (const q of QUERIES) {
      const a = await run(cols, q);
      expect({ q, lines: a.lines.slice().sort() }).toEqual({ q, lines: (await run(rows, q)).lines.slice().sort() });
      // Every query but the count by proto reads the changed column.
      if (q === 'from p | count() by proto') expect(a.stats.warnings).toEqual([]);
      else {
        expect({ q, warnings: a.stats.warnings.length }).toEqual({ q, warnings: 1 });
        expect(a.stats.warnings[0]).toContain(`data object ${id}: its column copy`);
        expect(a.stats.warnings[0]).toContain('is damaged: its checksum does not match');
      }
    }
  });

  it('read a copy without checksums (as written before them) as it is', async () => {
    const { cols, rows, blobs } = await lakes();
    const keys = await copyKeys(blobs);
    for (const k of keys) {
      const b = (await blobs.get(k))!;
      const h = parseHeader(b.subarray(0, HEADER_SIZE));
      await blobs.put(k, b.subarray(0, HEADER_SIZE + h.metaSize + h.dataSize));
    }
    for (const q of QUERIES) {
      const a = await run(cols, q);
      expect({ q, lines: a.lines.slice().sort() }).toEqual({ q, lines: (await run(rows, q)).lines.slice().sort() });
      expect(a.stats.warnings).toEqual([]);
    }
    // The copies answered: the query read none of the objects' values.
    blobs.objectReads = 0;
    blobs.rangeReads = 0;
    await run(cols, 'from p | count() by proto');
    expect(blobs.objectReads + blobs.rangeReads).toBe(0);
  });

  it('answer from the values with no warning when a copy is absent', async () => {
    const { cols, rows, blobs } = await lakes();
    const keys = await copyKeys(blobs);
    await blobs.delete(keys[0]!);
    for (const q of QUERIES) {
      const a = await run(cols, q);
      expect({ q, lines: a.lines.slice().sort() }).toEqual({ q, lines: (await run(rows, q)).lines.slice().sort() });
      expect(a.stats.warnings).toEqual([]);
    }
  });
});

describe('a served query over a damaged column copy', () => {
  let server: ServeProcess | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'zlake-copy-faults-'));
  afterAll(async () => {
    await server?.kill();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('sends a QueryWarning control message before its stats, and the right answer', { timeout: 120_000 }, async () => {
    server = await spawnServe(['-lake', dir], {});
    const post = (path: string, body: string, type: string, accept = 'application/json') =>
      fetch(server!.url + path, { method: 'POST', body, headers: { 'Content-Type': type, Accept: accept } });
    expect((await post('/pool', JSON.stringify({ name: 'p', layout: { order: 'asc', keys: [['ts']] } }), 'application/json')).status).toBe(200);
    expect((await post('/pool/p/branch/main', data(5, 300, false), 'application/x-zson')).status).toBe(200);
    const files = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(d, e.name)) : [join(d, e.name)]));
    const copies = files(dir).filter((f) => f.endsWith('-cols.vng'));
    expect(copies).toHaveLength(1);
    truncateSync(copies[0]!, 100);
    const res = await post('/query?ctrl=true', JSON.stringify({ query: 'from p | count() by proto | sort proto' }), 'application/json', 'application/x-zjson');
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: unknown; value: { warning?: string } & unknown[] });
    const warning = lines.findIndex((l) => l.type === 'QueryWarning');
    expect(warning).toBeGreaterThan(-1);
    expect(lines[warning]!.value!.warning).toMatch(/^data object [0-9A-Za-z]{27}: its column copy .* did not read \(.*\); its values were read instead$/);
    // The warning comes before the last stats, and the data is all there.
    expect(lines.map((l) => l.type).lastIndexOf('QueryStats')).toBeGreaterThan(warning);
    const values = lines.filter((l) => typeof l.type === 'object');
    expect(values.length).toBeGreaterThan(1);
    expect(values.reduce((n, l) => n + Number(l.value[1]), 0)).toBe(300);
  });
});
