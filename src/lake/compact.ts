// Compaction (spec lake-api.md §5.5, Zed's exec.Compact and
// Branch.CommitCompact): two or more objects of a branch are merged in
// pool-key order and rewritten as new objects, cut at the pool's threshold
// (or the lake's load memory limit) but never inside a run of equal keys; one
// commit deletes the sources and adds the results, with their vector copies
// when asked.
import { InternalError } from '../errors/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import { TypeContext } from '../zed/index.js';
import type { CommitAction } from './commit-actions.js';
import type { CommitOptions } from './commit.js';
import type { LakeContext } from './context.js';
import { parseIdOrThrow } from './ids.js';
import { ObjectWriter, printObjects } from './load.js';
import { poolKeyOf } from './pool-key.js';
import { mergeObjects, planObjects } from './scan.js';
import { writeVector } from './vectors.js';

export async function compactObjects(
  lc: LakeContext,
  pool: string,
  branch: string,
  ids: readonly string[],
  opts: CommitOptions,
  vectors: boolean,
): Promise<KsuidHex> {
  if (ids.length < 2) throw new InternalError('compact: two or more source objects required');
  const p = await lc.pool(pool);
  const base = await lc.snapshot(p, (await lc.branch(p, branch)).commit);
  const sources = ids.map((id) => base.lookup(parseIdOrThrow(id)));
  const key = poolKeyOf(p);
  const writer = new ObjectWriter(lc.deps, p.id, key, {
    threshold: p.threshold,
    seekStride: p.seekStride,
    sorted: true,
    ...(lc.deps.loadMemoryLimit !== undefined ? { memoryLimit: lc.deps.loadMemoryLimit } : {}),
  });
  for await (const b of mergeObjects(lc, p.id, planObjects(sources, key), key, new TypeContext())) await writer.write(b);
  const rollup = await writer.close();
  if (vectors) for (const o of rollup) await writeVector(lc, p, o);
  const plural = (n: number): string => (n === 1 ? '' : 's');
  const message =
    `compacted ${sources.length} object${plural(sources.length)}\n\n${printObjects(sources)}` +
    `\ncreated ${rollup.length} object${plural(rollup.length)}\n\n${printObjects(rollup, 10 - sources.length)}`;
  const entry = await lc.commit(p, branch, opts, async (parent) => {
    const snap = await lc.snapshot(p, parent);
    for (const o of sources) snap.lookup(o.id);
    const actions: CommitAction[] = [
      ...rollup.map((object) => ({ kind: 'add' as const, object })),
      ...(vectors ? rollup.map((o) => ({ kind: 'addVector' as const, id: o.id })) : []),
      ...sources.map((o) => ({ kind: 'delete' as const, id: o.id })),
    ];
    return { actions, message };
  });
  return entry.id;
}
