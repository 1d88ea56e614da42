// One of three `zlake serve` processes on one S3 lake and PostgreSQL
// metastore dies by SIGKILL in the middle of its loads (issue #15): the other
// two go on taking loads, the lake holds only whole commits, and vacuum (with
// a short orphan grace period) removes the objects the dead server wrote for
// a commit it never made.

import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore, s3Settings } from '../../adapters/s3/index.js';
import { ksuidHexToBase62 } from '../../src/index.js';
import { postJson, queryValues, spawnServe, type ServeProcess } from '../support/cluster.js';
import { startPostgres, type PostgresHandle } from '../support/postgres.js';
import { startS3rver, type S3rverHandle } from '../support/s3rver.js';
import { BIN } from '../support/zlake.js';

const LAKE = 's3://lake/kill';
const PER_LOAD = 4;

let s3: S3rverHandle | null = null;
let pg: PostgresHandle | null = null;
let meta = '';
let servers: ServeProcess[] = [];

beforeAll(async () => {
  [s3, pg] = await Promise.all([startS3rver(['lake']), startPostgres()]);
  meta = await pg.createDatabase();
  const args = ['-lake', LAKE, '-meta', meta];
  servers = [await spawnServe(args, s3.env)];
  servers.push(...(await Promise.all([spawnServe(args, s3.env), spawnServe(args, s3.env)])));
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(servers.map((s) => s.kill()));
  await Promise.allSettled([s3?.stop(), pg?.stop()]);
}, 60_000);

const post = postJson;
const query = queryValues;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The key prefix of a pool whose id the API gave (0x and hex). */
const prefixOf = (id: string): string => `${ksuidHexToBase62(id.replace(/^0x/, ''))}/`;

/** The data objects (not seek indexes or column copies) stored under a pool, by S3 listing. */
async function dataObjects(store: S3BlobStore, poolId: string): Promise<string[]> {
  const out: string[] = [];
  for await (const b of store.list(`${prefixOf(poolId)}data/`)) if (/\/[0-9A-Za-z]{27}\.zng$/.test(b.key)) out.push(b.key);
  return out;
}

function vacuum(pool: string): Promise<{ code: number | null; out: string }> {
  return new Promise((ok) => {
    const p = spawn(process.execPath, [BIN, '-lake', LAKE, '-meta', meta, 'vacuum', '-use', pool, '-f', '-orphan.grace', '0s'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...s3!.env },
    });
    let out = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    p.on('exit', (code) => ok({ code, out }));
  });
}

describe('a server killed during its loads', () => {
  it('leaves the others serving, whole commits only, and orphans that vacuum removes', async () => {
    const [a, b, c] = servers as [ServeProcess, ServeProcess, ServeProcess];
    const store = new S3BlobStore(s3Settings(LAKE, s3!.env));
    await post(a.url, '/pool', JSON.stringify({ name: 'p', layout: { order: 'asc', keys: [['v']] } }));
    const big = (await post(a.url, '/pool', JSON.stringify({ name: 'big', layout: { order: 'asc', keys: [['v']] } }))) as {
      pool: { id: string };
    };

    let killed = false;
    const acknowledged: string[] = [];
    let afterKill = 0;
    let next = 0;
    const load = async (url: string) => {
      const v = next++;
      const recs = Array.from({ length: PER_LOAD }, (_, k) => `{v:${v * PER_LOAD + k}}`).join('\n');
      const r = await post(url, '/pool/p/branch/main', recs, 'application/x-zson');
      acknowledged.push(r['commit'] as string);
      if (killed) afterKill++;
    };
    // Two writers on each survivor run until each has made 5 loads after the kill.
    const survivors = [a, b, a, b].map(async (s) => {
      let mine = 0;
      for (let i = 0; i < 10 || !killed || mine < 5; i++) {
        await load(s.url);
        if (killed) mine++;
      }
    });
    // Small loads through the doomed server fail once it is gone.
    let doomedFailed = 0;
    const doomed = [0, 1].map(async () => {
      while (!killed) {
        if ((await load(c.url).catch(() => null)) === null) doomedFailed++;
      }
    });

    // A large load streams into the doomed server until it has written an
    // object of pool big (16 MiB of values make one), then the server dies.
    const line = (i: number) => `{v:${i},s:"${'x'.repeat(100)}"}\n`;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(ctl) {
        if (killed) {
          ctl.close();
          return;
        }
        ctl.enqueue(new TextEncoder().encode(Array.from({ length: 2000 }, () => line(sent++)).join('')));
        await sleep(2);
      },
    });
    const bigLoad = fetch(`${c.url}/pool/big/branch/main`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'Content-Type': 'application/x-zson' },
    } as RequestInit).catch((e: unknown) => e);
    const deadline = Date.now() + 120_000;
    while ((await dataObjects(store, big.pool.id)).length === 0) {
      if (Date.now() > deadline) throw new Error(`no object of the big load after ${sent} records`);
      await sleep(100);
    }
    await c.kill();
    killed = true;
    expect(await bigLoad).toBeInstanceOf(Error);

    await Promise.all([...survivors, ...doomed]);
    expect(afterKill).toBeGreaterThanOrEqual(20);
    expect(doomedFailed).toBeGreaterThan(0);

    // Whole commits only: every record belongs to a commit, every acknowledged commit is there.
    for (const s of [a, b]) {
      const commits = (await query(s.url, 'from p@main:log | has(id) | yield id')) as string[];
      const count = (await query(s.url, 'from p | count()'))[0] as number;
      expect(count).toBe(commits.length * PER_LOAD);
      const log = new Set(commits);
      expect(acknowledged.every((id) => log.has(id))).toBe(true);
      expect(await query(s.url, 'from big | count()')).toEqual([]);
    }

    // The dead server's objects of pool big belong to no commit: vacuum removes them.
    const orphans = await dataObjects(store, big.pool.id);
    expect(orphans.length).toBeGreaterThan(0);
    const r = await vacuum('big');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`vacuumed ${orphans.length} object${orphans.length === 1 ? '' : 's'}\n`);
    expect(await dataObjects(store, big.pool.id)).toEqual([]);
    const left: string[] = [];
    for await (const x of store.list(prefixOf(big.pool.id))) left.push(x.key);
    expect(left).toEqual([]);

    // Pool p keeps every committed object (the server's own orphans there, if any, go).
    const objects = (await query(a.url, 'from p@main:objects | count()'))[0] as number;
    expect((await vacuum('p')).code).toBe(0);
    expect(await dataObjects(store, (await query(a.url, 'from :pools | name=="p" | yield id'))[0] as string)).toHaveLength(objects);
    expect((await query(b.url, 'from p | count()'))[0]).toBe(
      ((await query(b.url, 'from p@main:log | has(id) | count()'))[0] as number) * PER_LOAD,
    );
  }, 300_000);
});
