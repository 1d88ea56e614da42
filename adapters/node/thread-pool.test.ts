// The thread pool under the encode and scan pools (thread-pool.ts), with a
// thread script of its own: jobs run and answer, a thread that throws or
// exits fails its job with a clear error and leaves the pool, and a job
// whose signal aborts has its thread stopped; the pool goes on. Closed, the
// pool lets an idle thread end by itself, and stops one running a job. In a
// cancelable pool, a canceled job's thread is told, and stays if it answers.

import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_FLAG, ThreadPool } from './thread-pool.js';

let dir: string;
let script: URL;
const pools: ThreadPool<unknown, unknown>[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zlake-threads-'));
  const file = join(dir, 'thread.mjs');
  // Doubles x; { hang } never answers; { exit } ends the thread; the pool's 'close' leaves a mark beside the script and ends it.
  await writeFile(
    file,
    `import { parentPort, threadId } from 'node:worker_threads';
import { writeFile } from 'node:fs/promises';
parentPort.on('message', (m) => {
  if (m === 'close') return void writeFile(new URL('closed-' + threadId, import.meta.url), '').then(() => parentPort.close());
  if (m.hang) return;
  if (m.exit) process.exit(3);
  parentPort.postMessage({ result: m.x * 2 });
});
`,
  );
  script = pathToFileURL(file);
  // Of a cancelable pool: { spin } answers once its job is canceled, { hang } never, { id } with its thread's id.
  const cancelable = join(dir, 'cancelable.mjs');
  await writeFile(
    cancelable,
    `import { parentPort, threadId } from 'node:worker_threads';
let flag = null;
parentPort.on('message', (m) => {
  if (m === 'close') return void parentPort.close();
  if (m['${CANCEL_FLAG}']) return void (flag = m['${CANCEL_FLAG}']);
  if (m.hang) return;
  if (m.id) return void parentPort.postMessage({ result: threadId });
  if (m.spin) {
    const wait = () => (Atomics.load(flag, 0) === 1 ? parentPort.postMessage({ result: 'stopped' }) : setTimeout(wait, 5));
    return void wait();
  }
  parentPort.postMessage({ result: m.x * 2 });
});
`,
  );
  cancelableScript = pathToFileURL(cancelable);
});

let cancelableScript: URL;

afterAll(async () => {
  for (const p of pools) await p.close();
  await rm(dir, { recursive: true, force: true });
});

function pool(threads: number): ThreadPool<{ x?: number; hang?: boolean; exit?: boolean }, number> {
  const p = new ThreadPool<{ x?: number; hang?: boolean; exit?: boolean }, number>({ script, workerData: null, threads, heapMb: 64, what: 'a test job' });
  pools.push(p as ThreadPool<unknown, unknown>);
  return p;
}

describe('ThreadPool', () => {
  it('tells the thread of a canceled job in a cancelable pool, which stays if it answers, and is stopped if not', { timeout: 60_000 }, async () => {
    const p = new ThreadPool<{ x?: number; spin?: boolean; hang?: boolean; id?: boolean }, unknown>({ script: cancelableScript, workerData: null, threads: 1, heapMb: 64, what: 'a test job', cancelable: true });
    pools.push(p as ThreadPool<unknown, unknown>);
    const id = await p.run({ id: true });
    const ctrl = new AbortController();
    const spinning = p.run({ spin: true }, [], ctrl.signal);
    // The next job waits for the only thread, which answers the canceled job and takes it.
    const next = p.run({ x: 4 });
    await new Promise((r) => setTimeout(r, 50));
    ctrl.abort();
    await expect(spinning).rejects.toThrow(/^a test job failed: its job was canceled$/);
    expect(await next).toBe(8);
    expect(await p.run({ id: true })).toBe(id);
    expect(p.size).toBe(1);
    // A job that goes on regardless has its thread stopped; the next job gets another.
    const stuck = new AbortController();
    const hung = p.run({ hang: true }, [], stuck.signal);
    await new Promise((r) => setTimeout(r, 50));
    stuck.abort();
    await expect(hung).rejects.toThrow(/^a test job failed: its job was canceled$/);
    expect(await p.run({ x: 1 })).toBe(2);
    expect(await p.run({ id: true })).not.toBe(id);
    expect(p.size).toBe(1);
  });

  it('lets an idle thread end by itself when it closes, and stops one running a job', { timeout: 60_000 }, async () => {
    const p = pool(2);
    const running = p.run({ hang: true });
    expect(await p.run({ x: 4 })).toBe(8);
    const failed = expect(running).rejects.toThrow(/^a test job failed: the lake was closed$/);
    await p.close();
    await failed;
    // Only the idle thread was told to close (it left a mark as it did).
    expect((await readdir(dir)).filter((f) => f.startsWith('closed-'))).toHaveLength(1);
    expect(p.size).toBe(0);
  });

  it('runs jobs on at most its threads, which stay for the next jobs', { timeout: 60_000 }, async () => {
    const p = pool(2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((x) => p.run({ x })))).toEqual([2, 4, 6, 8, 10]);
    expect(p.size).toBe(2);
  });

  it('fails the job of a thread that exits, and goes on', { timeout: 60_000 }, async () => {
    const p = pool(1);
    await expect(p.run({ exit: true })).rejects.toThrow(/^a test job failed: its thread exited \(code 3\)$/);
    expect(p.size).toBe(0);
    expect(await p.run({ x: 21 })).toBe(42);
  });

  it('stops the thread of a job whose signal aborts, and goes on', { timeout: 60_000 }, async () => {
    // A job that hangs in its thread is stopped there (the other thread's
    // answer shows the hanging job was handed over first).
    const two = pool(2);
    const stuck = new AbortController();
    const running = two.run({ hang: true }, [], stuck.signal);
    expect(await two.run({ x: 0 })).toBe(0);
    stuck.abort();
    await expect(running).rejects.toThrow(/^a test job failed: its thread was stopped: its job was canceled$/);
    expect(two.size).toBe(1);
    const p = pool(1);
    const cancel = new AbortController();
    const hung = p.run({ hang: true }, [], cancel.signal);
    // The next job waits for the only thread.
    const next = p.run({ x: 5 });
    cancel.abort();
    // Stopped in its thread, or before it got there.
    await expect(hung).rejects.toThrow(/^a test job (failed: its thread was stopped: its job was canceled|was canceled)$/);
    expect(await next).toBe(10);
    await expect(p.run({ x: 1 }, [], cancel.signal)).rejects.toThrow(/canceled/);
    // A signal aborted after its job is done stops nothing.
    const later = new AbortController();
    expect(await p.run({ x: 7 }, [], later.signal)).toBe(14);
    later.abort();
    expect(await p.run({ x: 8 })).toBe(16);
    expect(p.size).toBe(1);
  });
});
