// openLake: what it refuses and says (an S3 lake without a metastore, an
// unknown metastore, no secret in any description), and two lakes on one
// shared libSQL metastore file: a commit through one is visible to the
// other's cached reads, and their relays pass events.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidError, readValues, TypeContext, type LakeEvent } from '../../src/index.js';
import { openLake, redactUrl } from './open-lake.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zlake-open-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const creds = { AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret', AWS_ENDPOINT_URL: 'http://127.0.0.1:9' };

function zson(text: string) {
  const bytes = new TextEncoder().encode(text);
  const s = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
  return readValues(s, new TypeContext(), { format: 'zson' });
}

describe('openLake', () => {
  it('asks for a metastore for an S3 lake, and refuses an unknown one', async () => {
    const e = await openLake({ lake: 's3://bucket/lake', env: creds }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InvalidError);
    expect((e as Error).message).toBe(
      'S3 lake "s3://bucket/lake" needs a shared metastore: add -meta postgres://user@host/db (or -meta libsql://host for a libSQL server)',
    );
    await expect(openLake({ lake: dir, meta: 'mysql://u:pw@host/db' })).rejects.toThrow('Unknown metastore "mysql://u:xxxxx@host/db"');
    await expect(openLake({ lake: 's3://bucket/lake', meta: 'postgres://x', env: {} })).rejects.toThrow('set AWS_ACCESS_KEY_ID');
  });

  it('never shows a password or token', () => {
    expect(redactUrl('postgres://zed:hunter2@db.example.com:5432/lake')).toBe('postgres://zed:xxxxx@db.example.com:5432/lake');
    expect(redactUrl('libsql://lake.turso.io?authToken=abc.def')).toBe('libsql://lake.turso.io?authToken=xxxxx');
    expect(redactUrl('file:/var/lib/meta.db')).toBe('file:///var/lib/meta.db');
  });

  it('opens a folder lake with its own meta.db, described as before', async () => {
    const l = await openLake({ lake: join(dir, 'lake') });
    try {
      expect(l.folder).toBe(join(dir, 'lake'));
      expect(l.description).toBe(`lake at ${join(dir, 'lake')} (data objects in each pool's data/, metadata in meta.db)`);
      expect(l.relay).toBeNull();
      await l.lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
      expect((await l.lake.listPools()).map((p) => p.name)).toEqual(['p']);
    } finally {
      await l.close();
    }
  });

  it('two lakes on one shared metastore see each other through their caches and pass events', async () => {
    const meta = pathToFileURL(join(dir, 'shared.db')).href;
    const a = await openLake({ lake: join(dir, 'lake'), meta, cache: true });
    const b = await openLake({ lake: join(dir, 'lake'), meta, cache: true });
    try {
      expect(a.relay).not.toBeNull();
      const got: LakeEvent[] = [];
      b.relay!.listen((ev) => got.push(ev));
      const own: LakeEvent[] = [];
      a.relay!.listen((ev) => own.push(ev));
      await a.lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
      expect(await b.lake.branchTip('p', 'main')).toBe('0'.repeat(40));
      const r = await a.lake.load('p', 'main', zson('{ts:1}'));
      // b's cached tip moves with a's commit (the probe sees the other writer).
      expect(await b.lake.branchTip('p', 'main')).toBe(r.commit);
      const ev: LakeEvent = { kind: 'branch-commit', op: 'load', poolId: r.commit, poolName: 'p', commitId: r.commit, branch: 'main', parent: '' };
      await a.relay!.send(ev);
      for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((ok) => setTimeout(ok, 20));
      expect(got).toEqual([ev]);
      // A relay does not hand a server its own events back.
      expect(own).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
