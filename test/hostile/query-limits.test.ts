// Queries too long or too deep to compile: a clear parse error with a
// position (HTTP 400 with compilation_errors; zq exits 1), never a stack
// overflow, and the server keeps answering.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../service/server.js';
import { tempDir, zlake } from '../support/zlake.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
  await s.pool('q', '{ts:1,a:1}\n');
});
afterAll(async () => {
  await s.stop();
});

const DEEP = 'query too deeply nested: more than 1000 levels (each term of a chain like "a or b or c" and each operator of a pipeline is one)';
const LONG = 'query too long: more than 1048576 bytes';

/** `from q | where a==1 or a==1 ...` with `terms` terms. */
const chain = (terms: number) => `from q | where a==1${' or a==1'.repeat(terms - 1)}`;

interface ErrorJson {
  type: string;
  kind: string;
  error: string;
  compilation_errors?: { Msg: string; Pos: number; End: number }[];
}

describe('query limits over HTTP', () => {
  it('before: a 100,000-term expression answered 500 "Maximum call stack size exceeded"; now: 400 parse error with compilation_errors', async () => {
    const r = await s.post('/query', { query: chain(100_000) });
    expect(r.status).toBe(400);
    const body = (await r.json()) as ErrorJson;
    expect(body.kind).toBe('invalid operation');
    expect(body.error).toBe(`${DEEP} at line 1, column 16`);
    expect(body.compilation_errors).toEqual([{ Msg: DEEP, Pos: 15, End: -1 }]);
    expect(await (await s.req('/status')).text()).toBe('ok');
  });

  it('before: a 10 MB query of or clauses answered 500 "Maximum call stack size exceeded"; now: 400 parse error at the first byte past 1 MiB', async () => {
    const text = chain(1_300_000);
    expect(text.length).toBeGreaterThan(10_000_000);
    const r = await s.post('/query', { query: text });
    expect(r.status).toBe(400);
    const body = (await r.json()) as ErrorJson;
    expect(body.error).toBe(`${LONG} at line 1, column 1048577`);
    expect(body.compilation_errors).toEqual([{ Msg: LONG, Pos: 1048576, End: -1 }]);
    expect(await (await s.req('/status')).text()).toBe('ok');
  });

  it('before: (no limit, under the stack) a 990-term chain and a 990-operator pipeline ran; now: they still run', async () => {
    expect(await s.query(chain(990), 'application/json')).toBe('[{"ts":1,"a":1}]\n');
    const pipe = `from q${' | yield this'.repeat(990)} | count()`;
    expect(await s.query(pipe, 'application/json')).toBe('[1]\n');
  });

  it('before: /compile of a 100,000-term expression overflowed the stack turning the tree to JSON (500); now: 400 with the same parse error', async () => {
    const r = await s.post('/compile', { query: chain(100_000) });
    expect(r.status).toBe(400);
    expect(((await r.json()) as ErrorJson).compilation_errors).toEqual([{ Msg: DEEP, Pos: 15, End: -1 }]);
  });
});

describe('query limits in zq', () => {
  it('before: zq printed "internal error: RangeError: Maximum call stack size exceeded" and a stack trace; now: exit 1 with the parse error', () => {
    const dir = tempDir();
    const file = join(dir, 'deep.zed');
    writeFileSync(file, `where a==1${' or a==1'.repeat(99_999)}`);
    const r = zlake(['zq', '-z', '-I', file, '-'], '{a:1}\n');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`zq: ${DEEP} in ${file} at line 1, column 7\n`);
    expect(r.stdout).toBe('');
  });

  it('before: zq on a 10 MB query overflowed the stack; now: exit 1 with "query too long"', () => {
    const dir = tempDir();
    const file = join(dir, 'long.zed');
    writeFileSync(file, `where a==1${' or a==1'.repeat(1_300_000)}`);
    const r = zlake(['zq', '-z', '-I', file, '-'], '{a:1}\n');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`zq: ${LONG} in ${file} at line 1, column 1048577\n`);
  });
});
