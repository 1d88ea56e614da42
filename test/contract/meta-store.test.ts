// The MetaStore contract, run against the memory store and the SQL store on a
// real libSQL file in a temp folder (the local adapter), on D1 (Miniflare),
// and on PostgreSQL (a private cluster the tests start).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig } from 'drizzle-orm/pg-core';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { d1Harness, disposeMiniflare } from '../support/miniflare.js';
import { startPostgres, type PostgresHandle } from '../support/postgres.js';
import { openLibsqlMetaStore } from '../../adapters/local/libsql.js';
import { openPostgresMetaStore } from '../../adapters/postgres/index.js';
import {
  ConflictError,
  ExistsError,
  ksuidHexToBase62,
  MemoryMetaStore,
  migrate,
  migrations,
  NIL_KSUID,
  NotFoundError,
  newKsuidHex,
  pgTables,
  sqlSchema,
  UnavailableError,
  type CommitRecord,
  type IndexRule,
  type KsuidHex,
  type MetaStore,
  type PoolConfig,
} from '../../src/index.js';

interface Harness {
  store: MetaStore;
  cleanup(): Promise<void>;
  /** Commits per writer in the race test (default 50). */
  racePerWriter?: number;
}

const implementations: [string, () => Promise<Harness>][] = [
  ['memory', async () => ({ store: new MemoryMetaStore(), cleanup: async () => {} })],
  [
    'local libSQL',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'zlake-meta-'));
      const m = await openLibsqlMetaStore(`file:${join(dir, 'meta.db')}`);
      return {
        store: m.store,
        cleanup: async () => {
          m.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  // Each D1 call through Miniflare's proxy takes milliseconds, so its race
  // is shorter (8 writers, 15 commits each) to stay quick and not starve.
  ['Cloudflare D1 (Miniflare)', async () => ({ ...(await d1Harness()), racePerWriter: 15 })],
  ['PostgreSQL', postgresHarness],
];

let cluster: PostgresHandle | null = null;

/** One cluster for the file, a fresh database per test. */
async function postgresHarness(): Promise<Harness> {
  cluster ??= await startPostgres();
  const m = await openPostgresMetaStore(await cluster.createDatabase());
  return { store: m.store, cleanup: () => m.close() };
}

afterAll(async () => {
  await disposeMiniflare();
  await cluster?.stop();
}, 60_000);

const T0 = 1_700_000_000_000_000_000n;
let clock = 0n;
const newId = (): KsuidHex => newKsuidHex(T0 + clock++ * 1_000_000_000n);

function pool(name: string, over: Partial<PoolConfig> = {}): PoolConfig {
  return {
    id: newId(),
    name,
    ts: T0 + 123_456_789n,
    layout: { order: 'desc', keys: [['ts']] },
    seekStride: 65536,
    threshold: 524288000,
    ...over,
  };
}

function commitOn(parent: KsuidHex, message = 'm', over: Partial<CommitRecord> = {}): CommitRecord {
  return {
    id: newId(),
    parent,
    retries: 0,
    author: 'tester@example.com',
    date: 1_712_345_678_901_234_567n,
    message,
    meta: null,
    actions: new TextEncoder().encode(`actions of ${message}`),
    ...over,
  };
}

describe.each(implementations)('MetaStore (%s)', (_name, make) => {
  let h: Harness;
  let store: MetaStore;
  beforeEach(async () => {
    h = await make();
    store = h.store;
  });
  afterEach(() => h.cleanup());

  describe('pools', () => {
    it('creates a pool with its config and a main branch at the nil commit', async () => {
      const p = pool('logs', { layout: { order: 'asc', keys: [['id', 'orig_h']] }, seekStride: 1000, threshold: 42 });
      await store.createPool(p);
      expect(await store.getPool(p.id)).toEqual(p);
      expect(await store.getPoolByName('logs')).toEqual(p);
      expect(await store.listBranches(p.id)).toEqual([{ name: 'main', ts: p.ts, commit: NIL_KSUID }]);
      expect(await store.getBranch(p.id, 'main')).toEqual({ name: 'main', ts: p.ts, commit: NIL_KSUID });
    });

    it('returns null for a missing pool', async () => {
      expect(await store.getPool(newId())).toBeNull();
      expect(await store.getPoolByName('nope')).toBeNull();
    });

    it('refuses a duplicate name without writing anything', async () => {
      const a = pool('logs');
      await store.createPool(a);
      const b = pool('logs');
      const err = await store.createPool(b).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ExistsError);
      expect((err as Error).message).toBe('logs: pool already exists');
      expect(await store.getPool(b.id)).toBeNull();
      expect(await store.listBranches(b.id)).toEqual([]);
      expect((await store.listPools()).map((p) => p.id)).toEqual([a.id]);
    });

    it('lets exactly one of many racing creators take a name', async () => {
      const racers = Array.from({ length: 8 }, () => pool('same'));
      const results = await Promise.allSettled(racers.map((p) => store.createPool(p)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ExistsError);
      expect(await store.listPools()).toHaveLength(1);
    });

    it('accepts names Zed accepts: empty, with slashes, spaces and unicode', async () => {
      for (const name of ['', 'a/b c', 'ünï 🎉', '0x0000000000000000000000000000000000000000']) {
        const p = pool(name);
        await store.createPool(p);
        expect((await store.getPoolByName(name))?.id).toBe(p.id);
      }
    });

    it('lists pools in id order', async () => {
      const ps = [pool('c'), pool('a'), pool('b')];
      for (const p of [ps[2]!, ps[0]!, ps[1]!]) await store.createPool(p);
      expect(await store.listPools()).toEqual([...ps].sort((x, y) => (x.id < y.id ? -1 : 1)));
    });

    it('renames a pool keeping its id and ts', async () => {
      const p = pool('old');
      await store.createPool(p);
      await store.renamePool(p.id, 'new');
      expect(await store.getPoolByName('old')).toBeNull();
      expect(await store.getPoolByName('new')).toEqual({ ...p, name: 'new' });
    });

    it('refuses renaming onto any existing name, its own included', async () => {
      const a = pool('a');
      const b = pool('b');
      await store.createPool(a);
      await store.createPool(b);
      await expect(store.renamePool(a.id, 'b')).rejects.toThrow(new ExistsError('b: pool already exists'));
      await expect(store.renamePool(a.id, 'a')).rejects.toThrow(new ExistsError('a: pool already exists'));
      expect((await store.getPool(a.id))?.name).toBe('a');
      await expect(store.renamePool(newId(), 'c')).rejects.toBeInstanceOf(NotFoundError);
    });

    it('deletes a pool with its branches and journal', async () => {
      const p = pool('gone');
      await store.createPool(p);
      await store.createBranch(p.id, { name: 'dev', ts: T0, commit: NIL_KSUID });
      const c = commitOn(NIL_KSUID);
      await store.commit(p.id, 'main', c);
      await store.deletePool(p.id);
      expect(await store.getPool(p.id)).toBeNull();
      expect(await store.listBranches(p.id)).toEqual([]);
      expect(await store.journal(p.id)).toEqual([]);
      expect(await store.getCommit(p.id, c.id)).toBeNull();
      await expect(store.deletePool(p.id)).rejects.toBeInstanceOf(NotFoundError);
      // The name is free again.
      await store.createPool(pool('gone'));
    });
  });

  describe('branches', () => {
    let p: PoolConfig;
    beforeEach(async () => {
      p = pool('pool');
      await store.createPool(p);
    });

    it('creates a branch at any commit id, lists and deletes it', async () => {
      const at = newId(); // Zed does not check that the commit exists
      await store.createBranch(p.id, { name: 'dev', ts: T0 + 5n, commit: at });
      expect(await store.getBranch(p.id, 'dev')).toEqual({ name: 'dev', ts: T0 + 5n, commit: at });
      expect((await store.listBranches(p.id)).map((b) => b.name)).toEqual(['dev', 'main']);
      await store.deleteBranch(p.id, 'dev');
      expect(await store.getBranch(p.id, 'dev')).toBeNull();
    });

    it('refuses a duplicate branch with Zed\'s message', async () => {
      await store.createBranch(p.id, { name: 'dev', ts: T0, commit: NIL_KSUID });
      const err = await store.createBranch(p.id, { name: 'dev', ts: T0, commit: newId() }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ExistsError);
      expect((err as Error).message).toBe('pool/dev: branch already exists');
      expect((await store.getBranch(p.id, 'dev'))?.commit).toBe(NIL_KSUID);
    });

    it('reports a missing branch or pool', async () => {
      expect(await store.getBranch(p.id, 'nope')).toBeNull();
      await expect(store.deleteBranch(p.id, 'nope')).rejects.toThrow(new NotFoundError('"nope": branch not found'));
      await expect(store.createBranch(newId(), { name: 'x', ts: T0, commit: NIL_KSUID })).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it('lets main be deleted', async () => {
      await store.deleteBranch(p.id, 'main');
      expect(await store.listBranches(p.id)).toEqual([]);
    });
  });

  describe('commits', () => {
    let p: PoolConfig;
    beforeEach(async () => {
      p = pool('pool');
      await store.createPool(p);
    });

    it('appends to the journal and moves the tip', async () => {
      const c1 = commitOn(NIL_KSUID, 'first', { meta: new Uint8Array([1, 2, 3]), retries: 2 });
      const e1 = await store.commit(p.id, 'main', c1);
      expect(e1).toEqual({ ...c1, seq: 1 });
      const c2 = commitOn(c1.id, 'second');
      expect((await store.commit(p.id, 'main', c2)).seq).toBe(2);
      expect((await store.getBranch(p.id, 'main'))?.commit).toBe(c2.id);
      expect(await store.getCommit(p.id, c1.id)).toEqual({ ...c1, seq: 1 });
      expect(await store.journal(p.id)).toEqual([
        { ...c1, seq: 1 },
        { ...c2, seq: 2 },
      ]);
      expect(await store.journal(p.id, 1)).toEqual([{ ...c2, seq: 2 }]);
    });

    it('keeps int64 nanosecond dates exactly', async () => {
      const c = commitOn(NIL_KSUID, 'x', { date: 9_223_372_036_854_775_807n });
      await store.commit(p.id, 'main', c);
      expect((await store.getCommit(p.id, c.id))?.date).toBe(9_223_372_036_854_775_807n);
    });

    it('refuses a commit whose parent is not the tip, writing nothing', async () => {
      const c1 = commitOn(NIL_KSUID);
      await store.commit(p.id, 'main', c1);
      const stale = commitOn(NIL_KSUID, 'stale');
      await expect(store.commit(p.id, 'main', stale)).rejects.toBeInstanceOf(ConflictError);
      expect(await store.getCommit(p.id, stale.id)).toBeNull();
      expect(await store.journal(p.id)).toHaveLength(1);
      expect((await store.getBranch(p.id, 'main'))?.commit).toBe(c1.id);
    });

    it('refuses a commit on a missing branch or pool', async () => {
      await expect(store.commit(p.id, 'nope', commitOn(NIL_KSUID))).rejects.toThrow(
        new NotFoundError('"nope": branch not found'),
      );
      await expect(store.commit(newId(), 'main', commitOn(NIL_KSUID))).rejects.toBeInstanceOf(NotFoundError);
      expect(await store.journal(p.id)).toEqual([]);
    });

    it('refuses a commit id used before', async () => {
      const c1 = commitOn(NIL_KSUID);
      await store.commit(p.id, 'main', c1);
      await expect(store.commit(p.id, 'main', { ...c1, parent: c1.id })).rejects.toBeInstanceOf(ExistsError);
      expect((await store.getBranch(p.id, 'main'))?.commit).toBe(c1.id);
    });

    it('shares one journal between branches; ancestry follows parents', async () => {
      const a = commitOn(NIL_KSUID, 'a');
      const b = commitOn(a.id, 'b');
      await store.commit(p.id, 'main', a);
      await store.createBranch(p.id, { name: 'dev', ts: T0, commit: a.id });
      await store.commit(p.id, 'main', b);
      const d = commitOn(a.id, 'd');
      await store.commit(p.id, 'dev', d);
      const e = commitOn(d.id, 'e');
      await store.commit(p.id, 'dev', e);
      expect((await store.journal(p.id)).map((j) => [j.message, j.seq])).toEqual([
        ['a', 1],
        ['b', 2],
        ['d', 3],
        ['e', 4],
      ]);
      expect((await store.ancestry(p.id, e.id)).map((j) => j.message)).toEqual(['e', 'd', 'a']);
      expect((await store.ancestry(p.id, b.id)).map((j) => j.message)).toEqual(['b', 'a']);
      expect(await store.ancestry(p.id, NIL_KSUID)).toEqual([]);
      expect(await store.ancestry(p.id, newId())).toEqual([]);
      // Time travel: an earlier commit stays readable.
      expect((await store.getCommit(p.id, a.id))?.message).toBe('a');
    });

    it('keeps journals of different pools apart', async () => {
      const q = pool('other');
      await store.createPool(q);
      await store.commit(p.id, 'main', commitOn(NIL_KSUID, 'p1'));
      const q1 = commitOn(NIL_KSUID, 'q1');
      expect((await store.commit(q.id, 'main', q1)).seq).toBe(1);
      expect((await store.journal(q.id)).map((j) => j.message)).toEqual(['q1']);
      expect(await store.getCommit(p.id, q1.id)).toBeNull();
    });

    it('never loses a commit when 8 writers race, with retries (50 commits each; 15 on D1)', async () => {
      const writers = 8;
      const perWriter = h.racePerWriter ?? 50;
      const ids = new Set<KsuidHex>();
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let i = 0; i < perWriter; i++) {
            const c = await commitWithRetry(store, p.id, 'main', `writer ${w} commit ${i}`);
            ids.add(c.id);
          }
        }),
      );
      expect(ids.size).toBe(writers * perWriter);
      const journal = await store.journal(p.id);
      expect(journal).toHaveLength(writers * perWriter);
      expect(journal.map((j) => j.seq)).toEqual(Array.from({ length: writers * perWriter }, (_, i) => i + 1));
      expect(new Set(journal.map((j) => j.id))).toEqual(ids);
      // The writers did collide: some commits needed retries.
      expect(journal.some((j) => j.retries > 0)).toBe(true);
      // One linear chain from the tip through every commit.
      const tip = (await store.getBranch(p.id, 'main'))!.commit;
      const chain = await store.ancestry(p.id, tip);
      expect(chain).toHaveLength(writers * perWriter);
      expect(chain.map((c) => c.seq)).toEqual(journal.map((j) => j.seq).reverse());
    });
  });

  describe('append', () => {
    let p: PoolConfig;
    beforeEach(async () => {
      p = pool('pool');
      await store.createPool(p);
    });

    it('commits on whatever the tip is, recording it as the parent', async () => {
      const a = await store.append(p.id, 'main', commitOn(newId(), 'a'));
      expect(a).toMatchObject({ parent: NIL_KSUID, seq: 1, message: 'a' });
      const b = commitOn(NIL_KSUID, 'b', { meta: new Uint8Array([9]) });
      expect(await store.append(p.id, 'main', b)).toEqual({ ...b, parent: a.id, seq: 2 });
      expect((await store.getBranch(p.id, 'main'))!.commit).toBe(b.id);
      expect(await store.getCommit(p.id, b.id)).toEqual({ ...b, parent: a.id, seq: 2 });
      expect((await store.ancestry(p.id, b.id)).map((e) => e.message)).toEqual(['b', 'a']);
    });

    it('refuses a missing branch or pool and a commit id used before, writing nothing', async () => {
      await expect(store.append(p.id, 'nope', commitOn(NIL_KSUID))).rejects.toThrow('"nope": branch not found');
      await expect(store.append(newId(), 'main', commitOn(NIL_KSUID))).rejects.toBeInstanceOf(NotFoundError);
      const c = await store.append(p.id, 'main', commitOn(NIL_KSUID, 'once'));
      const again = await store.append(p.id, 'main', { ...commitOn(NIL_KSUID, 'twice'), id: c.id }).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(ExistsError);
      expect((await store.journal(p.id)).map((j) => j.message)).toEqual(['once']);
    });

    it('lets racing writers all commit without a retry, in one chain', async () => {
      const writers = 8;
      const perWriter = Math.min(h.racePerWriter ?? 25, 25);
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let i = 0; i < perWriter; i++) await store.append(p.id, 'main', commitOn(NIL_KSUID, `w${w} c${i}`));
        }),
      );
      const journal = await store.journal(p.id);
      expect(journal.map((j) => j.seq)).toEqual(Array.from({ length: writers * perWriter }, (_, i) => i + 1));
      const chain = await store.ancestry(p.id, (await store.getBranch(p.id, 'main'))!.commit);
      expect(chain.map((c) => c.seq)).toEqual(journal.map((j) => j.seq).reverse());
    });
  });

  describe('index rules', () => {
    const fieldRule = (name: string, fields: string[][], over: Partial<IndexRule> = {}): IndexRule =>
      ({ kind: 'field', id: newId(), name, ts: T0 + clock * 7n, fields, ...over }) as IndexRule;

    it('adds rules of every kind and lists them by name, then time', async () => {
      const a = fieldRule('g', [['x', 'y']], { ts: T0 + 2n });
      const b: IndexRule = { kind: 'type', id: newId(), name: 'g', ts: T0 + 1n, type: 'ip' };
      const c: IndexRule = { kind: 'agg', id: newId(), name: 'a', ts: T0 + 3n, script: 'count() by x' };
      await store.addIndexRules([a, b]);
      await store.addIndexRules([c]);
      expect(await store.listIndexRules()).toEqual([c, b, a]);
    });

    it('refuses an equivalent rule of the same name, and writes none of the request', async () => {
      await store.addIndexRules([fieldRule('g', [['x']])]);
      const fresh = fieldRule('h', [['x']]);
      const clash = fieldRule('g', [['x']]);
      const err = await store.addIndexRules([fresh, clash]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ExistsError);
      expect((err as Error).message).toBe('index rule already exists');
      expect((await store.listIndexRules()).map((r) => r.name)).toEqual(['g']);
      // The same field under another name, or another field under the same name, is fine.
      await store.addIndexRules([fresh, fieldRule('g', [['y']])]);
      expect(await store.listIndexRules()).toHaveLength(3);
    });

    it('refuses an id in use and a duplicate inside one request', async () => {
      const a = fieldRule('g', [['x']]);
      await store.addIndexRules([a]);
      await expect(store.addIndexRules([fieldRule('k', [['z']], { id: a.id })])).rejects.toThrow(
        `rule "${ksuidHexToBase62(a.id)}": ID in use`,
      );
      await expect(store.addIndexRules([fieldRule('k', [['z']]), fieldRule('k', [['z']])])).rejects.toThrow(
        'index rule already exists',
      );
      expect(await store.listIndexRules()).toEqual([a]);
    });

    it('deletes rules all or none and returns them in the order asked', async () => {
      const a = fieldRule('g', [['x']]);
      const b = fieldRule('g', [['y']]);
      const c = fieldRule('h', [['z']]);
      await store.addIndexRules([a, b, c]);
      const missing = newId();
      const err = await store.deleteIndexRules([a.id, missing]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NotFoundError);
      expect((err as Error).message).toBe(`index ${ksuidHexToBase62(missing)} not found`);
      expect(await store.listIndexRules()).toHaveLength(3);
      expect(await store.deleteIndexRules([c.id, a.id])).toEqual([c, a]);
      expect(await store.listIndexRules()).toEqual([b]);
      await expect(store.deleteIndexRules([a.id])).rejects.toBeInstanceOf(NotFoundError);
      expect(await store.deleteIndexRules([])).toEqual([]);
    });

    it('lets exactly one of racing adders of equivalent rules win', async () => {
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => store.addIndexRules([fieldRule('r', [['q']])])));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await store.listIndexRules()).toHaveLength(1);
    });
  });
});

