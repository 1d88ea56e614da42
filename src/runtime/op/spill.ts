// Spilling values to a SpillStore file and reading them back, for sort and
// fuse, in the run format summarize spills with (agg/spill-run.ts).

import type { Value, TypeContext } from '../../zed/index.js';
import { RunReader, RunWriter, type SpillFile, type SpillStore } from '../agg/index.js';

export { RunWriter as ValueRunWriter, RunReader as ValueRunReader };

/** Writes `vals` (in order) as one run in a new file of `store`. */
export async function writeRun(store: SpillStore, zctx: TypeContext, vals: readonly Value[], order?: ArrayLike<number>): Promise<SpillFile> {
  const file = await store.create();
  const w = new RunWriter(file, zctx);
  const n = order === undefined ? vals.length : order.length;
  for (let i = 0; i < n; i++) {
    const v = vals[order === undefined ? i : order[i]!]!;
    if (w.add(v)) await w.flush();
  }
  await w.flush();
  return file;
}
