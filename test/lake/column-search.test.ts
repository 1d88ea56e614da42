// Keyword searches straight over a pool, run on the column copies (lake-
// search.ts), against the same searches over a lake without copies (each
// value walked): random terms (in strings, in field names, in nested
// records, arrays, maps, unions, errors and named types, with case folding
// and the Kelvin sign, which folds to "k") over random records, from a
// seed. Outputs must be equal line for line, in order, and so must the
// query statistics.
import { describe, expect, it } from 'vitest';
import { data, pairedLakes, rng, runOrdered as run } from './column-data.js';

const CASES = Number(process.env['ZLAKE_SEARCH_CASES'] ?? 600);

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
      // Addresses and networks, for literals of those types.
      if (r() < 0.2) extra.push(`src:${pick(['10.0.1.1', '10.0.20.100', '192.168.1.5', '::1'])}`);
      if (r() < 0.1) extra.push(`net:${pick(['10.0.1.0/24', '10.0.0.0/16', '172.16.0.0/12'])}`);
      return extra.length === 0 ? line : `${line.slice(0, -1)},${extra.join(',')}}`;
    })
    .join('\n');
}

const TERMS = ['tcp', 'TCP', 'udp', 'icmp', '10.0.1', 'orig', 'id.orig', 'orig_h', 'port', 'xyz', 'k', 'K', 'kelvin', 'é', 'épée', 'alpha', 'beta', 'gamma', 'ray', 'fail', 'sub', 'tags', 'deep.inner', 'naïve', 'plain', 'handshake', 'e', '7', 'dur'];

/** Search terms that are literals of other types than string. */
const LITERALS = ['7', '80', '443', '1000', '0', '2', '-5', '50.5', '1.5', '10.0.1.1', '10.0.20.100', '10.0.0.0/16', '10.0.1.0/24', '192.168.0.0/16', '2023-11-20T00:00:00Z', '1h', '0s', 'true', 'false', 'null', '0x01'];

/**
 * Pools: `p` of disjoint objects, `d` the same descending, `o` of
 * overlapping objects (each of ts 0 to 149), `t` of objects whose ranges
 * touch (eleven values of each at the key they share).
 */
function lakes() {
  return pairedLakes({ p: { order: 'asc' }, d: { order: 'desc' }, o: { order: 'asc' }, t: { order: 'asc' } }, (k) => {
    const text = richer(400 + k, 150, 1000 * k);
    const touching = richer(600 + k, 150, 0).replace(/^\{ts:(\d+),/gm, (_, i) => `{ts:${129 * k + Math.min(Math.max(Number(i), 10), 139)},`);
    return { p: text, d: text, o: richer(500 + k, 150, 0), t: touching };
  });
}

/**
 * CASES random searches for `terms` (as written in a query) over the three
 * pools, from `seed`, against a lake without copies: disjoint pools are
 * searched on their columns, and most terms find something.
 */
async function randomSearches(seed: number, terms: readonly string[]): Promise<void> {
  const [cols, rows, blobs] = await lakes();
  const r = rng(seed);
  let columnar = 0;
  let merged = 0;
  let found = 0;
  for (let c = 0; c < CASES; c++) {
    const pool = r() < 0.5 ? 'p' : r() < 0.4 ? 'd' : r() < 0.5 ? 'o' : 't';
    const term = terms[Math.floor(r() * terms.length)]!;
    const tail = r() < 0.3 ? ' | count()' : '';
    const q = `from ${pool} | ${term}${tail}`;
    blobs.objectReads = 0;
    const a = await run(cols, q);
    const reads = blobs.objectReads;
    const b = await run(rows, q);
    // The lake without copies searches each object's values, its search
    // pushed to the pool all the same: the scan's own order comes from a
    // search the pool is not given.
    const scanned = await run(rows, `from ${pool} | yield this | ${term}${tail}`);
    expect({ q, ...a }).toEqual({ q, lines: scanned.lines, stats: b.stats });
    if (reads === 0) {
      if (pool === 'o' || pool === 't') merged++;
      else columnar++;
    }
    if (a.lines.length > 0) found++;
  }
  expect(columnar).toBeGreaterThan(CASES / 4);
  expect(merged).toBeGreaterThan(CASES / 8);
  expect(found).toBeGreaterThan(CASES / 2);
}

describe('keyword search over column copies', () => {
  it(`answers as the values do, in ${CASES} random cases`, { timeout: 900_000 }, async () => {
    await randomSearches(99, TERMS.map((t) => JSON.stringify(t)));
  });

  it(`answers as the values do for literals of other types, in ${CASES} random cases`, { timeout: 900_000 }, async () => {
    // A literal matches parts equal to it (numbers of any type, named and
    // in unions, maps and errors too) and strings holding its text; a
    // network the addresses in it and no string; null any null.
    await randomSearches(101, LITERALS);
  });

  it('answers as the values do over string columns of many values, first and again', { timeout: 600_000 }, async () => {
    // Objects of thousands of rows: string columns past a VNG dictionary
    // (times, addresses, ids, words), whose pairs of bytes a first search
    // keeps and the next ones pass columns by with (string-pairs.ts).
    const line = (r: () => number, i: number): string => {
      const word = ['alpha', 'Bravo', 'charlie', 'delta', 'echo'][Math.floor(r() * 5)]!;
      return `{ts:${i},at:"2024-01-${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00:00Z",h:"10.${i % 7}.${Math.floor(r() * 250)}.${Math.floor(r() * 250)}",id:"C${Math.floor(r() * 1e9).toString(36)}x${i}",w:"${word} ${Math.floor(r() * 1000)}"}`;
    };
    const [cols, rows] = await pairedLakes({ p: { order: 'asc' } }, (k) => {
      const r = rng(3000 + k);
      return { p: Array.from({ length: 3000 }, (_, i) => line(r, 10_000 * k + i)).join('\n') };
    });
    const terms = ['bravo', 'BRAVO', 'echo 12', 'T05:00', '2024-01-07', '10.3.1', 'x2001', 'ox1', 'cx', 'zz', 'ha', 'lt', 'o 9', ':00Z', 'a', 'q', '.5', 'Z"', 'ie 3', '-01-2'];
    const r = rng(5);
    let found = 0;
    for (let c = 0; c < 120; c++) {
      const term = terms[Math.floor(r() * terms.length)]!;
      const q = `from p | ${JSON.stringify(term)}${r() < 0.4 ? ' | count()' : ''}`;
      const want = await run(rows, q);
      for (const pass of ['first', 'again']) expect({ q, pass, ...(await run(cols, q)) }).toEqual({ q, pass, ...want });
      if (want.lines.length > 0 && !want.lines[0]!.startsWith('0(')) found++;
    }
    expect(found).toBeGreaterThan(60);
  });
});
