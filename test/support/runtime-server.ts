// A zlake server on one runtime, started with the command README gives for
// it (runtime-commands.mjs) over a lake in a fresh temp folder, on
// 127.0.0.1 at a free port. Node, Deno and Bun take zlake serve's flags and
// print where they listen; workerd (wrangler dev) takes Worker variables and
// is ready when /status answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, serveCommand, wranglerDevCommand } from './runtime-commands.mjs';

export type RuntimeName = 'node' | 'deno' | 'bun' | 'workerd';

export const RUNTIMES: readonly RuntimeName[] = ['node', 'deno', 'bun', 'workerd'];

/** The runtimes to test: $ZLAKE_RUNTIMES (comma-separated), default all four. */
export function chosenRuntimes(): RuntimeName[] {
  const asked = process.env['ZLAKE_RUNTIMES'];
  if (asked === undefined || asked === '') return [...RUNTIMES];
  return asked.split(',').filter((r): r is RuntimeName => (RUNTIMES as readonly string[]).includes(r));
}

export interface RuntimeServer {
  readonly runtime: RuntimeName;
  /** `http://127.0.0.1:port` */
  readonly url: string;
  /** What the server wrote to stderr so far (for failure messages). */
  stderr(): string;
  stop(): Promise<void>;
}

export interface RuntimeServerOptions {
  /** zlake serve's flags (Node, Deno, Bun) beyond -l and -lake. */
  readonly flags?: readonly string[];
  /** The Worker's variables (workerd), the same settings as the flags. */
  readonly vars?: Readonly<Record<string, string>>;
}

const START_MS = 90_000;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

/** Ends the process and its children (deno task and wrangler run the server as a child). */
async function stopGroup(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise<void>((ok) => p.once('exit', () => ok()));
  const kill = (sig: NodeJS.Signals) => {
    try {
      process.kill(-p.pid!, sig);
    } catch {
      // Gone already.
    }
  };
  kill('SIGTERM');
  const late = setTimeout(() => kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(late);
  // A child that outlived the leader (the process group's other members).
  kill('SIGKILL');
}

export async function startRuntimeServer(runtime: RuntimeName, opts: RuntimeServerOptions = {}): Promise<RuntimeServer> {
  const dir = mkdtempSync(join(tmpdir(), `zlake-${runtime}-`));
  let port = 0;
  let command: { cmd: string; args: string[]; env?: Record<string, string> };
  if (runtime === 'workerd') {
    port = await freePort();
    command = wranglerDevCommand(port, join(dir, 'state'), { ...opts.vars });
  } else {
    command = serveCommand(runtime, ['-l', '127.0.0.1:0', '-lake', join(dir, 'lake'), ...(opts.flags ?? [])]);
  }
  const p = spawn(command.cmd, command.args, {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...command.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() reaches the server under a task runner.
    detached: true,
  });
  let out = '';
  let err = '';
  p.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  p.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const cleanup = async () => {
    await stopGroup(p);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`${runtime} did not start in ${START_MS} ms:\n${out}\n${err}`)), START_MS);
      p.once('exit', (code) => fail(new Error(`${runtime} exited (${code}) before it served:\n${out}\n${err}`)));
      if (runtime === 'workerd') {
        const base = `http://127.0.0.1:${port}`;
        const poll = () =>
          fetch(`${base}/status`)
            .then((r) => (r.status === 200 ? (clearTimeout(timer), ok(base)) : setTimeout(poll, 250)))
            .catch(() => setTimeout(poll, 250));
        poll();
      } else {
        p.stdout!.on('data', () => {
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m !== null) {
            clearTimeout(timer);
            ok(m[1]!);
          }
        });
      }
    });
    return { runtime, url, stderr: () => err, stop: cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}
