// Branches: create, tip, delete, and the commits made on a branch other than
// load: delete (by ids or where), merge and revert (lake-api.md §5.3, §8).

import { InvalidError } from '../../errors/index.js';
import { decodeActions, parseId, parseIdOrThrow, type Lake } from '../../lake/index.js';
import type { KsuidHex } from '../../util/ksuid.js';
import { decodeRequest, readBody } from '../body.js';
import { commitOptions } from '../commit-options.js';
import type { Ctx } from '../context.js';
import type { RouteKit } from '../kit.js';
import { deleteWhere } from '../../exec/index.js';
import { commitMessage, pathParam, rawPathParam } from '../params.js';
import { noContent, respondValue } from '../respond.js';
import { Wire } from '../wire.js';

/**
 * v1.2.0's delete ids: a commit of the pool stands for the data objects it
 * added (none for a commit that added none); any other id is kept as an
 * object id, which the delete then checks against the tip.
 */
async function expandCommits(lake: Lake, pool: string, ids: readonly KsuidHex[]): Promise<KsuidHex[]> {
  const out: KsuidHex[] = [];
  for (const id of ids) {
    const commit = await lake.getCommit(pool, id);
    if (commit === null) {
      out.push(id);
      continue;
    }
    for (const a of decodeActions(commit.actions)) if (a.kind === 'add') out.push(a.object.id);
  }
  return out;
}

export function branchRoutes(kit: RouteKit): void {
  const { lake, settings } = kit;
  const body = async (c: Ctx) => decodeRequest(await readBody(c.req.raw, settings.bodyLimit), c.req.header('Content-Type') ?? null, c.get('caps'));

  kit.api('POST', '/pool/:pool', async (c) => {
    const req = await body(c);
    const pool = await lake.getPool(pathParam(c, 'pool'));
    const name = req.string('name') ?? '';
    const commit = req.string('commit') ?? '';
    if (parseId(commit) === null) throw new InvalidError(`invalid commit object: ${commit}`);
    const branch = await lake.createBranch(`0x${pool.id}`, name, commit);
    kit.publish({ kind: 'branch-update', poolId: pool.id, poolName: pool.name, branch: branch.name });
    return respondValue(c, new Wire(c.get('caps').revision).branchConfig(branch));
  });

  kit.api('GET', '/pool/:pool/branch/:branch', async (c) => {
    const name = pathParam(c, 'branch');
    const pool = await lake.getPool(pathParam(c, 'pool'));
    const branch = await lake.getBranch(`0x${pool.id}`, name);
    return respondValue(c, new Wire(c.get('caps').revision).commitResponse(branch.commit, null));
  });

  kit.api('DELETE', '/pool/:pool/branch/:branch', async (c) => {
    const pool = await lake.getPool(pathParam(c, 'pool'));
    const name = pathParam(c, 'branch');
    await lake.deleteBranch(`0x${pool.id}`, name);
    kit.publish({ kind: 'branch-delete', poolId: pool.id, poolName: pool.name, branch: name });
    return noContent();
  });

  kit.api('POST', '/pool/:pool/branch/:branch/delete', async (c) => {
    const caps = c.get('caps');
    const name = pathParam(c, 'branch');
    const msg = commitMessage(c);
    const req = await body(c);
    const pool = await lake.getPool(pathParam(c, 'pool'));
    await lake.getBranch(`0x${pool.id}`, name);
    const ids = req.strings('object_ids') ?? [];
    const where = caps.deleteWhere ? (req.string('where') ?? '') : '';
    let commit: string;
    if (ids.length > 0) {
      if (where !== '') throw new InvalidError('object_ids and where cannot both be set');
      let parsed = ids.map((s) => parseIdOrThrow(s));
      if (caps.deleteByCommit) parsed = await expandCommits(lake, `0x${pool.id}`, parsed);
      commit = (await lake.deleteObjects(`0x${pool.id}`, name, parsed, commitOptions(msg))).commit;
    } else {
      if (where === '') throw new InvalidError('either object_ids or where must be set');
      commit = (await deleteWhere(lake, `0x${pool.id}`, name, where, commitOptions(msg, true))).commit;
    }
    if (caps.unifiedCommitEvents) {
      kit.publish({ kind: 'branch-commit', op: 'delete', poolId: pool.id, poolName: pool.name, commitId: commit, branch: name, parent: '' });
    }
    return respondValue(c, new Wire(caps.revision).commitResponse(commit, null));
  });

  kit.api('POST', '/pool/:pool/branch/:branch/merge/:child', async (c) => {
    const pool = await lake.getPool(pathParam(c, 'pool'));
    const parent = pathParam(c, 'branch');
    const child = pathParam(c, 'child');
    const msg = commitMessage(c);
    const r = await lake.merge(`0x${pool.id}`, child, parent, commitOptions(msg));
    // Zed's quirk: the event's branch is the child (source) and parent the target.
    kit.publish({ kind: 'branch-commit', op: 'merge', poolId: pool.id, poolName: pool.name, commitId: r.commit, branch: child, parent });
    return respondValue(c, new Wire(c.get('caps').revision).commitResponse(r.commit, null));
  });

  kit.api('POST', '/pool/:pool/branch/:branch/revert/:commit', async (c) => {
    const pool = await lake.getPool(pathParam(c, 'pool'));
    const name = pathParam(c, 'branch');
    const raw = rawPathParam(c, 'commit');
    const id = parseId(raw);
    if (id === null) throw new InvalidError(`invalid path param "commit": invalid ID: ${raw}`);
    const msg = commitMessage(c);
    const r = await lake.revert(`0x${pool.id}`, name, `0x${id}`, commitOptions(msg));
    kit.publish({ kind: 'branch-commit', op: 'revert', poolId: pool.id, poolName: pool.name, commitId: r.commit, branch: name, parent: '' });
    return respondValue(c, new Wire(c.get('caps').revision).commitResponse(r.commit, null));
  });
}
