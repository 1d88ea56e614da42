// Standard output of the built CLI, which writes to descriptor 1 itself
// rather than through process.stdout (adapters/node/io.ts): all of a large
// output reaches a reader that falls behind, the default format follows
// whether stdout is a terminal (ZNG to a file or a pipe), /dev/null takes
// output, and a reader that goes away ends the command with `write EPIPE`.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN, tempDir, zlake } from '../support/zlake.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const ROWS = 200_000;
let dir: string;
let numbers: string;
let expected: string;

beforeAll(() => {
  dir = tempDir();
  numbers = join(dir, 'numbers.txt');
  const lines: string[] = [];
  for (let i = 1; i <= ROWS; i++) lines.push(String(i * 7));
  writeFileSync(numbers, `${lines.join('\n')}\n`);
  // zq -z of a number line is the number: well over a pipe's buffer.
  expected = `${lines.join('\n')}\n`;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('zlake standard output', () => {
  it('gives a reader that falls behind the whole output, in order', async () => {
    const p = spawn(process.execPath, [BIN, 'zq', '-z', 'yield this', numbers], { stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.pause();
    // Let the writer fill the pipe before anything is read.
    await new Promise((r) => setTimeout(r, 300));
    const chunks: Buffer[] = [];
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.stdout.on('data', (d: Buffer) => chunks.push(d));
    p.stdout.resume();
    const code = await new Promise<number | null>((r) => p.on('close', r));
    expect(err).toBe('');
    expect(code).toBe(0);
    const out = Buffer.concat(chunks).toString();
    expect(out.length).toBe(expected.length);
    expect(out === expected).toBe(true);
  });

  it('gives the whole output through a non-blocking pipe that fills (EAGAIN)', () => {
    // Node's spawn makes a child's stdio blocking, so Python starts the
    // command here on a pipe whose writing end is non-blocking: its writes
    // fail with EAGAIN once the pipe is full, and the rest must go through
    // process.stdout. Python reads only after a pause, then keeps it all.
    const got = join(dir, 'got.txt');
    const script = [
      'import os, subprocess, sys, time',
      'r, w = os.pipe()',
      'os.set_blocking(w, False)',
      'p = subprocess.Popen(sys.argv[1:-1], stdout=w)',
      'os.close(w)',
      'time.sleep(0.3)',
      'with open(sys.argv[-1], "wb") as f:',
      '    while True:',
      '        b = os.read(r, 65536)',
      '        if not b: break',
      '        f.write(b)',
      'sys.exit(p.wait())',
    ].join('\n');
    const r = spawnSync('python3', ['-c', script, process.execPath, BIN, 'zq', '-z', 'yield this', numbers, got]);
    expect(r.stderr.toString()).toBe('');
    expect(r.status).toBe(0);
    const out = readFileSync(got, 'utf8');
    expect(out.length).toBe(expected.length);
    expect(out === expected).toBe(true);
  });

  it('writes ZNG by default to a file and to a pipe, and ZSON with -z', () => {
    const file = join(dir, 'out.zng');
    const fd = openSync(file, 'w');
    try {
      const r = spawnSync(process.execPath, [BIN, 'zq', 'yield 1'], { stdio: ['ignore', fd, 'pipe'] });
      expect(r.stderr.toString()).toBe('');
      expect(r.status).toBe(0);
    } finally {
      closeSync(fd);
    }
    const zng = readFileSync(file);
    const piped = zlake(['zq', 'yield 1']);
    expect(piped.status).toBe(0);
    expect(Buffer.from(piped.stdoutBytes).equals(zng)).toBe(true);
    // ZNG, not text: a binary frame and not the ZSON line.
    expect(zng.length).toBeGreaterThan(0);
    expect(zng.toString()).not.toBe('1\n');
    expect(zlake(['zq', '-z', 'tail 1', '-'], zng).stdout).toBe('1\n');
  });

  it('writes to /dev/null', () => {
    const fd = openSync('/dev/null', 'w');
    try {
      const r = spawnSync(process.execPath, [BIN, 'zq', '-z', 'yield this', numbers], { stdio: ['ignore', fd, 'pipe'] });
      expect(r.stderr.toString()).toBe('');
      expect(r.status).toBe(0);
    } finally {
      closeSync(fd);
    }
  });

  it('ends with write EPIPE when its reader goes away', async () => {
    const p = spawn(process.execPath, [BIN, 'zq', '-z', 'yield this', numbers], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    let first = '';
    p.stdout.once('data', (d: Buffer) => {
      first = d.toString();
      p.stdout.destroy();
    });
    const code = await new Promise<number | null>((r) => p.on('close', r));
    expect(first.startsWith('7\n14\n')).toBe(true);
    expect(code).toBe(1);
    expect(err).toBe('write EPIPE\n');
  });

  it('writes a lake command\'s output', () => {
    const lake = join(dir, 'lake');
    expect(zlake(['-lake', lake, 'init']).status).toBe(0);
    expect(zlake(['-lake', lake, 'create', '-orderby', 'ts', 'p']).status).toBe(0);
    const r = zlake(['-lake', lake, 'ls', '-f', 'zson']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^\{\n {4}ts: .*\n {4}name: "p",/);
  });
});
