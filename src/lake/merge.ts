// Merge of a child branch into a parent (spec lake-api.md §8, Zed's
// lake/branch.go mergeInto and commits.Diff): from the two branches' nearest
// common ancestor, add to the parent what the child added and the parent
// lacks, and apply the child's deletes the parent still has. A child delete
// of what the parent no longer has is a delete conflict. Vector copies and
// index objects the child added come along for the objects that stay.
//
// Deviations: Zed finds no common ancestor when a branch was made from an
// empty one (its history starts at the nil commit) and fails; here the nil
// commit, the empty pool every history starts from, is the ancestor. Zed
// cannot see that the parent already deleted an object the child deletes and
// writes a commit that fails to replay; here that is the delete conflict the
// spec describes.
import { InternalError } from '../errors/index.js';
import { ksuidHexToBase62, NIL_KSUID, type KsuidHex } from '../util/ksuid.js';
import type { CommitAction } from './commit-actions.js';
import { withoutMeta, type CommitOptions } from './commit.js';
import type { LakeContext } from './context.js';
import type { Snapshot } from './snapshot.js';

export async function mergeBranches(
  lc: LakeContext,
  pool: string,
  childName: string,
  parentName: string,
  opts: CommitOptions,
): Promise<KsuidHex> {
  const p = await lc.pool(pool);
  const child = await lc.branch(p, childName);
  await lc.branch(p, parentName);
  if (childName === parentName) throw new InternalError('cannot merge branch into itself');
  const fail = (msg: string): InternalError =>
    new InternalError(`error merging ${JSON.stringify(childName)} into ${JSON.stringify(parentName)}: ${msg}`);
  // The child's tip is read once, as Zed opens the child branch before committing.
  const childPath = await path(lc, p.id, child.commit);
  const childSnap = await lc.snapshot(p, child.commit);
  const entry = await lc.commit(p, parentName, withoutMeta(opts), async (tip) => {
    const parentPath = new Set(await path(lc, p.id, tip));
    const base = childPath.find((id) => parentPath.has(id)) ?? NIL_KSUID;
    const baseSnap = await lc.snapshot(p, base);
    const parentSnap = await lc.snapshot(p, tip);
    const actions = diff(baseSnap, childSnap, parentSnap, fail);
    if (actions.length === 0) throw fail('difference is empty');
    return { actions, message: `merged ${JSON.stringify(childName)} into ${JSON.stringify(parentName)}` };
  });
  return entry.id;
}

/** The ids of commit `id` and its ancestors, newest first. */
async function path(lc: LakeContext, poolId: KsuidHex, id: KsuidHex): Promise<KsuidHex[]> {
  return (await lc.deps.meta.ancestry(poolId, id)).map((e) => e.id);
}

function diff(base: Snapshot, child: Snapshot, parent: Snapshot, fail: (msg: string) => InternalError): CommitAction[] {
  const deletes: CommitAction[] = [];
  for (const o of base.objects()) {
    if (child.has(o.id)) continue;
    if (!parent.has(o.id)) throw fail(`delete conflict: ${ksuidHexToBase62(o.id)}`);
    deletes.push({ kind: 'delete', id: o.id });
  }
  const adds: CommitAction[] = [];
  const extras: CommitAction[] = [];
  for (const o of child.objects()) {
    if (base.has(o.id)) continue;
    if (!parent.has(o.id)) adds.push({ kind: 'add', object: o });
  }
  // Vectors and index objects the child made for objects that survive the merge.
  const survives = (id: KsuidHex): boolean => child.has(id) && (parent.has(id) || !base.has(id));
  for (const o of child.vectorObjects()) {
    if (!base.hasVector(o.id) && !parent.hasVector(o.id) && survives(o.id)) extras.push({ kind: 'addVector', id: o.id });
  }
  for (const x of child.indexObjects()) {
    if (base.indexOf(x.id, x.rule.id) === undefined && parent.indexOf(x.id, x.rule.id) === undefined && survives(x.id)) {
      extras.push({ kind: 'addIndex', object: x });
    }
  }
  return [...deletes, ...adds, ...extras];
}
