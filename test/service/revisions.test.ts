// The four API revisions (http-api.md §9): a server started on one with
// --api-version, and the differences a client of each can observe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, testServer, type TestServer } from './server.js';

const servers: TestServer[] = [];
async function server(rev: '1.2.0' | 'v1.6.0' | '1.8.0'): Promise<TestServer> {
  const { parseRevisionOrThrow } = await import('../../src/index.js');
  const s = await testServer({ apiVersion: parseRevisionOrThrow(rev) });
  servers.push(s);
  await s.pool('test', '{ts:0}\n');
  return s;
}

afterAll(async () => {
  for (const s of servers) await s.stop();
});

describe('v1.8.0 (zed-js, Zui of that time)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await server('1.8.0');
  });

  it('numbers channels with channel_id', async () => {
    const r = await s.post('/query?ctrl=true', { query: 'from test' }, { Accept: 'application/x-zjson' });
    const lines = (await r.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('{"type":"QueryChannelSet","value":{"channel_id":0}}');
    expect(lines[2]).toBe('{"type":"QueryChannelEnd","value":{"channel_id":0}}');
    expect(lines[3]).toMatch(/^\{"type":"QueryStats"/);
  });

  it('has vacuum but not query status, compile or describe', async () => {
    expect((await s.req('/query/status/x')).status).toBe(404);
    expect((await s.post('/compile', { query: 'pass' })).status).toBe(404);
    expect((await s.post('/query/describe', { query: 'from test' })).status).toBe(404);
    const v = await s.req('/pool/test/revision/main/vacuum?dryrun=T', { method: 'POST' });
    expect(v.status).not.toBe(404);
  });

  it('reports a missing pool in a query as 404 with its own message, and a parse error with info', async () => {
    let r = await s.post('/query', { query: 'from nosuch' });
    expect(r.status).toBe(404);
    expect(await r.text()).toBe(errorText('item does not exist', 'nosuch: pool not found'));
    r = await s.post('/query', { query: 'from test | put x:=' });
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(
      errorText('invalid operation', 'error parsing Zed at line 1, column 20:\nfrom test | put x:=\n               === ^ ===', { info: { parse_error_offset: 19 } }),
    );
  });

  it('offers VNG, Zeek and Line but not TSV', async () => {
    const r = await s.post('/query', { query: 'from test' }, { Accept: 'text/tab-separated-values' });
    expect(r.status).toBe(400);
    const z = await s.post('/query', { query: 'from test' }, { Accept: 'application/x-zeek' });
    expect(z.status).toBe(200);
    const load = await s.req('/pool/test/branch/main', { method: 'POST', body: new TextEncoder().encode('a\tb\n1\t2\n'), headers: { 'Content-Type': 'text/tab-separated-values' } });
    expect(await load.text()).toBe(errorText('invalid operation', 'unsupported MIME type: text/tab-separated-values'));
  });

  it('writes the pool layout as order.SortKey', async () => {
    const r = await s.post('/pool', { name: 'p18', layout: { order: 'asc', keys: [['k']] } });
    expect(await r.text()).toContain('(=order.SortKey)');
  });
});

describe('v1.6.0', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await server('v1.6.0');
  });

  it('has no vacuum route and no Zeek format', async () => {
    const v = await s.req('/pool/test/revision/main/vacuum', { method: 'POST' });
    expect(v.status).toBe(404);
    expect(await v.text()).toBe('404 page not found\n');
    const z = await s.post('/query', { query: 'from test' }, { Accept: 'application/x-zeek' });
    expect(z.status).toBe(400);
  });

  it('names the pool layout type order.Layout', async () => {
    const r = await s.post('/pool', { name: 'p16', layout: { order: 'asc', keys: [['k']] } });
    expect(await r.text()).toContain('(=order.Layout)');
  });

  it('takes ctrl and defaults it to false', async () => {
    const r = await s.post('/query', { query: 'from test' }, { Accept: 'application/x-zjson' });
    expect((await r.text()).split('\n')).toHaveLength(2);
  });

  it('takes only object ids on delete: a commit id is no object', async () => {
    await s.pool('bycommit18');
    const r = await s.req('/pool/bycommit18/branch/main', { method: 'POST', body: '{ts:1}\n', headers: { Accept: 'application/json', 'Content-Type': 'application/x-zson' } });
    const { commit } = (await r.json()) as { commit: string };
    const d = await s.post('/pool/bycommit18/branch/main/delete', { object_ids: [commit] }, { Accept: 'application/json' });
    expect(d.status).toBe(404);
    expect(await d.text()).toMatch(/"kind":"item does not exist","error":"[0-9A-Za-z]{27}: commit object not found"/);
    expect(await s.query('from bycommit18 | count()')).toBe('1(uint64)\n');
  });
});

describe('v1.2.0', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await server('1.2.0');
  });

  it('has no ctrl parameter: ZJSON always carries stats, channels have no messages', async () => {
    const r = await s.post('/query?ctrl=nonsense', { query: 'from test' }, { Accept: 'application/x-zjson' });
    expect(r.status).toBe(200);
    const lines = (await r.text()).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\{"type":\{"kind":"record"/);
    expect(lines[1]).toMatch(/^\{"type":"QueryStats"/);
    expect(lines).toHaveLength(2);
  });

  it('ignores Content-Type and csv.delim on load: it always detects', async () => {
    const r = await s.req('/pool/test/branch/main?csv.delim=ab', {
      method: 'POST',
      body: new TextEncoder().encode('{"ts":5}\n'),
      headers: { 'Content-Type': 'text/csv', Accept: 'application/json' },
    });
    expect(r.status).toBe(200);
    expect(await s.query('from test | count()')).toBe('2(uint64)\n');
  });

  it('does not take where on delete', async () => {
    const r = await s.post('/pool/test/branch/main/delete', { where: 'ts==5' });
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(errorText('invalid operation', 'either object_ids or where must be set'));
  });

  it('deletes by commit id: the commit stands for the objects it added', async () => {
    await s.pool('bycommit');
    const load = async (zson: string): Promise<string> => {
      const r = await s.req('/pool/bycommit/branch/main', { method: 'POST', body: zson, headers: { Accept: 'application/json' } });
      expect(r.status).toBe(200);
      return ((await r.json()) as { commit: string }).commit;
    };
    const first = await load('{ts:1}\n{ts:2}\n');
    await load('{ts:3}\n');
    const r = await s.post('/pool/bycommit/branch/main/delete', { object_ids: [first] }, { Accept: 'application/json' });
    expect(r.status).toBe(200);
    expect(await s.query('from bycommit | yield ts')).toBe('3\n');
    // An object id still names the object itself.
    const objs = await s.post('/query', { query: 'from bycommit@main:objects | yield ksuid(id)' }, { Accept: 'application/json' });
    const [obj] = (await objs.json()) as string[];
    expect((await s.post('/pool/bycommit/branch/main/delete', { object_ids: [obj] })).status).toBe(200);
    expect(await s.query('from bycommit | count()')).toBe('');
  });

  it('offers only its response formats', async () => {
    expect((await s.post('/query', { query: 'from test' }, { Accept: 'application/vnd.apache.arrow.stream' })).status).toBe(400);
    expect((await s.post('/query', { query: 'from test' }, { Accept: 'text/csv' })).status).toBe(200);
  });
});
