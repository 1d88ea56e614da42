// Meta-queries over the lake (spec lake-api.md §7): `from :pools`,
// `:branches`, `P:branches` and, at a commitish of P, `:objects`,
// `:partitions`, `:log`, `:rawlog`, `:vectors`, plus Zed v1.8.0's
// `:index_rules` and `P:indexes`. Records and type names are those of Zed's
// marshaler: package style (`pools.Config`, `ksuid.KSUID`) except the commits
// of `:log`, which Zed marshals in simple style (`Commit`, `KSUID`).
import type { ast } from '../compiler/index.js';
import { InvalidError } from '../errors/index.js';
import {
  actionValue,
  commitValue,
  decodeActions,
  decodeMeta,
  indexObjectValue,
  indexRuleValue,
  int64,
  objectValue,
  RecordMaker,
  str,
  time,
  type DataObject,
  type Lake,
} from '../lake/index.js';
import type { BranchConfig, PoolConfig } from '../storage/index.js';
import { compilePoolPattern } from './pool-pattern.js';
import { compareValues, TypeString, type Batch, type TypeContext, type Value } from '../zed/index.js';

/** Zed's dag.LakeMetas, PoolMetas and CommitMetas (with v1.8.0's index metas). */
const LAKE_METAS = new Set(['pools', 'branches', 'index_rules']);
const POOL_METAS = new Set(['branches']);
const COMMIT_METAS = new Set(['log', 'objects', 'partitions', 'rawlog', 'vectors', 'indexes']);

/** Throws Zed's message unless `meta` is a lake-level meta-query. */
export function checkLakeMeta(meta: string): void {
  if (!LAKE_METAS.has(meta)) throw new InvalidError(`unknown lake metadata type ${JSON.stringify(meta)} in from operator`);
}

/** Throws Zed's message unless `meta` is a pool or commit meta-query. */
export function checkPoolMeta(meta: string): void {
  if (!POOL_METAS.has(meta) && !COMMIT_METAS.has(meta)) throw new InvalidError(`unknown metadata type ${JSON.stringify(meta)}`);
}

/** `from :meta`. */
export async function* lakeMeta(lake: Lake, zctx: TypeContext, meta: string): AsyncGenerator<Batch> {
  checkLakeMeta(meta);
  const m = new RecordMaker(zctx);
  const out: Value[] = [];
  switch (meta) {
    case 'pools':
      for (const p of await lake.listPools()) out.push(poolValue(m, p));
      break;
    case 'branches':
      for (const p of await lake.listPools()) {
        // A pool deleted meanwhile has no branches to show.
        for (const b of await lake.listBranches(ref(p)).catch(() => [])) out.push(branchMetaValue(m, p, b));
      }
      break;
    case 'index_rules':
      for (const r of await lake.listIndexRules()) out.push(indexRuleValue(m, r));
      break;
  }
  if (out.length > 0) yield out;
}

/** `from pool[@commitish]:meta`. */
export async function* poolMeta(lake: Lake, zctx: TypeContext, pool: string, commitish: string | null, meta: string): AsyncGenerator<Batch> {
  checkPoolMeta(meta);
  const m = new RecordMaker(zctx);
  const p = await lake.getPool(pool);
  const id = ref(p);
  if (POOL_METAS.has(meta)) {
    const out = (await lake.listBranches(id)).map((b) => branchMetaValue(m, p, b));
    if (out.length > 0) yield out;
    return;
  }
  const at = commitish ?? 'main';
  let out: Value[] = [];
  switch (meta) {
    case 'objects':
      out = (await lake.objects(id, at)).map((o) => objectValue(m, o));
      break;
    case 'partitions':
      out = partitions(m, await lake.objects(id, at));
      break;
    case 'vectors': {
      const snap = await lake.snapshot(id, at);
      out = (await lake.objects(id, at)).filter((o) => snap.hasVector(o.id)).map((o) => objectValue(m, o));
      break;
    }
    case 'indexes':
      out = (await lake.snapshot(id, at)).indexObjects().map((x) => indexObjectValue(m, x));
      break;
    case 'log': {
      for (const b of await lake.listBranches(id)) {
        out.push(m.named('lake.BranchTip', m.record([['Name', str(b.name)], ['Commit', m.id(b.commit)]])));
      }
      for (const e of await lake.history(id, at)) out.push(commitValue(m, e, decodeMeta(e.meta, zctx), 'simple'));
      break;
    }
    case 'rawlog': {
      const history = await lake.history(id, at);
      for (let k = history.length - 1; k >= 0; k--) {
        const e = history[k]!;
        out.push(commitValue(m, e, decodeMeta(e.meta, zctx), 'package'));
        for (const a of decodeActions(e.actions, zctx)) out.push(actionValue(m, e.id, a));
      }
      break;
    }
  }
  if (out.length > 0) yield out;
}

