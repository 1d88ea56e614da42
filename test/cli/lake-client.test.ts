// The lake commands as clients of a real `zlake serve` on 127.0.0.1 at a
// random port (ZED_LAKE=http://...), and the same lake folder opened directly
// by the commands while the service runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN } from '../support/zlake.js';
import { Sandbox } from './lake-run.js';


// Each step is a process start; on a loaded machine a multi-step test takes a while.
vi.setConfig({ testTimeout: 240_000 });
const ID = '[0-9A-Za-z]{27}';

let server: ChildProcess | undefined;
let url = '';
let sandbox: Sandbox;
let folder = '';

beforeAll(async () => {
  const dir = new Sandbox().dir;
  folder = join(dir, 'served');
  server = spawn(process.execPath, [BIN, 'serve', '-lake', folder, '-l', '127.0.0.1:0', '-log.level', 'error'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    server!.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m !== null) resolve(m[1]!);
    });
    server!.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    server!.on('exit', (code) => reject(new Error(`zlake serve exited (${code}): ${err}`)));
    setTimeout(() => reject(new Error(`zlake serve did not start: ${out}${err}`)), 30_000);
  });
  sandbox = new Sandbox(url);
}, 60_000);

afterAll(() => {
  server?.kill('SIGTERM');
});

describe('lake commands against zlake serve', () => {
  it('creates a pool, loads, queries and lists it through the API', () => {
    const s = sandbox;
    expect(s.ok(['create', '-orderby', 'k:asc', 'p'])).toMatch(new RegExp(`^pool created: p ${ID}\\n$`));
    expect(s.fail(['create', 'p'])).toBe('status code 409: p: pool already exists\n');
    expect(s.ok(['load', '-use', 'p', '-'], '{k:2,s:"b"}\n{k:1,s:"a"}\n')).toMatch(new RegExp(`^${ID} committed\\n$`));
    expect(s.ok(['query', '-z', 'from p'])).toBe('{k:1,s:"a"}\n{k:2,s:"b"}\n');
    expect(s.ok(['query', '-z', '-use', 'p', 'count()'])).toBe('2(uint64)\n');
    expect(s.ok(['ls'])).toMatch(new RegExp(`^p ${ID} key k order asc\\n$`));
    expect(s.ok(['ls', 'p'])).toMatch(new RegExp(`^p@main commit ${ID}\\n$`));
  });

  it('reports missing pools as the Go client does and compile errors without a status', () => {
    const s = sandbox;
    expect(s.fail(['load', '-use', 'nosuch', '-'], '{k:1}')).toBe('"nosuch": pool not found\n');
    expect(s.fail(['query', '-z', 'from nosuch'])).toMatch(/^nosuch: pool not found at line 1, column 6:\nfrom nosuch\n {5}~{6}\n$/);
    expect(s.fail(['query', '-z', 'from ('])).toMatch(/^error parsing Zed at line 1, column/);
  });

  it('branches, merges, reverts, logs and deletes through the API', () => {
    const s = sandbox;
    s.ok(['create', '-q', '-orderby', 'k:asc', 'm']);
    s.ok(['load', '-q', '-use', 'm', '-'], '{k:0}\n');
    expect(s.ok(['branch', '-use', 'm', 'dev'])).toBe('"dev": branch created\n');
    const added = s.ok(['load', '-use', 'm@dev', '-'], '{k:1}\n').split(' ')[0]!;
    expect(s.ok(['merge', '-use', 'm@dev', 'main'])).toBe('"dev": merged into branch "main"\n');
    expect(s.ok(['query', '-z', 'from m | yield k'])).toBe('0\n1\n');
    expect(s.ok(['revert', '-use', 'm', added])).toMatch(new RegExp(`^"main": ${added} reverted in ${ID}\\n$`));
    expect(s.ok(['query', '-z', 'from m | yield k'])).toBe('0\n');
    const log = s.ok(['log', '-use', 'm']);
    expect(log).toMatch(new RegExp(`^commit ${ID} \\(HEAD -> main\\)\\nAuthor: tester\\nDate: {3}\\S+Z\\n\\n {4}reverted commit ${added}\\n\\n`));
    expect(s.ok(['branch', '-use', 'm', '-d', 'dev'])).toBe('branch deleted: dev\n');
    const obj = s.ok(['query', '-f', 'text', 'from m:objects | yield ksuid(id)']).trim();
    expect(s.ok(['delete', '-use', 'm', obj])).toMatch(new RegExp(`^${ID} delete committed\\n$`));
    expect(s.ok(['query', '-z', 'from m'])).toBe('');
    expect(s.ok(['vacuum', '-use', 'm', '-dryrun'])).toMatch(/^would vacuum \d+ objects?\n$/);
  });

  it('renames, uses and drops pools through the API', () => {
    const s = sandbox;
    s.ok(['create', '-q', 'r1']);
    expect(s.ok(['rename', 'r1', 'r2'])).toMatch(new RegExp(`^pool ${ID} renamed from r1 to r2\\n$`));
    expect(s.ok(['use', 'r2'])).toBe('Switched to branch "main" on pool "r2"\n');
    expect(s.ok(['use'])).toBe(`HEAD at r2@main\nLake at ${url}\n`);
    expect(s.ok(['drop', '-f', 'r2'])).toBe('pool deleted: r2\n');
    expect(s.fail(['drop', '-f', 'r2'])).toBe('"r2": pool not found\n');
  });

  it('shows the service\'s authentication method and identity', () => {
    const s = sandbox;
    expect(s.ok(['auth', 'method'])).toBe('{\n\t"kind": ""\n}\n');
    expect(s.ok(['auth', 'verify'])).toMatch(/^\{\n\t"tenant_id": "[^"]*",\n\t"user_id": "[^"]*"\n\}\n$/);
    expect(s.fail(['auth', 'login'])).toBe(`Zed lake service at ${url} does not support authentication\n`);
  });

  it('shares the served folder with direct access', () => {
    const s = sandbox;
    s.ok(['create', '-q', '-orderby', 'k:asc', 'shared']);
    s.ok(['load', '-q', '-use', 'shared', '-'], '{k:7}\n');
    const direct = s.run(['query', '-z', 'from shared'], '', { ZED_LAKE: folder });
    expect(direct).toMatchObject({ status: 0, stdout: '{k:7}\n' });
    expect(s.run(['load', '-q', '-use', 'shared', '-'], '{k:8}\n', { ZED_LAKE: folder }).status).toBe(0);
    expect(s.ok(['query', '-z', 'from shared | count()'])).toBe('2(uint64)\n');
  });

  it('fails plainly when nothing listens', () => {
    const s = new Sandbox('http://127.0.0.1:1');
    expect(s.fail(['ls'])).toMatch(/^Post "http:\/\/127\.0\.0\.1:1\/query\?ctrl=T": /);
  });
});
