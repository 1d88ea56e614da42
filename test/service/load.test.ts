// Load over HTTP: format detection and Content-Type, gzip, csv.delim, the
// Zed-Commit header, warnings, limits and Zed's errors (lake-api.md §3.4).
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, testServer, type TestServer } from './server.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
  await s.pool('p', undefined, { order: 'asc', keys: [['ts']] });
});
afterAll(async () => {
  await s.stop();
});

const bytes = (x: string) => new TextEncoder().encode(x);

async function load(body: BodyInit, headers: Record<string, string> = {}, path = '/pool/p/branch/main'): Promise<Response> {
  return s.req(path, { method: 'POST', body, headers: { Accept: 'application/json', ...headers } });
}

async function count(pool = 'p'): Promise<number> {
  const out = await s.query(`from ${pool} | count()`, 'application/json');
  return (JSON.parse(out) as number[])[0] ?? 0;
}

describe('POST /pool/{pool}/branch/{branch}', () => {
  it('detects NDJSON without a Content-Type and answers a commit with empty warnings', async () => {
    const before = await count();
    const r = await load(bytes('{"ts":1,"s":"a"}\n{"ts":2,"s":"b"}\n'));
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.commit).toMatch(/^0x[0-9a-f]{40}$/);
    expect(body.warnings).toEqual([]);
    expect(await count()).toBe(before + 2);
    const tip = await (await s.req('/pool/p/branch/main', { headers: { Accept: 'application/json' } })).json();
    expect(tip).toEqual({ commit: body.commit, warnings: null });
  });

  it('reads each format its Content-Type names', async () => {
    const before = await count();
    expect((await load(bytes('{ts:10}'), { 'Content-Type': 'application/x-zson' })).status).toBe(200);
    expect((await load(bytes('{"ts":11}'), { 'Content-Type': 'application/json' })).status).toBe(200);
    expect((await load(bytes('ts,v\n12,x\n'), { 'Content-Type': 'text/csv' })).status).toBe(200);
    expect((await load(bytes('ts\tv\n13\ty\n'), { 'Content-Type': 'text/tab-separated-values' })).status).toBe(200);
    const zjson = '{"type":{"kind":"record","id":30,"fields":[{"name":"ts","type":{"kind":"primitive","name":"int64"}}]},"value":["14"]}\n';
    expect((await load(bytes(zjson), { 'Content-Type': 'application/x-zjson' })).status).toBe(200);
    expect(await count()).toBe(before + 5);
  });

  it('loads ZNG from a query of another pool, binary round trip', async () => {
    await s.pool('zsrc', '{ts:100,x:1.5}\n{ts:101,x:2.5}\n');
    const zng = await s.post('/query', { query: 'from zsrc' }, { Accept: 'application/x-zng' });
    expect(zng.headers.get('Content-Type')).toBe('application/x-zng');
    const body = new Uint8Array(await zng.arrayBuffer());
    await s.pool('zdst');
    const r = await load(body, { 'Content-Type': 'application/x-zng' }, '/pool/zdst/branch/main');
    expect(r.status).toBe(200);
    expect(await s.query('from zdst')).toBe('{ts:100,x:1.5}\n{ts:101,x:2.5}\n');
    // And without a Content-Type: detected.
    await s.pool('zdst2');
    expect((await load(body, {}, '/pool/zdst2/branch/main')).status).toBe(200);
    expect(await s.query('from zdst2 | count()')).toBe('2(uint64)\n');
  });

  it('takes csv.delim for CSV and refuses a delimiter of more than one byte', async () => {
    await s.pool('csv');
    const r = await load(bytes('ts;v\n1;a\n2;b\n'), { 'Content-Type': 'text/csv' }, '/pool/csv/branch/main?csv.delim=%3B');
    expect(r.status).toBe(200);
    expect(await s.query('from csv | yield v')).toBe('"a"\n"b"\n');
    const bad = await load(bytes('ts;v\n'), { 'Content-Type': 'text/csv' }, '/pool/csv/branch/main?csv.delim=%3B%3B');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(errorText('invalid operation', 'invalid query param "csv.delim": must be exactly one character'));
    const utf = await load(bytes('a'), { 'Content-Type': 'text/csv' }, `/pool/csv/branch/main?csv.delim=${encodeURIComponent('é')}`);
    expect(utf.status).toBe(400);
  });

  it('unpacks a gzip body whatever Content-Encoding says', async () => {
    await s.pool('gz');
    const r = await load(gzipSync(bytes('{"ts":1}\n{"ts":2}\n{"ts":3}\n')), {}, '/pool/gz/branch/main');
    expect(r.status).toBe(200);
    expect(await s.query('from gz | count()')).toBe('3(uint64)\n');
  });

  it('takes author, message and meta from the Zed-Commit header', async () => {
    await s.pool('meta');
    const r = await load(bytes('{ts:1}'), { 'Zed-Commit': JSON.stringify({ Author: 'alice', body: 'first load', meta: '{n:1}' }) }, '/pool/meta/branch/main');
    expect(r.status).toBe(200);
    const log = await s.query('from meta:log | has(author) | yield {author,message,meta}', 'application/x-zson');
    expect(log).toBe('{author:"alice",message:"first load",meta:{n:1}}\n');
  });

  it('refuses a Zed-Commit header that is not JSON, and meta that is not ZSON', async () => {
    let r = await load(bytes('{ts:1}'), { 'Zed-Commit': 'nope' });
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(errorText('invalid operation', "load endpoint encountered invalid JSON in Zed-Commit header: invalid character 'o' in literal null (expecting 'u')"));
    r = await load(bytes('{ts:1}'), { 'Zed-Commit': 'author=me' });
    expect(await r.text()).toBe(errorText('invalid operation', "load endpoint encountered invalid JSON in Zed-Commit header: invalid character 'a' looking for beginning of value"));
    const before = await count();
    r = await load(bytes('{ts:1}'), { 'Zed-Commit': '{"meta":"{a:"}' });
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(errorText('invalid operation', 'invalid commit metadata in request'));
    expect(await count()).toBe(before);
  });

  it('refuses an empty body with "no records in request"', async () => {
    const r = await load(new Uint8Array(0));
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(errorText('invalid operation', 'no records in request'));
  });

  it('refuses an undetectable body with Zed\'s detection message', async () => {
    const before = await count();
    const r = await load(bytes('This is not a detectable format.'));
    expect(r.status).toBe(400);
    const body = await r.json();
    expect(body.kind).toBe('invalid operation');
    // Exactly Zed v1.18.0's text (lake-api.md §3.4, service/ztests/curl-load-error.yaml).
    expect(body.error).toBe(
      "format detection error\n\tarrows: schema message length exceeds 1 MiB\n\tcsv: line 1: EOF\n\tjson: invalid character 'T' looking for beginning of value\n\tline: auto-detection not supported\n\tparquet: auto-detection requires seekable input\n\ttsv: line 1: EOF\n\tvng: auto-detection requires seekable input\n\tzeek: line 1: bad types/fields definition in zeek header\n\tzjson: line 1: malformed ZJSON: bad type object: \"This is not a detectable format.\": unpacker error parsing JSON: invalid character 'T' looking for beginning of value\n\tzng: malformed zng record\n\tzson: ZSON syntax error",
    );
    // One line per format, alphabetical, each "<format>: <reason>".
    const names = (body.error as string).split('\n\t').slice(1).map((l) => l.split(':')[0]);
    expect(names).toEqual([...names].sort());
    for (const f of ['arrows', 'csv', 'json', 'line', 'parquet', 'tsv', 'vng', 'zeek', 'zjson', 'zng', 'zson']) expect(names).toContain(f);
    // The body is not seekable: Zed never detects Parquet or VNG over HTTP.
    expect(body.error).toContain('\n\tparquet: auto-detection requires seekable input\n\t');
    expect(body.error).toContain('\n\tvng: auto-detection requires seekable input\n\t');
    expect(body.error).toContain('\n\tline: auto-detection not supported\n\t');
    expect(body.error).toContain("\n\tjson: invalid character 'T' looking for beginning of value\n\t");
    expect(await count()).toBe(before);
  });

  it('refuses an unsupported Content-Type and NDJSON as a request format', async () => {
    let r = await load(bytes(''), { 'Content-Type': 'unsupported' });
    expect(await r.text()).toBe(errorText('invalid operation', 'unsupported MIME type: unsupported'));
    r = await load(bytes('{"ts":1}\n'), { 'Content-Type': 'application/x-ndjson' });
    expect(await r.text()).toBe(errorText('invalid operation', 'no such format: "ndjson"'));
  });

  it('commits what came before a reader error and reports it in warnings', async () => {
    await s.pool('warn');
    const r = await load(bytes('{ts:1}\n{ts:2}\n{ts:'), { 'Content-Type': 'application/x-zson' }, '/pool/warn/branch/main');
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.warnings).toHaveLength(1);
    expect(typeof body.warnings[0]).toBe('string');
    expect(await s.query('from warn | count()')).toBe('2(uint64)\n');
  });

  it('answers 404 for a missing pool or branch', async () => {
    let r = await load(bytes('{ts:1}'), {}, '/pool/nosuch/branch/main');
    expect(r.status).toBe(404);
    expect(await r.text()).toBe(errorText('item does not exist', 'nosuch: pool not found'));
    r = await load(bytes('{ts:1}'), {}, '/pool/p/branch/nosuch');
    expect(r.status).toBe(404);
    expect(await r.text()).toBe(errorText('item does not exist', '"nosuch": branch not found'));
  });

  it('refuses a load over the configured limit and commits nothing', async () => {
    const small = await testServer({ loadLimit: 1000 });
    try {
      await small.pool('lim');
      const big = bytes(Array.from({ length: 200 }, (_, i) => `{"ts":${i}}`).join('\n'));
      // Streamed without a length, so the limit trips mid-body.
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < big.length; i += 100) c.enqueue(big.subarray(i, i + 100));
          c.close();
        },
      });
      const r = await small.req('/pool/lim/branch/main', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
      expect(r.status).toBe(413);
      expect(await r.text()).toBe(errorText('invalid operation', 'request body too large: the limit is 1000 bytes'));
      expect(await small.query('from lim | count()')).toBe('');
      const ok = await small.req('/pool/lim/branch/main', { method: 'POST', body: bytes('{"ts":1}') });
      expect(ok.status).toBe(200);
    } finally {
      await small.stop();
    }
  });
});
