// Keyword searches straight over a pool, run on the column copies (lake-
// search.ts), against the same searches over a lake without copies (each
// value walked): random terms (in strings, in field names, in nested
// records, arrays, maps, unions, errors and named types, with case folding
// and the Kelvin sign, which folds to "k") over random records, from a
// seed. Outputs must be equal line for line, in order, and so must the
// query statistics.
import { describe, expect, it } from 'vitest';
import { encodeBatches, formatByName, prepareQuery, type Lake } from '../../src/index.js';
import { zson } from './helpers.js';
import { CountingBlobStore, data, newLake, rng } from './column-data.js';

const CASES = Number(process.env['ZLAKE_SEARCH_CASES'] ?? 600);

async function run(lake: Lake, text: string) {
  const q = await prepareQuery(lake, text);
  let out = '';
  const dec = new TextDecoder();
  for await (const c of encodeBatches(q.run(), formatByName('zson')!.encoder!({ pretty: 0 }))) out += typeof c === 'string' ? c : dec.decode(c);
  const s = q.meter.stats();
  return { lines: out.split('\n').filter(Boolean), stats: [s.recordsRead, s.bytesRead, s.recordsMatched, s.bytesMatched] };
}

/** data()'s records with more kinds of fields now and then. */
function richer(seed: number, n: number, tsBase: number): string {
  const r = rng(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  return data(seed, n, false, tsBase)
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const extra: string[] = [];
      if (r() < 0.3) extra.push(`tags:[${pick(['"alpha"', '"Beta"', '"gamma"'])},${pick(['"delta"', '"kelvin \u212a"', '"Épée"'])}]`);
      if (r() < 0.2) extra.push(`note:${pick(['"TCP handshake"', '"plain"', 'null', '"naïve"', '"\u212aelvin"'])}`);
      if (r() < 0.1) extra.push(`u:${pick(['1((int64,string))', '"udp"((int64,string))', '"sub"((string,int64))'])}`);
      if (r() < 0.1) extra.push(`m:|{"tcp":1,"k":2}|`);
      if (r() < 0.1) extra.push(`e:error(${pick(['"tcp fail"', '"x"'])})`);
      if (r() < 0.1) extra.push(`port:${pick(['80', '443'])}(port=uint16)`);
      if (r() < 0.1) extra.push(`deep:{inner:{word:${pick(['"gamma ray"', '"beta"'])}},orig_count:1}`);
      return extra.length === 0 ? line : `${line.slice(0, -1)},${extra.join(',')}}`;
    })
    .join('\n');
}

const TERMS = ['tcp', 'TCP', 'udp', 'icmp', '10.0.1', 'orig', 'id.orig', 'orig_h', 'port', 'xyz', 'k', 'K', 'kelvin', 'é', 'épée', 'alpha', 'beta', 'gamma', 'ray', 'fail', 'sub', 'tags', 'deep.inner', 'naïve', 'plain', 'handshake', 'e', '7', 'dur'];

async function lakes(): Promise<[Lake, Lake, CountingBlobStore]> {
  const blobs = new CountingBlobStore();
  const cols = newLake(true, blobs);
  const rows = newLake(false);
  for (const lake of [cols, rows]) {
    await lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
    await lake.createPool('d', { layout: { order: 'desc', keys: [['ts']] } });
    await lake.createPool('o', { layout: { order: 'asc', keys: [['ts']] } });
    for (let k = 0; k < 3; k++) {
      const text = richer(400 + k, 150, 1000 * k);
      await lake.load('p', 'main', zson(text));
      await lake.load('d', 'main', zson(text));
      await lake.load('o', 'main', zson(richer(500 + k, 150, 0)));
    }
  }
  return [cols, rows, blobs];
}

describe('keyword search over column copies', () => {
  it(`answers as the values do, in ${CASES} random cases`, { timeout: 900_000 }, async () => {
    const [cols, rows, blobs] = await lakes();
    const r = rng(99);
    let columnar = 0;
    let found = 0;
    for (let c = 0; c < CASES; c++) {
      const pool = r() < 0.6 ? 'p' : r() < 0.5 ? 'd' : 'o';
      const term = TERMS[Math.floor(r() * TERMS.length)]!;
      const q = `from ${pool} | ${JSON.stringify(term)}${r() < 0.3 ? ' | count()' : ''}`;
      blobs.objectReads = 0;
      const a = await run(cols, q);
      const b = await run(rows, q);
      expect({ q, ...a }).toEqual({ q, ...b });
      if (pool !== 'o' && blobs.objectReads === 0) columnar++;
      if (a.lines.length > 0) found++;
    }
    // Disjoint pools are searched on their columns; most terms find something.
    expect(columnar).toBeGreaterThan(CASES / 3);
    expect(found).toBeGreaterThan(CASES / 2);
  });
});