/**
 * The lake's commit loop in miniature (lake/branch.go): build on the current
 * tip, compare-and-set, and on conflict rebuild and retry a bounded number of times.
 */
async function commitWithRetry(store: MetaStore, poolId: KsuidHex, branch: string, message: string) {
  // Generous: over Miniflare's proxy each D1 call takes a few milliseconds, so
  // racing writers collide more often than on a local file.
  const maxRetries = 100;
  for (let retries = 0; ; retries++) {
    const tip = (await store.getBranch(poolId, branch))!.commit;
    try {
      return await store.commit(poolId, branch, commitOn(tip, message, { retries }));
    } catch (e) {
      if (!(e instanceof ConflictError) || retries >= maxRetries) throw e;
      // Back off a little, at random, so racing writers spread out.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(2 ** retries, 64)));
    }
  }
}

describe('SQL MetaStore migrations', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'zlake-migrate-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('migrate is idempotent and a reopened file keeps its data', async () => {
    const url = `file:${join(dir, 'meta.db')}`;
    const first = await openLibsqlMetaStore(url);
    const p = pool('kept');
    await first.store.createPool(p);
    expect(await migrate(first.db)).toBe(migrations.length);
    first.close();
    const second = await openLibsqlMetaStore(url);
    expect(await second.store.getPool(p.id)).toEqual(p);
    second.close();
  });

  it('the migrated tables match the drizzle schema', async () => {
    const m = await openLibsqlMetaStore(`file:${join(dir, 'meta.db')}`);
    try {
      for (const table of [sqlSchema.pools, sqlSchema.branches, sqlSchema.commits, sqlSchema.indexRules, sqlSchema.schemaVersion, sqlSchema.changes, sqlSchema.events]) {
        const config = getTableConfig(table);
        const cols = await m.db.all<{ name: string; type: string; notnull: number; pk: number }>(
          sql`SELECT name, type, "notnull", pk FROM pragma_table_info(${config.name})`,
        );
        const want = config.columns.map((c) => ({
          name: c.name,
          type: c.getSQLType().toUpperCase(),
          notnull: c.notNull ? 1 : 0,
        }));
        expect(cols.map((c) => ({ name: c.name, type: c.type, notnull: c.notnull || (c.pk > 0 ? 1 : 0) }))).toEqual(
          want,
        );
      }
    } finally {
      m.close();
    }
  });

  it('two stores on one file see each other and race safely', async () => {
    const url = `file:${join(dir, 'meta.db')}`;
    const [a, b] = await Promise.all([openLibsqlMetaStore(url), openLibsqlMetaStore(url)]);
    try {
      const p = pool('shared');
      await a.store.createPool(p);
      expect(await b.store.getPool(p.id)).toEqual(p);
      const stores = [a.store, b.store];
      await Promise.all(
        Array.from({ length: 4 }, async (_, w) => {
          for (let i = 0; i < 25; i++) await commitWithRetry(stores[w % 2]!, p.id, 'main', `w${w} c${i}`);
        }),
      );
      expect(await a.store.journal(p.id)).toHaveLength(100);
    } finally {
      a.close();
      b.close();
    }
  });
});

