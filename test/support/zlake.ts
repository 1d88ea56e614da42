// Runs the built `zlake` binary as a real process, for CLI tests.
import { spawnSync } from 'node:child_process';
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

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'zlake-test-'));
}
