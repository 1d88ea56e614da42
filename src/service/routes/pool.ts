// Pools: create, rename, delete, stats and vacuum (lake-api.md §5.2-5.5).

import { InvalidError } from '../../errors/index.js';
import type { CreatePoolOptions } from '../../lake/index.js';
import { readBody, decodeRequest } from '../body.js';
import type { Ctx } from '../context.js';
import type { RouteKit } from '../kit.js';
import { boolQuery, pathParam } from '../params.js';
import { noContent, respondValue } from '../respond.js';
import { checkPoolAccess } from '../middleware/authorize.js';
import { Wire } from '../wire.js';

function parseOrder(s: string | undefined): 'asc' | 'desc' | undefined {
  if (s === undefined || s === '') return undefined;
  const o = s.toLowerCase();
  if (o === 'asc' || o === 'desc') return o;
  throw new InvalidError(`unknown order: ${JSON.stringify(s)}`);
}

export function poolRoutes(kit: RouteKit): void {
  const { lake, settings } = kit;

  const body = async (c: Ctx) => decodeRequest(await readBody(c.req.raw, settings.bodyLimit), c.req.header('Content-Type') ?? null, c.get('caps'));

  kit.api('POST', '/pool', async (c) => {
    const req = await body(c);
    const layout = req.record('layout');
    const keys = layout?.stringLists('keys');
    const order = parseOrder(layout?.string('order'));
    const opts: CreatePoolOptions = {
      layout: { ...(order !== undefined ? { order } : {}), ...(keys !== undefined ? { keys } : {}) },
      seekStride: req.int('seek_stride') ?? 0,
      threshold: req.int('thresh') ?? 0,
    };
    const meta = await lake.createPool(req.string('name') ?? '', opts);
    kit.publish({ kind: 'pool-new', poolId: meta.pool.id, poolName: meta.pool.name });
    return respondValue(c, new Wire(c.get('caps').revision).branchMeta(meta));
  });

  kit.api('PUT', '/pool/:pool', async (c) => {
    const req = await body(c);
    const pool = await lake.getPool(pathParam(c, 'pool'));
    const name = req.string('name') ?? '';
    // Renaming gives the pool to whoever may administer the new name: that takes admin on it too.
    await checkPoolAccess(lake, c.get('scopes'), name, 'admin');
    await lake.renamePool(`0x${pool.id}`, name);
    kit.publish({ kind: 'pool-update', poolId: pool.id, poolName: name, formerName: pool.name });
    return noContent();
  });

  kit.api('DELETE', '/pool/:pool', async (c) => {
    const pool = await lake.getPool(pathParam(c, 'pool'));
    await lake.deletePool(`0x${pool.id}`);
    kit.publish({ kind: 'pool-delete', poolId: pool.id, poolName: pool.name });
    return noContent();
  });

  kit.api('GET', '/pool/:pool/stats', async (c) => {
    const pool = await lake.getPool(pathParam(c, 'pool'));
    // Always about main (Zed's handlePoolStats): 404 when main is gone.
    await lake.getBranch(`0x${pool.id}`, 'main');
    const stats = await lake.poolStats(`0x${pool.id}`);
    return respondValue(c, new Wire(c.get('caps').revision).poolStats(stats));
  });

  kit.api(
    'POST',
    '/pool/:pool/revision/:revision/vacuum',
    async (c) => {
      const pool = pathParam(c, 'pool');
      const revision = pathParam(c, 'revision');
      const dryrun = boolQuery(c, 'dryrun');
      const r = await lake.vacuum(pool, revision, { dryrun });
      return respondValue(c, new Wire(c.get('caps').revision).vacuumResponse(r.objectIds));
    },
    { when: (caps) => caps.vacuum },
  );
}
