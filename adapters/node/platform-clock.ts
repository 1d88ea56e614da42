// Node's clock for the engine (src/util/clock.ts): process.hrtime, which Node
// has loaded before any script runs, where the Web's `performance` would be
// loaded on first use (1-2 ms of a short command such as `zlake ls`).
import { setPlatformClock } from '../../src/index.js';

/** Makes the engine read time from process.hrtime and Date. */
export function useNodeClock(): void {
  const start = process.hrtime.bigint();
  const startWall = Date.now();
  const elapsedMs = (): number => Number(process.hrtime.bigint() - start) / 1e6;
  setPlatformClock({ elapsedMs, wallMs: () => startWall + elapsedMs() });
}
