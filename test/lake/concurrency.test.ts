// Concurrent loads on one branch of a real local lake (a libSQL file and a
// data folder), each writer with its own connection, and time travel to
// every commit they made.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalLake, type LocalLake } from '../../adapters/local/index.js';
import { TypeContext } from '../../src/index.js';
import { keyOf } from '../../src/lake/index.js';
import { parseZsonValue } from '../../src/zson/index.js';

const WRITERS = 8;
const COMMITS = 50;

let dir: string;
let lakes: LocalLake[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zlake-race-'));
});
afterEach(async () => {
  for (const l of lakes) l.close();
  lakes = [];
  await rm(dir, { recursive: true, force: true });
});

describe('concurrent loads on the local adapter', () => {
  it(`${WRITERS} writers x ${COMMITS} commits on one branch: every commit lands, and each is readable`, { timeout: 180_000 }, async () => {
    lakes = await Promise.all(Array.from({ length: WRITERS }, () => openLocalLake(dir, { busyTimeoutMs: 30_000 })));
    const main = lakes[0]!.lake;
    await main.createPool('p', { layout: { order: 'asc', keys: [['n']] } });
    await Promise.all(
      lakes.map(async ({ lake }, w) => {
        const ctx = new TypeContext();
        for (let i = 0; i < COMMITS; i++) {
          const v = parseZsonValue(`{n:${w * COMMITS + i},w:${w},i:${i}}`, ctx);
          await lake.load('p', 'main', (async function* () {
            yield [v];
          })(), { author: `w${w}` });
        }
      }),
    );
    // Every commit is on the branch's path, none lost.
    const history = await main.history('p', 'main');
    expect(history).toHaveLength(WRITERS * COMMITS);
    expect(new Set(history.map((e) => e.id)).size).toBe(WRITERS * COMMITS);
    for (let w = 0; w < WRITERS; w++) expect(history.filter((e) => e.author === `w${w}`)).toHaveLength(COMMITS);
    const all: number[] = [];
    for await (const b of main.scan('p', 'main')) for (const v of b) all.push(Number(keyOf(v, ['n']).asInt()));
    expect(all).toEqual(Array.from({ length: WRITERS * COMMITS }, (_, i) => i));
    // A commit that had to retry says so; none ran out of attempts.
    expect(history.every((e) => e.retries < 10)).toBe(true);

    // Time travel, oldest first: commit k holds exactly the first k+1 values committed.
    const oldestFirst = [...history].reverse();
    const seen: number[] = [];
    for (let k = 0; k < oldestFirst.length; k++) {
      const e = oldestFirst[k]!;
      const snap = await main.snapshot('p', `0x${e.id}`);
      const added = snap.objects().filter((o) => !seen.includes(Number(o.min.asInt())));
      expect(added).toHaveLength(1);
      seen.push(Number(added[0]!.min.asInt()));
      expect(await main.count('p', `0x${e.id}`)).toBe(k + 1);
      if (k % 40 === 0 || k === oldestFirst.length - 1) {
        const got: number[] = [];
        for await (const b of main.scan('p', `0x${e.id}`)) for (const v of b) got.push(Number(keyOf(v, ['n']).asInt()));
        expect(got).toEqual([...seen].sort((a, b) => a - b));
      }
    }
  });
});
