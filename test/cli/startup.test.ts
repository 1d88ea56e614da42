// The built `zlake` as bin/zlake runs it: the dispatcher and command bundles
// (scripts/bundle-node.mjs) compiled with their V8 code caches. Each command
// family runs end to end from its bundle (zq, a lake command, serve with a
// query in a worker thread), the version lines print as Zed prints them,
// and a code cache V8 refuses is ignored and made anew.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BIN, tempDir, zlake, zlakeAsync } from '../support/zlake.js';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { lz4ArrowStream } from '../support/arrow-lz4.js';

vi.setConfig({ testTimeout: 120_000 });

const DIST = resolve(import.meta.dirname, '../../dist/adapters/node');
const PACKAGE_VERSION = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;

describe('zlake version lines', () => {
  it('zq -version prints Zed\'s line for the Zed release zlake follows', () => {
    const r = zlake(['zq', '-version']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('Version: v1.18.0\n');
  });

  it('zq -version wins over a query and files, but not over a bad flag', () => {
    expect(zlake(['zq', '-version', 'yield 1', 'no-such-file']).stdout).toBe('Version: v1.18.0\n');
    const bad = zlake(['zq', '-version', '-nosuch']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('flag provided but not defined: -nosuch');
  });

  it('zq -h lists -version', () => {
    expect(zlake(['zq', '-h']).stdout).toMatch(/-version\s+print version and exit/);
  });

  it('the lake command prints zlake\'s own version, from package.json at build time', () => {
    const r = zlake(['-version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`Version: v${PACKAGE_VERSION}\n`);
  });
});

describe('zlake from its bundles', () => {
  it('runs zq: a query over a file, with Go regular expressions and Parquet', () => {
    const dir = tempDir();
    try {
      expect(zlake(['zq', '-z', 'yield 1']).stdout).toBe('1\n');
      writeFileSync(join(dir, 'in.zson'), '{s:"xab",n:1}\n{s:"yz",n:2}\n');
      const pq = join(dir, 'out.parquet');
      expect(zlake(['zq', '-f', 'parquet', '-o', pq, 'yield this', join(dir, 'in.zson')]).status).toBe(0);
      const r = zlake(['zq', '-z', 'where regexp_replace(s, "a(b)", "$1") == "xb" | yield n', pq]);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe('1\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads an LZ4-compressed Arrow IPC stream, with Arrow and lz4js each from its own bundle', () => {
    const dir = tempDir();
    try {
      const t = tableFromArrays({ i: Int32Array.from({ length: 3000 }, (_, i) => i % 7), s: Array.from({ length: 3000 }, (_, i) => `v${i % 3}`) });
      const bytes = lz4ArrowStream(t);
      expect(bytes.length).toBeLessThan(tableToIPC(t, 'stream').length / 2);
      const f = join(dir, 'in.arrows');
      writeFileSync(f, bytes);
      const r = zlake(['zq', '-z', 'count() by s | sort s', f]);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe('{s:"v0",count:1000(uint64)}\n{s:"v1",count:1000(uint64)}\n{s:"v2",count:1000(uint64)}\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs the lake commands on a folder lake', () => {
    const dir = tempDir();
    const lake = join(dir, 'lake');
    try {
      expect(zlake(['-lake', lake, 'init', '-q']).status).toBe(0);
      expect(zlake(['-lake', lake, 'create', '-q', '-orderby', 'k:asc', 'p']).status).toBe(0);
      const load = zlake(['-lake', lake, 'load', '-q', '-use', 'p', '-'], '{k:2}\n{k:1}\n');
      expect(load.stderr).toBe('');
      expect(load.status).toBe(0);
      expect(zlake(['-lake', lake, 'ls']).stdout).toMatch(/^p [0-9A-Za-z]{27} key k order asc\n$/);
      expect(zlake(['-lake', lake, 'query', '-z', 'from p | yield k']).stdout).toBe('1\n2\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs serve, whose queries run in the job worker bundle', async () => {
    const dir = tempDir();
    const p = spawn(process.execPath, [BIN, 'serve', '-l', '127.0.0.1:0', '-lake', join(dir, 'lake')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    p.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    try {
      const url = await new Promise<string>((ok, fail) => {
        let out = '';
        p.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m) ok(m[1]!);
        });
        p.on('exit', () => fail(new Error(`serve exited early: ${out}${err}`)));
      });
      const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
      expect((await fetch(`${url}/pool`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'p' }) })).status).toBe(200);
      const load = await fetch(`${url}/pool/p/branch/main`, { method: 'POST', headers: { 'Content-Type': 'application/x-zson' }, body: '{ts:1,x:"a"}\n{ts:2,x:"b"}\n' });
      expect(load.status).toBe(200);
      const q = await fetch(`${url}/query`, { method: 'POST', headers: json, body: JSON.stringify({ query: 'from p | sort ts | yield x' }) });
      expect(q.status).toBe(200);
      expect(await q.json()).toEqual(['a', 'b']);
    } finally {
      const code = await new Promise<number | null>((ok) => {
        p.on('exit', (c) => ok(c));
        p.kill('SIGTERM');
      });
      rmSync(dir, { recursive: true, force: true });
      expect(code, err).toBe(0);
    }
  });

  it('writes its caches again, adding what a run compiled, with ZLAKE_V8CACHE_UPDATE', () => {
    const dir = tempDir();
    try {
      const lake = join(dir, 'lake');
      expect(zlake(['-lake', lake, 'init']).status).toBe(0);
      const cacheOf = () => readdirSync(DIST).find((f) => f.startsWith('lake-cli.bundle.cjs.') && f.endsWith('.v8cache'));
      const before = statSync(join(DIST, cacheOf()!));
      const r = spawnSync(process.execPath, [BIN, '-lake', lake, 'ls', '-f', 'zson'], { env: { ...process.env, ZLAKE_V8CACHE_UPDATE: '1' } });
      expect(r.stderr.toString()).toBe('');
      expect(r.status).toBe(0);
      const after = statSync(join(DIST, cacheOf()!));
      expect(after.mtimeMs).toBeGreaterThan(before.mtimeMs);
      // V8 takes the cache it wrote.
      const again = zlake(['-lake', lake, 'ls']);
      expect(again.stderr).toBe('');
      expect(again.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ignores a code cache V8 refuses and makes a new one', async () => {
    // Warm: the zq bundle has its cache.
    expect(zlake(['zq', '-z', 'yield 1']).stdout).toBe('1\n');
    const cache = readdirSync(DIST).find((f) => f.startsWith('zq.bundle.cjs.') && f.endsWith('.v8cache'));
    expect(cache).toBeDefined();
    const path = join(DIST, cache!);
    const junk = new TextEncoder().encode('not a V8 code cache');
    writeFileSync(path, junk);
    const r = await zlakeAsync(['zq', '-z', 'yield 2']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('2\n');
    // The refused cache was replaced by one V8 made.
    expect(readFileSync(path).length).toBeGreaterThan(junk.length);
    expect(zlake(['zq', '-z', 'yield 3']).stdout).toBe('3\n');
  });
});
