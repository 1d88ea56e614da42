// Pool stats (spec lake-api.md §5.4, Zed's exec.GetPoolStats): the stored
// size of branch main's data objects, and their key span when the smallest
// key is a time.
import { TypeTime } from '../zed/index.js';
import type { LakeContext } from './context.js';
import { compareKeys } from './pool-key.js';

export interface PoolStats {
  /** Sum of the data objects' stored sizes. */
  readonly size: number;
  /** `ts` the smallest key, `dur` largest - smallest + 1 (ns); null unless the keys are times. */
  readonly span: { readonly ts: bigint; readonly dur: bigint } | null;
}

export async function poolStats(lc: LakeContext, pool: string): Promise<PoolStats> {
  const p = await lc.pool(pool);
  const main = await lc.branch(p, 'main');
  const objects = (await lc.snapshot(p, main.commit)).objects();
  let size = 0;
  for (const o of objects) size += o.size;
  const first = objects[0];
  if (first === undefined) return { size, span: null };
  let min = first.min;
  let max = first.max;
  for (const o of objects) {
    if (compareKeys(o.min, min) < 0) min = o.min;
    if (compareKeys(o.max, max) > 0) max = o.max;
  }
  if (min.type !== TypeTime) return { size, span: null };
  // Zed decodes the largest key as a time whatever it is (a null reads as 0) and swaps if need be.
  let lo = min.asInt();
  let hi = max.bytes === null ? 0n : max.asInt();
  if (hi < lo) [lo, hi] = [hi, lo];
  return { size, span: { ts: lo, dur: hi + 1n - lo } };
}
