// Runs the built `zlake` lake commands as a user would, in a sandbox: a temp
// folder as HOME (so ~/.zed_head and the default lake stay inside it) and a
// lake named by ZED_LAKE, so no test looks for a service on localhost:9867.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from '../support/zlake.js';

export interface LakeRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export class Sandbox {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;

  constructor(lake?: string) {
    this.dir = mkdtempSync(join(tmpdir(), 'zlake-lake-'));
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: this.dir, ZED_USER: 'tester' };
    for (const k of ['ZED_LAKE', 'ZED_HEAD_DIR', 'XDG_DATA_HOME']) delete env[k];
    env['ZED_LAKE'] = lake ?? join(this.dir, 'lake');
    this.env = env;
  }

  /** Runs `zlake args...` in the sandbox folder. */
  run(args: string[], input = '', env: NodeJS.ProcessEnv = {}): LakeRun {
    const r = spawnSync(process.execPath, [BIN, ...args], {
      input,
      cwd: this.dir,
      env: { ...this.env, ...env },
      maxBuffer: 1 << 26,
    });
    return { status: r.status, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
  }

  /** Runs and expects success; returns stdout. */
  ok(args: string[], input = ''): string {
    const r = this.run(args, input);
    if (r.status !== 0) throw new Error(`zlake ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
    return r.stdout;
  }

  /** Runs and expects failure; returns stderr. */
  fail(args: string[], input = ''): string {
    const r = this.run(args, input);
    if (r.status === 0) throw new Error(`zlake ${args.join(' ')} succeeded: ${r.stdout}`);
    return r.stderr;
  }
}

/** Runs `zlake args...` asynchronously (for servers), resolving with its output. */
export function runAsync(args: string[], env: NodeJS.ProcessEnv, cwd: string, input = ''): Promise<LakeRun> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [BIN, ...args], { env, cwd });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    p.stdout.on('data', (b: Buffer) => out.push(b));
    p.stderr.on('data', (b: Buffer) => err.push(b));
    p.on('error', reject);
    p.on('close', (status) => resolve({ status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    p.stdin.end(input);
  });
}
