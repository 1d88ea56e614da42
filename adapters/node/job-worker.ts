// A job worker of `zlake serve`: opens the served lake once, then runs one
// job at a time as the main thread sends them. A query streams its response
// bytes back over the query's port within the acked window; between batches
// it reads the query's stop flag, so a client that left or a time limit
// stops the query's CPU at its next batch (the main thread terminates a
// worker that does not stop in time). A load reads its body from its port,
// acking chunks as it takes them, and answers with the commit or the error.

import { readlinkSync } from 'node:fs';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { clockNow, plainError, QueryCanceledError, QueryMemoryError, QueryTimeoutError, runLoadJob, startQueryJob } from '../../src/index.js';
import { DiskSpillStore } from '../local/spill-store.js';
import { useLocalParquetWasm } from '../local/parquet-wasm.js';
import { useNodeClock } from './platform-clock.js';
import {
  CANCELED,
  CHUNK_WINDOW,
  RUNNING,
  TIMED_OUT,
  type JobStart,
  type LoadInput,
  type LoadMessage,
  type QueryControl,
  type QueryMessage,
  type WorkerMessage,
  type WorkerSetup,
} from './job-protocol.js';
import { openLake, type OpenedLake } from './open-lake.js';
import { nodeOutbound } from './outbound-network.js';

const setup = workerData as WorkerSetup;
const outbound = nodeOutbound(setup.getAllow, setup.getTimeoutMs);
/** How often a running query's memory is read (process.memoryUsage costs a few microseconds). */
const MEMORY_CHECK_MS = 10;
const parent = parentPort!;
function post(port: MessagePort, m: QueryMessage | LoadMessage, transfer?: ArrayBuffer[]): void {
  port.postMessage(m, transfer);
}

/** The bytes to send, as a buffer the worker can give away. */
function transferable(b: Uint8Array): Uint8Array {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer ? b : b.slice();
}

/** This thread's id for setpriority, where the OS gives one (Linux); else null. */
function threadId(): number | null {
  try {
    const m = /\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'));
    return m === null ? null : Number(m[1]);
  } catch {
    return null;
  }
}

/**
 * The worker's heap plus its buffers. Node counts buffers in arrayBuffers
 * (and in external, which holds it); Deno only in external (arrayBuffers
 * is 0 there); Bun in neither, so on Bun a query's budget covers its heap alone.
 */
function memoryHeld(): number {
  const m = process.memoryUsage();
  return m.heapUsed + Math.max(m.arrayBuffers, m.external);
}

async function runQuery(served: OpenedLake, spill: DiskSpillStore, msg: Extract<JobStart, { t: 'query' }>): Promise<void> {
  const { port, spec } = msg;
  const flag = new Int32Array(msg.flag);
  const abort = new AbortController();
  let credits = CHUNK_WINDOW;
  let wake: (() => void) | null = null;
  const stop = () => {
    if (abort.signal.aborted) return;
    const why = Atomics.load(flag, 0);
    abort.abort(why === TIMED_OUT ? new QueryTimeoutError(setup.timeoutMs ?? 0) : new QueryCanceledError());
    wake?.();
  };
  port.on('message', (m: QueryControl) => {
    if (m.t === 'ack') credits += m.n;
    else stop();
    wake?.();
  });
  // What the worker holds beyond what it held at the start is the query's:
  // checked every MEMORY_CHECK_MS, past the limit the query stops.
  const baseline = memoryHeld();
  let checked = performance.now();
  const poll = (): void => {
    if (Atomics.load(flag, 0) !== RUNNING) stop();
    const t = performance.now();
    if (t - checked >= MEMORY_CHECK_MS) {
      checked = t;
      if (!abort.signal.aborted && memoryHeld() - baseline > setup.memoryLimit) abort.abort(new QueryMemoryError(setup.memoryLimit));
    }
  };
  const pace = (): undefined => {
    poll();
    return undefined;
  };
  try {
    let body: AsyncGenerator<Uint8Array>;
    try {
      body = await startQueryJob(
        served.lake,
        spec,
        { signal: abort.signal, onError: (message, stage) => post(port, { t: 'error', message, stage }) },
        {
          now: clockNow,
          spillStore: spill,
          memoryLimit: setup.memoryLimit,
          pace,
          poll,
          outbound,
          ...(setup.statsIntervalMs !== undefined ? { statsIntervalMs: setup.statsIntervalMs } : {}),
        },
      );
    } catch (e) {
      post(port, { t: 'failed', error: plainError(e) });
      return;
    }
    post(port, { t: 'started' });
    try {
      for await (const chunk of body) {
        while (credits <= 0 && !abort.signal.aborted) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        if (abort.signal.aborted && Atomics.load(flag, 0) === CANCELED) break;
        credits--;
        const b = transferable(chunk);
        post(port, { t: 'data', bytes: b }, [b.buffer as ArrayBuffer]);
      }
    } catch (e) {
      // The job writes its own errors in-band; this is a failure of the job itself.
      post(port, { t: 'error', message: e instanceof Error ? e.message : String(e), stage: 'pull' });
    }
  } finally {
    post(port, { t: 'end', memory: memoryHeld() });
    port.close();
  }
}

/** The load's body as the main thread sends it, acked a few chunks at a time. */
async function* loadBody(port: MessagePort, abort: AbortController): AsyncGenerator<Uint8Array> {
  const queue: LoadInput[] = [];
  let wake: (() => void) | null = null;
  port.on('message', (m: LoadInput) => {
    if (m.t === 'stop') abort.abort(new QueryCanceledError());
    queue.push(m);
    wake?.();
    wake = null;
  });
  let taken = 0;
  for (;;) {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    const m = queue.shift()!;
    if (m.t !== 'data') {
      // Stopped: the client left or the connection broke, and nothing may commit.
      if (m.t === 'stop') throw abort.signal.reason;
      return;
    }
    if (++taken >= CHUNK_WINDOW / 4) {
      post(port, { t: 'ack', n: taken });
      taken = 0;
    }
    yield m.bytes;
  }
}

async function runLoad(served: OpenedLake, msg: Extract<JobStart, { t: 'load' }>): Promise<void> {
  const { port, spec } = msg;
  const abort = new AbortController();
  try {
    const result = await runLoadJob(served.lake, spec, loadBody(port, abort), abort.signal);
    post(port, { t: 'done', result, memory: memoryHeld() });
  } catch (e) {
    post(port, { t: 'failed', error: plainError(e), memory: memoryHeld() });
  } finally {
    port.close();
  }
}

async function main(): Promise<void> {
  let served: OpenedLake;
  try {
    useLocalParquetWasm();
    useNodeClock();
    served = await openLake(setup.lake);
  } catch (e) {
    parent.postMessage({ t: 'fatal', message: e instanceof Error ? e.message : String(e) } satisfies WorkerMessage);
    return;
  }
  const spill = new DiskSpillStore(setup.spillDir);
  // One job at a time: the pool never sends a second before the first ended.
  parent.on('message', (m: JobStart) => {
    if (m.t === 'query') void runQuery(served, spill, m);
    else if (m.t === 'load') void runLoad(served, m);
    else void served.close().finally(() => parent.close());
  });
  parent.postMessage({ t: 'ready', tid: threadId() } satisfies WorkerMessage);
}

void main();
