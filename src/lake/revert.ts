// Revert of one commit on a branch (spec lake-api.md §8, Zed's
// commits.Patch.Revert): for each object the commit added that the branch tip
// still has, a delete; for each object it deleted that the tip lacks, an add
// of the object as it was. Any commit of the pool may be reverted, on any
// branch; reverting a revert brings the data back.
import { InternalError } from '../errors/index.js';
import { ksuidHexToBase62, type KsuidHex } from '../util/ksuid.js';
import { decodeActions, type CommitAction } from './commit-actions.js';
import { withoutMeta, type CommitOptions } from './commit.js';
import type { LakeContext } from './context.js';
import type { DataObject } from './data-object.js';
import { parseIdOrThrow } from './ids.js';

export async function revertCommit(lc: LakeContext, pool: string, branch: string, commit: string, opts: CommitOptions): Promise<KsuidHex> {
  const p = await lc.pool(pool);
  await lc.branch(p, branch);
  const id = parseIdOrThrow(commit);
  const notFound = (): InternalError => new InternalError(`commit not found: ${ksuidHexToBase62(id)}`);
  const entry = await lc.deps.meta.getCommit(p.id, id);
  if (entry === null) throw notFound();
  // The commit's own effect: what it added (and kept) and what it deleted.
  const before = await lc.snapshot(p, entry.parent);
  const added = new Map<KsuidHex, DataObject>();
  const deleted: DataObject[] = [];
  for (const a of decodeActions(entry.actions, lc.ctx)) {
    if (a.kind === 'add') added.set(a.object.id, a.object);
    else if (a.kind === 'delete' && !added.delete(a.id)) {
      const o = before.get(a.id);
      if (o === undefined) {
        throw new InternalError(`corrupt snapshot: ID ${ksuidHexToBase62(a.id)} is in patch's deleted objects but not in patch's base snapshot`);
      }
      deleted.push(o);
    }
  }
  const result = await lc.commit(p, branch, withoutMeta(opts), async (parent) => {
    const tip = await lc.snapshot(p, parent);
    const actions: CommitAction[] = [];
    for (const o of added.values()) if (tip.has(o.id)) actions.push({ kind: 'delete', id: o.id });
    for (const o of deleted) if (!tip.has(o.id)) actions.push({ kind: 'add', object: o });
    if (actions.length === 0) throw new InternalError('revert commit is empty');
    return { actions, message: `reverted commit ${ksuidHexToBase62(id)}` };
  });
  return result.id;
}
