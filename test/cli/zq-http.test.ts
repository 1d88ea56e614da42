// `get URL` in zlake zq and in a lake query, against a
// real HTTP server on 127.0.0.1: the body is read in the format given or
// detected, method, headers and body reach the server, constants name
// URLs, and bad URLs and unreachable hosts give Zed's errors.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../support/zlake.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];

function run(args: string[], input = ''): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    p.on('error', reject);
    p.on('close', (status) => resolve({ status, stdout, stderr }));
    p.stdin.end(input);
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      switch (req.url) {
        case '/data.json':
          res.end('{"a":1,"s":"x"}\n{"a":2,"s":"y"}\n');
          return;
        case '/data.csv':
          res.end('a,b\n1,foo\n2,bar\n');
          return;
        case '/echo':
          res.end(JSON.stringify({ method: req.method, body, auth: req.headers['x-token'] ?? null }));
          return;
        case '/missing':
          res.statusCode = 404;
          res.end('{"error":"not here"}');
          return;
        default:
          res.end('\u0001\u0002 not data of any format \u0003\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

describe('get URL in zlake zq', () => {
  it('reads a response body, its format detected', async () => {
    const r = await run(['zq', '-z', `get ${base}/data.json | sort -r a`]);
    expect(r).toMatchObject({ status: 0, stdout: '{a:2,s:"y"}\n{a:1,s:"x"}\n' });
  });

  it('takes a format; `from URL` names a pool, as in Zed v1.18.0', async () => {
    expect(await run(['zq', '-z', `get ${base}/data.csv format csv | yield b`])).toMatchObject({ status: 0, stdout: '"foo"\n"bar"\n' });
    const r = await run(['zq', '-z', `from "${base}/data.json" | count()`, '-'], '');
    expect(r.status).toBe(1);
    expect(r.stderr.startsWith('"from pool" cannot be used without a lake at line 1, column 1:')).toBe(true);
  });

  it('sends the method, headers and body', async () => {
    const q = `get ${base}/echo method POST headers {"X-Token": ["t1"]} body "hello"`;
    const r = await run(['zq', '-z', q]);
    expect(r).toMatchObject({ status: 0, stdout: '{method:"POST",body:"hello",auth:"t1"}\n' });
    const last = seen.filter((s) => s.url === '/echo').at(-1)!;
    expect(last).toMatchObject({ method: 'POST', body: 'hello' });
    expect(last.headers['x-token']).toBe('t1');
  });

  it('takes the URL from a constant', async () => {
    const r = await run(['zq', '-z', `const u = "${base}/data.json"\nget u | yield s`]);
    expect(r).toMatchObject({ status: 0, stdout: '"x"\n"y"\n' });
  });

  it('reads the body whatever the status code, as Zed does', async () => {
    expect(await run(['zq', '-z', `get ${base}/missing`])).toMatchObject({ status: 0, stdout: '{error:"not here"}\n' });
  });

  it('rejects a URL that is not http or https, with its position', async () => {
    const r = await run(['zq', '-z', 'get x']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('zq: invalid URL x at line 1, column 5:\nget x\n    ~\n');
    const piped = await run(['zq', '-z', 'get x', '-'], '{}');
    expect(piped.stderr).toBe('invalid URL x at line 1, column 5:\nget x\n    ~\n');
    const c = await run(['zq', '-z', 'const u = 1\nget u']);
    expect(c.stderr).toContain('u: string value required');
  });

  it('rejects headers that are not a record of string arrays', async () => {
    const r = await run(['zq', '-z', `get ${base}/echo headers {a: 1}`]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('headers field value must be an array or set of strings');
  });

  it('names the URL when its body is no known format', async () => {
    const r = await run(['zq', '-z', `get ${base}/junk`]);
    expect(r.status).toBe(1);
    expect(r.stderr.startsWith(`${base}/junk: format detection error`)).toBe(true);
  });

  it('reports a host that refuses the connection', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const r = await run(['zq', '-z', `get http://127.0.0.1:${port}/x`]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^Get "http://127.0.0.1:${port}/x": .*ECONNREFUSED`));
  });
});

describe('URLs as zq inputs', () => {
  it('reads http URLs given where files go, in order', async () => {
    const r = await run(['zq', '-z', 'yield a', `${base}/data.json`, `${base}/data.json`]);
    expect(r).toMatchObject({ status: 0, stdout: '1\n2\n1\n2\n' });
  });

  it('reports a 404 as a file that does not exist', async () => {
    const r = await run(['zq', '-z', 'pass', `${base}/missing`]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`${base}/missing: file does not exist\n`);
  });

  it('reports a missing local file the same way', async () => {
    const r = await run(['zq', '-z', 'pass', 'no-such-file.zson']);
    expect(r).toMatchObject({ status: 1, stderr: 'no-such-file.zson: file does not exist\n' });
  });
});

describe('get URL in a lake query', () => {
  it('reads a URL beside the lake, through zlake query on a lake folder', async () => {
    const lake = tempDir();
    expect((await run(['init', '-lake', lake])).status).toBe(0);
    const r = await run(['query', '-lake', lake, '-z', `get ${base}/data.json | sum(a)`]);
    expect(r).toMatchObject({ status: 0, stdout: '3\n' });
  });
});
