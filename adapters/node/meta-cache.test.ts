import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalLake, type LocalLake } from '../local/lake.js';
import { cachedMetaStore, type MetaCacheStats } from './meta-cache.js';

const open: LocalLake[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const l of open.splice(0)) l.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function lake(dir: string): Promise<LocalLake> {
  const l = await openLocalLake(dir);
  open.push(l);
  return l;
}

function probeOf(l: LocalLake): () => Promise<unknown> {
  const client = (l.meta.db as unknown as { $client: { execute(s: string): Promise<{ rows: ArrayLike<ArrayLike<unknown>> }> } }).$client;
  return async () => (await client.execute('PRAGMA data_version')).rows[0]?.[0];
}

describe('cachedMetaStore', () => {
  it('serves repeated reads from the cache and sees its own writes at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zlake-metacache-'));
    dirs.push(dir);
    const a = await lake(dir);
    const stats: MetaCacheStats = { hits: 0, misses: 0, probes: 0 };
    const meta = cachedMetaStore(a.meta.store, probeOf(a), stats);
    await a.lake.createPool('p');
    const p = await meta.getPoolByName('p');
    expect(p?.name).toBe('p');
    expect((await meta.getPoolByName('p'))?.id).toBe(p!.id);
    expect(stats.hits).toBe(1);
    await meta.renamePool(p!.id, 'q');
    expect(await meta.getPoolByName('p')).toBeNull();
    expect((await meta.getPoolByName('q'))?.id).toBe(p!.id);
  });

  it('notices a write by another connection', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zlake-metacache-'));
    dirs.push(dir);
    const a = await lake(dir);
    const b = await lake(dir);
    const meta = cachedMetaStore(a.meta.store, probeOf(a));
    expect(await meta.getPoolByName('p')).toBeNull();
    await b.lake.createPool('p');
    expect((await meta.getPoolByName('p'))?.name).toBe('p');
    const pool = (await meta.getPoolByName('p'))!;
    expect((await meta.getBranch(pool.id, 'main'))?.name).toBe('main');
    await b.lake.deleteBranch('p', 'main');
    expect(await meta.getBranch(pool.id, 'main')).toBeNull();
  });

  for (const strict of [false, true]) {
    it(`${strict ? 'in strict mode never answers' : 'by default may answer'} from a probe sent before the read began`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'zlake-metacache-'));
      dirs.push(dir);
      const a = await lake(dir);
      const b = await lake(dir);
      const real = probeOf(a);
      // Once armed, a probe reads the version, then waits: the other connection commits meanwhile.
      let armed = false;
      const gate: { open?: () => void } = {};
      const probe = async () => {
        const v = await real();
        if (armed && gate.open === undefined) await new Promise<void>((ok) => {
          gate.open = ok;
        });
        return v;
      };
      const meta = cachedMetaStore(a.meta.store, probe, undefined, { strict });
      expect(await meta.getPoolByName('p')).toBeNull();
      await new Promise((r) => setTimeout(r, 5));
      armed = true;
      const first = meta.getPoolByName('p');
      while (gate.open === undefined) await new Promise((r) => setTimeout(r, 5));
      await b.lake.createPool('p');
      // This read began after the commit finished.
      const second = meta.getPoolByName('p');
      await new Promise((r) => setTimeout(r, 5));
      gate.open();
      await first;
      if (strict) expect((await second)?.name).toBe('p');
      else expect(await second).toBeNull();
    });
  }
});
