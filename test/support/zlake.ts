// Runs the built `zlake` binary as a real process, for CLI tests.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const BIN = resolve(import.meta.dirname, '../../bin/zlake');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
}

export function zlake(args: string[], input: string | Uint8Array = '', cwd?: string): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, cwd, maxBuffer: 1 << 28 });
  return {
    status: r.status,
    stdout: r.stdout.toString('utf8'),
    stderr: r.stderr.toString('utf8'),
    stdoutBytes: r.stdout,
  };
}

/** zlake without blocking this process (for tests whose own servers it talks to). */
export function zlakeAsync(args: string[], input = ''): Promise<Omit<Run, 'stdoutBytes'>> {
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

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'zlake-test-'));
}
