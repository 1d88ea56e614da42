// Lake maintenance as Zed's cmd/zed/internal/lakemanage does it, for
// `zlake manage` and `zlake serve -manage`: per pool branch, the objects in
// order of their smallest key are gathered into runs (objects that overlap,
// or that together stay under the pool's threshold); a run of two or more is
// compacted in one commit, a lone object gets its vector copy when asked.

import { compareValues, InvalidError, parseId, TypeContext, ksuidHexToBase62, type KsuidHex, type Value } from '../../../src/index.js';
import type { Logger } from '../service-log.js';
import type { LakeApi } from './api.js';
import { fieldOf, idOf } from './values.js';

export interface PoolConfig {
  readonly pool: string;
  readonly branch?: string;
  readonly vectors?: boolean;
}

/** lakemanage.Config (the YAML of `zed manage -config`). */
export interface ManageConfig {
  /** Between passes of -monitor, in ms. */
  readonly intervalMs?: number;
  readonly vectors?: boolean;
  readonly pools?: readonly PoolConfig[];
}

export const DEFAULT_INTERVAL_MS = 60_000;

interface PoolInfo {
  readonly name: string;
  readonly id: KsuidHex;
  readonly threshold: number;
}

interface ObjectInfo {
  readonly id: KsuidHex;
  readonly min: Value;
  readonly max: Value;
  readonly size: number;
  readonly vector: boolean;
}

const NO_MESSAGE = { author: '', body: '', meta: '' };

/** One maintenance pass over the configured pools (every pool when none is named). */
export async function updateLake(api: LakeApi, conf: ManageConfig, logger: Logger): Promise<void> {
  const pools = await selectPools(conf, await listPools(api));
  for (const pool of pools) {
    const pc = poolConfig(conf, pool);
    const log = logger.named('pool', { name: pool.name, id: ksuidHexToBase62(pool.id), branch: pc.branch, vectors: pc.vectors });
    log.log('info', 'updating pool');
    try {
      await manageBranch(api, pool, pc, log);
    } catch (e) {
      log.log('error', 'update error', { error: e instanceof Error ? e.message : String(e) });
    }
  }
}

/** Config.poolConfig: the pool's own entry (branch main unless named), else the lake-wide vectors setting. */
function poolConfig(conf: ManageConfig, pool: PoolInfo): { branch: string; vectors: boolean } {
  for (const pc of conf.pools ?? []) {
    if (pc.pool !== pool.name && parseId(pc.pool) !== pool.id) continue;
    return { branch: pc.branch === undefined || pc.branch === '' ? 'main' : pc.branch, vectors: pc.vectors === true };
  }
  return { branch: 'main', vectors: conf.vectors === true };
}

async function listPools(api: LakeApi): Promise<PoolInfo[]> {
  const out: PoolInfo[] = [];
  for (const v of await values(api, 'from :pools')) {
    const id = idOf(fieldOf(v, 'id'));
    const name = fieldOf(v, 'name');
    if (id === null || name === undefined || name.bytes === null) continue;
    out.push({ name: new TextDecoder().decode(name.bytes), id, threshold: fieldOf(v, 'threshold')?.asIntNumber() ?? 0 });
  }
  return out;
}

async function selectPools(conf: ManageConfig, all: readonly PoolInfo[]): Promise<PoolInfo[]> {
  if (conf.pools === undefined || conf.pools.length === 0) return [...all];
  const seen = new Set<KsuidHex>();
  const out: PoolInfo[] = [];
  for (const pc of conf.pools) {
    const id = parseId(pc.pool);
    const p = all.find((x) => x.id === id || x.name === pc.pool);
    if (p === undefined) throw new InvalidError(`pool ${JSON.stringify(pc.pool)} not found`);
    if (seen.has(p.id)) throw new InvalidError(`duplicate pool in configuration: ${JSON.stringify(pc.pool)}`);
    seen.add(p.id);
    out.push(p);
  }
  return out;
}

async function manageBranch(api: LakeApi, pool: PoolInfo, pc: { branch: string; vectors: boolean }, log: Logger): Promise<void> {
  log.log('debug', 'compaction started');
  const objects = await listObjects(api, pool, pc.branch);
  let found = 0;
  let compacted = 0;
  const lone: KsuidHex[] = [];
  let error: unknown = null;
  try {
    for (const run of runs(objects, pool.threshold)) {
      if (run.length === 1) {
        if (!run[0]!.vector) lone.push(run[0]!.id);
        continue;
      }
      const ids = run.map((o) => o.id);
      const commit = await api.compact(pool.id, pc.branch, ids, pc.vectors, NO_MESSAGE);
      found++;
      compacted += ids.length;
      log.log('debug', 'compacted', { commit: ksuidHexToBase62(commit), objects_compacted: ids.length });
    }
  } catch (e) {
    error = e;
  }
  let vectors = 0;
  if (error === null && pc.vectors && lone.length > 0) {
    try {
      await api.vectors(true, pool.name, pc.branch, lone, NO_MESSAGE);
      vectors = lone.length;
    } catch (e) {
      error = e;
    }
  }
  log.log('info', 'compaction completed', { runs_found: found, objects_compacted: compacted, vectors_created: vectors });
  if (error !== null) throw error;
}

/** The objects of a branch with their vector flag, in order of min (nulls last). */
async function listObjects(api: LakeApi, pool: PoolInfo, branch: string): Promise<ObjectInfo[]> {
  const at = `${JSON.stringify(pool.name)}@${JSON.stringify(branch)}`;
  const withVector = new Set<KsuidHex>();
  for (const v of await values(api, `from ${at}:vectors`)) {
    const id = idOf(fieldOf(v, 'id'));
    if (id !== null) withVector.add(id);
  }
  const out: ObjectInfo[] = [];
  for (const v of await values(api, `from ${at}:objects`)) {
    const id = idOf(fieldOf(v, 'id'));
    const min = fieldOf(v, 'min');
    const max = fieldOf(v, 'max');
    if (id === null || min === undefined || max === undefined) continue;
    out.push({ id, min, max, size: fieldOf(v, 'size')?.asIntNumber() ?? 0, vector: withVector.has(id) });
  }
  return out.sort((a, b) => compareValues(a.min, b.min));
}

/** scan's runs: an object joins the run it overlaps, or one whose size it keeps under the threshold. */
function* runs(objects: readonly ObjectInfo[], threshold: number): Generator<ObjectInfo[]> {
  let run: ObjectInfo[] = [];
  let lo: Value | null = null;
  let hi: Value | null = null;
  let size = 0;
  for (const o of objects) {
    const overlaps = lo !== null && hi !== null && compareValues(o.min, hi) <= 0 && compareValues(o.max, lo) >= 0;
    if (!(overlaps || size + o.size < threshold) && run.length > 0) {
      yield run;
      run = [];
      lo = hi = null;
      size = 0;
    }
    run.push(o);
    size += o.size;
    lo = lo === null || compareValues(o.min, lo) < 0 ? o.min : lo;
    hi = hi === null || compareValues(o.max, hi) > 0 ? o.max : hi;
    if (compareValues(o.max, lo) < 0) lo = o.max;
    if (compareValues(o.min, hi) > 0) hi = o.min;
  }
  if (run.length > 0) yield run;
}

async function values(api: LakeApi, query: string): Promise<Value[]> {
  const run = await api.query(query, null, { zctx: new TypeContext() });
  const out: Value[] = [];
  for await (const batch of run.batches) out.push(...batch);
  return out;
}
