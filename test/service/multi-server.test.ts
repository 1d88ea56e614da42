// Three `zlake serve` processes on one S3 bucket (s3rver) and one PostgreSQL
// database behave as one server (issue #15): 16 writers spread over them make
// 25 loads each, and no commit is lost or doubled, every server counts the
// same records, a query never sees part of a commit nor misses a load that
// finished before it began (through whichever server), and each server's
// /events feed reports all 400 commits.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, queryValues, spawnServe, watchEvents, type EventWatch, type ServeProcess } from '../support/cluster.js';
import { startPostgres, type PostgresHandle } from '../support/postgres.js';
import { startS3rver, type S3rverHandle } from '../support/s3rver.js';

const WRITERS = 16;
const LOADS = 25;
const PER_LOAD = 4;

let s3: S3rverHandle | null = null;
let pg: PostgresHandle | null = null;
let servers: ServeProcess[] = [];
let watches: EventWatch[] = [];

beforeAll(async () => {
  [s3, pg] = await Promise.all([startS3rver(['lake']), startPostgres()]);
  const meta = await pg.createDatabase();
  const args = ['-lake', 's3://lake/multi', '-meta', meta];
  // The first server migrates the metastore; the others then start at once.
  servers = [await spawnServe(args, s3.env)];
  servers.push(...(await Promise.all([spawnServe(args, s3.env), spawnServe(args, s3.env)])));
  watches = await Promise.all(servers.map((s) => watchEvents(s.url)));
}, 120_000);

afterAll(async () => {
  for (const w of watches) w.close();
  await Promise.allSettled(servers.map((s) => s.stop()));
  await Promise.allSettled([s3?.stop(), pg?.stop()]);
}, 60_000);

const post = postJson;
const query = queryValues;

const count = async (url: string): Promise<number> => ((await query(url, 'from p | count()'))[0] as number | undefined) ?? 0;

describe('three servers on one S3 lake and one PostgreSQL metastore', () => {
  it('take 400 concurrent loads as one server would', async () => {
    await post(servers[0]!.url, '/pool', JSON.stringify({ name: 'p', layout: { order: 'asc', keys: [['v']] } }));
    let finished = 0;
    let loading = true;
    const commits: string[] = [];
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      const url = servers[w % servers.length]!.url;
      for (let i = 0; i < LOADS; i++) {
        const recs = Array.from({ length: PER_LOAD }, (_, k) => `{w:${w},i:${i},v:${(w * LOADS + i) * PER_LOAD + k}}`).join('\n');
        const r = (await post(url, '/pool/p/branch/main', recs, 'application/x-zson')) as { commit: string };
        commits.push(r.commit);
        finished++;
      }
    });
    // A reader asks each server in turn while the loads run.
    const seen: number[] = [];
    const reader = (async () => {
      for (let q = 0; loading; q++) {
        const before = finished;
        const n = await count(servers[q % servers.length]!.url);
        seen.push(n);
        // Whole commits only, and every load finished before the query began.
        expect(n % PER_LOAD).toBe(0);
        expect(n).toBeGreaterThanOrEqual(before * PER_LOAD);
      }
    })();
    try {
      await Promise.all(writers);
    } finally {
      loading = false;
      await reader;
    }
    // At least one query overlapped the loads (on a saturated machine a query over 400 objects takes seconds).
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(new Set(commits).size).toBe(WRITERS * LOADS);

    for (const s of servers) {
      expect(await count(s.url)).toBe(WRITERS * LOADS * PER_LOAD);
      expect(await query(s.url, 'from p | count() by v | count()')).toEqual([WRITERS * LOADS * PER_LOAD]);
      const log = await query(s.url, 'from p@main:log | has(id) | count()');
      expect(log).toEqual([WRITERS * LOADS]);
    }
    // Each feed saw every commit, made through any server (events may trail the responses a little).
    const deadline = Date.now() + 30_000;
    while (watches.some((w) => w.commits.size < WRITERS * LOADS) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const wanted = new Set(commits.map((c) => c));
    for (const w of watches) {
      expect(w.commits.size).toBe(WRITERS * LOADS);
      expect([...w.commits].every((c) => wanted.has(c))).toBe(true);
    }
  }, 900_000);
});