describe('PostgreSQL MetaStore', () => {
  let url: string;
  beforeEach(async () => {
    cluster ??= await startPostgres();
    url = await cluster.createDatabase();
  }, 60_000);

  it('migrates once when several processes open one database at once, and keeps its data', async () => {
    const opened = await Promise.all(Array.from({ length: 4 }, () => openPostgresMetaStore(url)));
    const p = pool('kept');
    await opened[0]!.store.createPool(p);
    for (const m of opened) await m.close();
    const again = await openPostgresMetaStore(url);
    try {
      expect(await again.store.getPool(p.id)).toEqual(p);
      const versions = await again.pool.query('SELECT version FROM zlake_schema_version ORDER BY version');
      expect(versions.rows.map((r: { version: string }) => Number(r.version))).toEqual(migrations.map((_, i) => i + 1));
    } finally {
      await again.close();
    }
  });

  it('the migrated tables match the pg-core twins of the schema', async () => {
    const m = await openPostgresMetaStore(url);
    try {
      for (const table of Object.values(pgTables())) {
        const config = getPgTableConfig(table as never);
        const cols = await m.pool.query<{ column_name: string; data_type: string; is_nullable: string }>(
          'SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
          [config.name],
        );
        expect(cols.rows.map((c) => ({ name: c.column_name, type: c.data_type, notNull: c.is_nullable === 'NO' }))).toEqual(
          config.columns.map((c) => ({ name: c.name, type: c.getSQLType(), notNull: c.notNull })),
        );
      }
    } finally {
      await m.close();
    }
  });

  it('commits racing on two branches of one pool through two connection pools get distinct journal positions', async () => {
    const [a, b] = await Promise.all([openPostgresMetaStore(url), openPostgresMetaStore(url)]);
    try {
      const p = pool('shared');
      await a.store.createPool(p);
      await a.store.createBranch(p.id, { name: 'dev', ts: T0, commit: NIL_KSUID });
      await Promise.all(
        Array.from({ length: 8 }, async (_, w) => {
          const store = (w % 2 === 0 ? a : b).store;
          for (let i = 0; i < 20; i++) await commitWithRetry(store, p.id, w < 4 ? 'main' : 'dev', `w${w} c${i}`);
        }),
      );
      const journal = await b.store.journal(p.id);
      expect(journal.map((j) => j.seq)).toEqual(Array.from({ length: 160 }, (_, i) => i + 1));
      expect(await a.store.ancestry(p.id, (await a.store.getBranch(p.id, 'main'))!.commit)).toHaveLength(80);
      expect(await a.store.ancestry(p.id, (await a.store.getBranch(p.id, 'dev'))!.commit)).toHaveLength(80);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('moves the change counter with every write, failed checks included', async () => {
    const m = await openPostgresMetaStore(url);
    try {
      const v0 = await m.version();
      const p = pool('counted');
      await m.store.createPool(p);
      const v1 = await m.version();
      expect(v1).not.toEqual(v0);
      await m.store.getPool(p.id);
      expect(await m.version()).toEqual(v1);
      await m.store.commit(p.id, 'main', commitOn(NIL_KSUID));
      expect(await m.version()).not.toEqual(v1);
    } finally {
      await m.close();
    }
  });

  it('fails with UnavailableError when the server is out of reach, and opens with the same', async () => {
    const m = await openPostgresMetaStore(url, { connectTimeoutMs: 2000 });
    const p = pool('gone');
    await m.store.createPool(p);
    // Refuse new connections to the database and cut the pool's, from the server's side.
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    try {
      const e = await m.store.getPool(p.id).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(UnavailableError);
      expect((e as Error).message).toMatch(/^Metastore unreachable: /);
      const refused = await openPostgresMetaStore(`postgres://zlake:pw-not-shown@127.0.0.1:${cluster!.port + 1}/none`, {
        connectTimeoutMs: 1000,
      }).catch((x: unknown) => x);
      expect(refused).toBeInstanceOf(UnavailableError);
      expect((refused as Error).message).toBe('Metastore unreachable: ECONNREFUSED');
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
      await m.close();
    }
  });
});
