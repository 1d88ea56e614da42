// WorkerPool's ending of workers: an idle worker, retired or left when the
// pool closes, closes its lake (a libSQL file here, whose native
// connection would abort the process were its thread terminated with it
// open) and ends by itself, exit code 0, where a terminated worker's is 1;
// one running a job is terminated. Real job workers (the built bundle)
// over a real lake folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { openLocalLake } from '../local/index.js';
import { WorkerPool } from './worker-pool.js';

const dir = mkdtempSync(join(tmpdir(), 'zlake-worker-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pool(spares: number): WorkerPool {
  return new WorkerPool({
    setup: { lake: { lake: join(dir, 'lake') }, memoryLimit: 64 << 20, getAllow: [] },
    heapMb: 256,
    maxWorkers: 2,
    spares,
    name: 'test',
  });
}

/** The exit code of a lease's worker, once it ends. */
function exitCode(lease: { worker: { worker: Worker } }): Promise<number> {
  return new Promise((ok) => lease.worker.worker.once('exit', ok));
}

describe('WorkerPool', () => {
  it('lets an idle worker close its lake and end when the pool closes', { timeout: 120_000 }, async () => {
    // The lake folder and its libSQL file, made before the workers open them.
    const local = await openLocalLake(join(dir, 'lake'));
    local.close();
    const p = pool(0);
    const lease = await p.acquire(new AbortController().signal);
    const exited = exitCode(lease);
    lease.end(0);
    await p.close();
    expect(await exited).toBe(0);
  });

  it('terminates a worker still running a job when the pool closes', { timeout: 120_000 }, async () => {
    const p = pool(0);
    const lease = await p.acquire(new AbortController().signal);
    const exited = exitCode(lease);
    await p.close();
    expect(await exited).toBe(1);
  });
});
