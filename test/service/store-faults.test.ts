// A server on an S3 lake and a PostgreSQL metastore when either goes away
// (issue #15): a load whose objects cannot be stored fails with a 503 after
// the S3 store's bounded retries, records no commit, and shows no secret; a
// request that needs the metastore fails with a 503 that says it is
// unreachable.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe, type ServeProcess } from '../support/cluster.js';
import { startPostgres, type PostgresHandle } from '../support/postgres.js';
import { startS3rver, type S3rverHandle } from '../support/s3rver.js';

let s3: S3rverHandle | null = null;
let pg: PostgresHandle | null = null;
let server: ServeProcess | null = null;

beforeAll(async () => {
  [s3, pg] = await Promise.all([startS3rver(['lake']), startPostgres()]);
  server = await spawnServe(['-lake', 's3://lake/faults', '-meta', await pg.createDatabase()], {
    ...s3.env,
    AWS_SECRET_ACCESS_KEY: 'the-secret-key',
  });
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await Promise.allSettled([s3?.stop(), pg?.stop()]);
}, 60_000);

async function call(path: string, body: string, type = 'application/json'): Promise<{ status: number; body: string }> {
  const r = await fetch(server!.url + path, { method: 'POST', body, headers: { 'Content-Type': type, Accept: 'application/json' } });
  return { status: r.status, body: await r.text() };
}

describe('a server whose stores go away', () => {
  it('answers 503 when S3, then PostgreSQL, cannot be reached, and records no commit', async () => {
    // s3rver takes any secret; the server's is only ever in its signatures.
    expect((await call('/pool', JSON.stringify({ name: 'p', layout: { order: 'asc', keys: [['v']] } }))).status).toBe(200);
    expect((await call('/pool/p/branch/main', '{v:1}', 'application/x-zson')).status).toBe(200);

    await s3!.stop();
    const load = await call('/pool/p/branch/main', '{v:2}', 'application/x-zson');
    expect(load.status).toBe(503);
    const err = JSON.parse(load.body) as { kind: string; error: string };
    expect(err.kind).toBe('other error');
    expect(err.error).toMatch(/^S3 PUT "faults\/[0-9A-Za-z]{27}\/data\/[0-9A-Za-z]{27}\.zng" failed after 6 attempts: ECONNREFUSED$/);
    expect(server!.stderr()).not.toContain('the-secret-key');
    const log = await call('/query', JSON.stringify({ query: 'from p@main:log | has(id) | count()' }));
    expect(log).toEqual({ status: 200, body: '[1]\n' });

    await pg!.stop();
    const q = await call('/query', JSON.stringify({ query: 'from p | count()' }));
    expect(q.status).toBe(503);
    expect((JSON.parse(q.body) as { error: string }).error).toMatch(/^Metastore unreachable: /);
    expect(server!.stderr()).not.toContain('the-secret-key');
  }, 120_000);
});
