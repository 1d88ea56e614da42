// Compaction and vector copies (lake-api.md §5.5): POST …/branch/{b}/compact
// rewrites two or more objects merged in key order (every revision), and
// POST/DELETE …/revision/{branch}/vector add or drop VNG copies of objects
// (latest). Object ids come as Zed bytes (ZSON `0x…`, ZNG); JSON strings are
// refused, as in Zed.

import { decodeRequest, readBody } from '../body.js';
import { commitOptions } from '../commit-options.js';
import type { Ctx } from '../context.js';
import type { RouteKit } from '../kit.js';
import { boolQuery, commitMessage, pathParam } from '../params.js';
import { respondValue } from '../respond.js';
import { Wire } from '../wire.js';

export function compactRoutes(kit: RouteKit): void {
  const { lake, settings } = kit;
  const body = async (c: Ctx) => decodeRequest(await readBody(c.req.raw, settings.bodyLimit), c.req.header('Content-Type') ?? null, c.get('caps'));

  kit.api('POST', '/pool/:pool/branch/:branch/compact', async (c) => {
    const req = await body(c);
    const ids = (req.byteIds('object_ids') ?? []).map((id) => `0x${id}`);
    const branch = pathParam(c, 'branch');
    const vectors = boolQuery(c, 'vectors');
    const msg = commitMessage(c);
    const pool = await lake.getPool(pathParam(c, 'pool'));
    const r = await lake.compact(`0x${pool.id}`, branch, ids, commitOptions(msg, true), vectors);
    kit.publish({ kind: 'branch-commit', op: 'compact', poolId: pool.id, poolName: pool.name, commitId: r.commit, branch, parent: '' });
    return respondValue(c, new Wire(c.get('caps').revision).commitResponse(r.commit, null));
  });

  const vector = (add: boolean) => async (c: Ctx) => {
    const pool = pathParam(c, 'pool');
    const revision = pathParam(c, 'revision');
    const req = await body(c);
    const ids = (req.byteIds('object_ids') ?? []).map((id) => `0x${id}`);
    const opts = commitOptions(commitMessage(c));
    const r = add ? await lake.addVectors(pool, revision, ids, opts) : await lake.deleteVectors(pool, revision, ids, opts);
    return respondValue(c, new Wire(c.get('caps').revision).commitResponse(r.commit, null));
  };
  const latest = { when: (caps: { vectors: boolean }) => caps.vectors };
  kit.api('POST', '/pool/:pool/revision/:revision/vector', vector(true), latest);
  kit.api('DELETE', '/pool/:pool/revision/:revision/vector', vector(false), latest);
}