/** A reference to a pool by id, which a rename cannot break. */
function ref(p: PoolConfig): string {
  return `0x${p.id}`;
}

/** A pool config as Zed marshals it (`pools.Config`, with the `order.SortKey` layout). */
export function poolValue(m: RecordMaker, p: PoolConfig): Value {
  const path = m.ctx.lookupNamed('field.Path', m.ctx.lookupArray(TypeString));
  const keys = p.layout.keys.map((k) => m.named('field.Path', m.array(k.map(str), TypeString)));
  const layout = m.named(
    'order.SortKey',
    m.record([
      ['order', m.named('order.Which', str(p.layout.order))],
      ['keys', m.named('field.List', m.array(keys, path))],
    ]),
  );
  return m.named(
    'pools.Config',
    m.record([
      ['ts', time(p.ts)],
      ['name', str(p.name)],
      ['id', m.id(p.id)],
      ['layout', layout],
      ['seek_stride', int64(p.seekStride)],
      ['threshold', int64(p.threshold)],
    ]),
  );
}

/** A branch as Zed marshals it (`branches.Config`). */
export function branchValue(m: RecordMaker, b: BranchConfig): Value {
  return m.named('branches.Config', m.record([['ts', time(b.ts)], ['name', str(b.name)], ['commit', m.id(b.commit)]]));
}

/** `{pool,branch}(=lake.BranchMeta)`. */
export function branchMetaValue(m: RecordMaker, p: PoolConfig, b: BranchConfig): Value {
  return m.named('lake.BranchMeta', m.record([['pool', poolValue(m, p)], ['branch', branchValue(m, b)]]));
}

/**
 * Zed's meta.Slicer: objects in pool order grouped into runs whose key
 * ranges overlap, each as `{min,max,objects}(=meta.Partition)`.
 */
function partitions(m: RecordMaker, objects: readonly DataObject[]): Value[] {
  const out: Value[] = [];
  let group: DataObject[] = [];
  let min: Value | null = null;
  let max: Value | null = null;
  const flush = (): void => {
    if (group.length === 0 || min === null || max === null) return;
    const objs = group.map((o) => objectValue(m, o));
    const elem = objs[0]!.type;
    out.push(m.named('meta.Partition', m.record([['min', m.adopt(min)], ['max', m.adopt(max)], ['objects', m.array(objs, elem)]])));
    group = [];
  };
  for (const o of objects) {
    if (min !== null && max !== null && (compareValues(o.max, min) < 0 || compareValues(o.min, max) > 0)) {
      flush();
      min = null;
      max = null;
    }
    group.push(o);
    if (min === null || compareValues(min, o.min) > 0) min = o.min;
    if (max === null || compareValues(max, o.max) < 0) max = o.max;
  }
  flush();
  return out;
}

/**
 * What lakeSources opens for a pool spec that is not a plain pool name: a
 * meta-query, or a glob or regexp naming several pools (each read at the
 * spec's commitish; Zed reads them side by side, here one after another).
 */
export function openSpecialSource(lake: Lake, zctx: TypeContext, spec: ast.PoolSpec): AsyncIterable<Batch> {
  const pool = spec.pool;
  if (pool === null) {
    if (spec.meta === null || spec.meta === '') throw new InvalidError('pool name missing');
    checkLakeMeta(spec.meta);
    return lakeMeta(lake, zctx, spec.meta);
  }
  if (spec.meta !== null) checkPoolMeta(spec.meta);
  const meta = spec.meta;
  const commitish = spec.commit;
  const names: () => Promise<string[]> =
    pool.kind === 'Glob' || pool.kind === 'Regexp' ? () => matchPools(lake, pool) : async () => [pool.text];
  return (async function* () {
    for (const name of await names()) {
      if (meta !== null) yield* poolMeta(lake, zctx, name, commitish, meta);
      else yield* lake.scan(name, commitish ?? 'main', { ctx: zctx });
    }
  })();
}

/** The names of the pools a glob (matched whole) or a regexp (matched anywhere) selects. */
export async function matchPools(lake: Lake, pattern: ast.Glob | ast.Regexp): Promise<string[]> {
  const what = pattern.kind === 'Glob' ? 'glob' : 'regexp';
  const re = compilePoolPattern(pattern);
  if (typeof re === 'string') throw new InvalidError(re);
  const names = (await lake.listPools()).map((p) => p.name).filter((n) => re.test(n));
  if (names.length === 0) throw new InvalidError(`${pattern.pattern}: pool matching ${what} not found`);
  return names.sort();
}
