// A load killed (SIGKILL) at several points in a real child process leaves the
// branch at its old tip or its new one, never between; the objects of a
// killed load stay invisible to queries, and vacuum removes them. The child
// runs the built code: `npm run build` first (npm test does).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openLocalLake } from '../../adapters/local/index.js';
import { lines, zson } from './helpers.js';

const CHILD = resolve(import.meta.dirname, 'fixtures/load-child.mjs');
const BUILT = resolve(import.meta.dirname, '../../dist/adapters/local/index.js');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zlake-fault-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Runs the child until it announces `point`, then kills it; resolves with what it printed. */
function killAt(point: string): Promise<string[]> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CHILD, dir, point], { stdio: ['ignore', 'pipe', 'pipe'] });
    const said: string[] = [];
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      said.push(line);
      if (line === point) child.kill('SIGKILL');
    });
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') done(said);
      else fail(new Error(`child exited with ${code}: ${err} ${said.join(',')}`));
    });
  });
}

async function dataFiles(): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(join(d, e.name));
      else if (!e.name.startsWith('.')) out.push(e.name);
    }
  };
  // The pools' folders (beside them at the lake's root: meta.db and lake.zng).
  for (const e of await readdir(dir, { withFileTypes: true })) if (e.isDirectory()) await walk(join(dir, e.name));
  return out.sort();
}

// The child's load makes several objects (its memory limit is small); `orphans`
// is how many it had written when killed (-1: all of them, more than two).
const cases = [
  { point: 'put', committed: false, orphans: 0 },
  { point: 'object', committed: false, orphans: 2 },
  { point: 'commit', committed: false, orphans: -1 },
  { point: 'committed', committed: true, orphans: 0 },
];

describe('a load killed mid-way (child process, local adapter)', () => {
  beforeAll(() => {
    if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run "npm run build" first`);
  });

  for (const c of cases) {
    it(`killed at "${c.point}": the branch is at its ${c.committed ? 'new' : 'old'} tip, orphans are invisible and vacuumed`, async () => {
      const before = await openLocalLake(dir);
      await before.lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
      const base = await before.lake.load('p', 'main', zson('{k:1}{k:2}{k:3}'));
      before.close();

      expect(await killAt(c.point)).toEqual([c.point]);

      const after = await openLocalLake(dir);
      try {
        const lake = after.lake;
        const tip = await lake.branchTip('p', 'main');
        const history = await lake.history('p', 'main');
        if (c.committed) {
          expect(history).toHaveLength(2);
          expect(history[1]!.id).toBe(base.commit);
          expect(history[0]!.message).toBe('the load that dies');
          expect(await lines(lake, 'from p | count()')).toEqual(['2003(uint64)']);
        } else {
          expect(tip).toBe(base.commit);
          expect(history).toHaveLength(1);
          expect(await lines(lake, 'from p | count()')).toEqual(['3(uint64)']);
          expect(await lines(lake, 'from p | k > 3 | count()')).toEqual([]);
        }
        const live = (await lake.objects('p', 'main')).map((o) => o.id);
        // Vacuum with the default grace period keeps the fresh orphans (a load may still be running).
        expect((await lake.vacuum('p', 'main', { dryrun: true })).objectIds).toEqual([]);
        const dry = await lake.vacuum('p', 'main', { dryrun: true, orphanGraceNs: 0n });
        if (c.orphans >= 0) expect(dry.objectIds).toHaveLength(c.orphans);
        else expect(dry.objectIds.length).toBeGreaterThan(2);
        for (const id of dry.objectIds) expect(live).not.toContain(id);
        const done = await lake.vacuum('p', 'main', { dryrun: false, orphanGraceNs: 0n });
        expect(done.objectIds).toEqual(dry.objectIds);
        // What is left on disk is exactly the live objects (data file, seek index and column copy each).
        expect(await dataFiles()).toHaveLength(3 * live.length);
        expect(await lines(lake, 'from p | count()')).toEqual([c.committed ? '2003(uint64)' : '3(uint64)']);
      } finally {
        after.close();
      }
    });
  }
});
