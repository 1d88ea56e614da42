// API tokens alone (`zlake serve -auth.tokens`) on a real server: a query,
// describe and the event feed see only the pools a token may read (the
// others absent, with the errors of pools that do not exist), a load
// operator needs write access, and a revoke takes effect at once here and
// within a second when made by another process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiTokens, parseScope } from '../../src/index.js';
import { testServer, type TestServer } from '../service/server.js';
import { call, errorBody, UNAUTHORIZED, type Reply, type Target } from './matrix.js';

let s: TestServer;
let t: Target;
/** Tokens made on the lake's own store, as `zlake token create` makes them. */
let store: ApiTokens;
let admin: string;
let otherId: string;

async function token(name: string, ...scopes: string[]): Promise<string> {
  return (await store.create(name, scopes.map(parseScope), null)).token;
}

async function query(bearer: string, q: string, head?: { pool: string }): Promise<Reply> {
  return call(t, bearer, { method: 'POST', path: '/query', body: { query: q, ...(head !== undefined ? { head } : {}) }, headers: { Accept: 'application/x-zson' } });
}

beforeAll(async () => {
  s = await testServer({ auth: { tokens: true } });
  t = { url: s.url, lakeHash: async () => '' };
  store = new ApiTokens(s.opened.tokens, { now: () => BigInt(Date.now()) * 1_000_000n });
  admin = await token('root', '*:admin');
  for (const [name, data] of [['logs', '{ts:1,a:1}\n{ts:2,a:2}\n'], ['other', '{ts:1,b:1}\n'], ['ghosts-x', '{ts:1}\n']] as const) {
    const r = await call(t, admin, { method: 'POST', path: '/pool', body: { name, layout: { order: 'asc', keys: [['ts']] } } });
    expect(r.status).toBe(200);
    if (name === 'other') otherId = (JSON.parse(r.text) as { pool: { id: string } }).pool.id;
    expect((await call(t, admin, { method: 'POST', path: `/pool/${name}/branch/main`, body: data })).status).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  await s?.stop();
});

describe('a query with an API token', () => {
  it('reads the pools its token may read', async () => {
    const reader = await token('reader', 'logs:read');
    expect(await query(reader, 'from logs | count()')).toEqual({ status: 200, text: '2(uint64)\n' });
    expect((await query(reader, 'from logs@main:objects | count()')).text).toBe('1(uint64)\n');
  });

  it('sees only readable pools in from *, patterns and meta-queries', async () => {
    const reader = await token('reader2', 'logs:read');
    expect((await query(reader, 'from * | count()')).text).toBe('2(uint64)\n');
    expect((await query(admin, 'from * | count()')).text).toBe('4(uint64)\n');
    expect((await query(reader, 'from :pools | yield name')).text).toBe('"logs"\n');
    expect((await query(reader, 'from :branches | yield pool.name')).text).toBe('"logs"\n');
    expect((await query(reader, 'from l* | count()')).text).toBe('2(uint64)\n');
    expect((await query(reader, 'from /o/ | count()')).text).toBe('2(uint64)\n');
    const two = await token('two', 'logs:read', 'other:read');
    expect((await query(two, 'from :pools | sort name | yield name')).text).toBe('"logs"\n"other"\n');
  });

  it('finds a pool it may not read exactly as a pool that does not exist', async () => {
    const reader = await token('reader3', 'logs:read');
    const cases: [string, string][] = [
      ['from other', 'from zzzzz'],
      ['from other@main:objects', 'from zzzzz@main:objects'],
      ['from logs | join (from other) on a=b', 'from logs | join (from zzzzz) on a=b'],
      ['from oth*', 'from zzz*'],
      ['from /^oth/', 'from /^zzz/'],
    ];
    for (const [hidden, missing] of cases) {
      const a = await query(reader, hidden);
      const b = await query(admin, missing);
      expect(a.status).toBe(400);
      expect(a.text).toBe(b.text.replaceAll('zzzzz', 'other').replaceAll('zzz', 'oth'));
    }
    // By id, and as the request's head pool.
    const byId = await query(reader, `from ${otherId}`);
    expect(byId.status).toBe(400);
    expect(JSON.parse(byId.text).error).toMatch(new RegExp(`^${otherId}: pool not found`));
    const head = await query(reader, 'count()', { pool: 'other' });
    const headMissing = await query(admin, 'count()', { pool: 'zzzzz' });
    expect(head).toEqual({ status: 400, text: headMissing.text.replaceAll('zzzzz', 'other') });
    // Describe does not tell either.
    const d = await call(t, reader, { method: 'POST', path: '/query/describe', body: { query: 'from other' } });
    const dm = await call(t, admin, { method: 'POST', path: '/query/describe', body: { query: 'from zzzzz' } });
    expect(d.status).toBe(400);
    expect(d.text).toBe(dm.text.replaceAll('zzzzz', 'other'));
  });

  it('loads (the load operator) only into pools it may write: 403 before the answer starts, the lake unchanged', async () => {
    const reader = await token('loader-ro', 'logs:read', 'other:read');
    const r = await query(reader, 'from logs | load other');
    expect(r).toEqual({ status: 403, text: errorBody('forbidden', 'No write access to pool "other"') });
    expect((await query(admin, 'from other | count()')).text).toBe('1(uint64)\n');
    const writer = await token('loader-rw', 'logs:read', 'other:write');
    const w = await query(writer, 'from logs | load other');
    expect(w.status).toBe(200);
    expect((await query(admin, 'from other | count()')).text).toBe('3(uint64)\n');
  });
});

/** Subscribes to /events with `bearer`; collects event names and pool ids. */
async function subscribe(bearer: string) {
  const ac = new AbortController();
  const r = await fetch(`${s.url}/events`, { headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/json' }, signal: ac.signal });
  expect(r.status).toBe(200);
  const reader = r.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  return {
    async take(n: number): Promise<string[]> {
      for (;;) {
        const events = buf.split('\n\n\n').filter((e) => e !== '');
        if (events.length >= n && buf.endsWith('\n\n\n')) return events.slice(0, n);
        const x = await reader.read();
        if (x.done) throw new Error(`stream ended after ${buf}`);
        buf += dec.decode(x.value, { stream: true });
      }
    },
    close() {
      ac.abort();
      return reader.cancel().catch(() => {});
    },
  };
}

describe('the event feed with an API token', () => {
  it("sends each subscriber only the events of pools it may read", async () => {
    const before = s.service.events.size;
    const logsSub = await subscribe(await token('ev-logs', 'logs:read'));
    const otherSub = await subscribe(await token('ev-other', 'other:read'));
    const allSub = await subscribe(await token('ev-all', '*:read'));
    for (let i = 0; i < 50 && s.service.events.size < before + 3; i++) await new Promise((ok) => setTimeout(ok, 10));
    await call(t, admin, { method: 'POST', path: '/pool/other/branch/main', body: '{ts:5,b:5}' });
    await call(t, admin, { method: 'POST', path: '/pool/logs/branch/main', body: '{ts:5,a:5}' });
    await call(t, admin, { method: 'POST', path: '/pool/ghosts-x/branch/main', body: '{ts:5}' });
    // A rename is told to readers of the old name.
    await call(t, admin, { method: 'PUT', path: '/pool/logs', body: { name: 'logs2' } });
    await call(t, admin, { method: 'PUT', path: '/pool/logs2', body: { name: 'logs' } });
    const mine = await logsSub.take(3);
    expect(mine.map((e) => e.split('\n')[0])).toEqual(['event: branch-commit', 'event: pool-update', 'event: pool-update']);
    const theirs = await otherSub.take(1);
    expect(theirs[0]).toMatch(/^event: branch-commit/);
    const all = await allSub.take(5);
    expect(all.map((e) => e.split('\n')[0])).toEqual(['event: branch-commit', 'event: branch-commit', 'event: branch-commit', 'event: pool-update', 'event: pool-update']);
    // The other pool's subscriber got nothing more: a new event for it comes next.
    await call(t, admin, { method: 'DELETE', path: '/pool/other' });
    expect((await otherSub.take(2))[1]).toMatch(/^event: pool-delete/);
    for (const sub of [logsSub, otherSub, allSub]) await sub.close();
  });
});

describe('revoking an API token', () => {
  it('refuses it from the next request on, on the server that revoked it', async () => {
    const doomed = await token('doomed', 'logs:read');
    expect((await query(doomed, 'from logs | count()')).status).toBe(200);
    expect((await call(t, admin, { method: 'DELETE', path: '/auth/tokens/doomed' })).status).toBe(204);
    expect(await call(t, doomed, { method: 'GET', path: '/auth/identity' })).toEqual({ status: 401, text: errorBody(UNAUTHORIZED, 'invalid API token') });
  });

  // (How long the server trusts its cache is api-tokens.test.ts's, on a clock of its own.)
  it('refuses it soon when another process revoked it', async () => {
    const doomed = await token('doomed2', 'logs:read');
    expect((await call(t, doomed, { method: 'GET', path: '/auth/identity' })).status).toBe(200);
    // `zlake token revoke` on the lake folder: the same store, not the server's cache.
    await store.revoke('doomed2');
    const t0 = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - t0 < 5000) {
      status = (await call(t, doomed, { method: 'GET', path: '/auth/identity' })).status;
      if (status === 200) await new Promise((ok) => setTimeout(ok, 50));
    }
    expect(status).toBe(401);
  });

  it('answers the identity of a token and no auth0 method', async () => {
    const named = await token('ci-bot', 'logs:read');
    expect((await call(t, named, { method: 'GET', path: '/auth/identity' })).text).toBe(`${JSON.stringify({ tenant_id: 'tenant_000000000000000000000000001', user_id: 'ci-bot' })}\n`);
    expect((await call(t, null, { method: 'GET', path: '/auth/method' })).text).toBe('{"kind":"","auth0":null}\n');
    // Anything but an API token is refused as one.
    expect((await call(t, 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln', { method: 'GET', path: '/auth/identity' })).text).toBe(errorBody(UNAUTHORIZED, 'invalid API token'));
  });
});
