// The Lake: pools and branches over the storage ports; load, delete, merge,
// revert and index commits; vacuum; snapshots at any commit (time travel),
// ordered scans and metadata counts. Each operation beyond the basics lives
// in its own module; this class is the one surface the service and exec use.
import { InternalError, InvalidError } from '../errors/index.js';
import { deleteBlobs, type BranchConfig, type IndexRule, type JournalEntry, type PoolConfig, type SortOrder } from '../storage/index.js';
import { ksuidHexToBase62, newKsuidHex, NIL_KSUID, type KsuidHex } from '../util/ksuid.js';
import { TypeContext, type Value } from '../zed/index.js';
import { withoutMeta, type CommitOptions, type CommitPlan } from './commit.js';
import { LakeContext, type LakeDeps } from './context.js';
import { countValues, type CountOptions } from './count.js';
import { objectKey, poolPrefix, type DataObject } from './data-object.js';
import { parseId } from './ids.js';
import { applyIndexRules, mayContain, updateIndexes } from './index-objects.js';
import { createIndexRules, deleteIndexRules, lookupIndexRules, type IndexRuleInput } from './index-rules.js';
import { deleteMessage, loadMessage, ObjectWriter, writeObjects } from './load.js';
import { mergeBranches } from './merge.js';
import { poolKeyOf, type KeySpan } from './pool-key.js';
import { revertCommit } from './revert.js';
import { compactObjects } from './compact.js';
import { columnObjects, type ColumnObject } from './column-scan.js';
import { addVectors, deleteVectors } from './vectors.js';
import { mergeObjects, planObjects, type ScanStats } from './scan.js';
import type { Snapshot } from './snapshot.js';
import type { ScanThreads } from './scan-threads.js';
import { poolStats, type PoolStats } from './stats.js';
import { DEFAULT_ORPHAN_GRACE_NS, idTimeNs, vacuumPool, type VacuumOptions, type VacuumResult } from './vacuum.js';

/** Zed's defaults (lake/data, lake/pools): seek stride and object threshold in bytes. */
export const DEFAULT_SEEK_STRIDE = 65536;
export const DEFAULT_THRESHOLD = 524_288_000;

export interface CreatePoolOptions {
  readonly layout?: { readonly order?: SortOrder; readonly keys?: readonly (readonly string[])[] };
  /** 0 or absent means the default. */
  readonly seekStride?: number;
  /** 0 or absent means the default. */
  readonly threshold?: number;
}

/** What pool create returns (Zed's lake.BranchMeta for main). */
export interface BranchMeta {
  readonly pool: PoolConfig;
  readonly branch: BranchConfig;
}

export interface CommitResult {
  readonly commit: KsuidHex;
}

export interface LoadResult extends CommitResult {
  readonly objects: readonly DataObject[];
}

export interface ScanOptions {
  /**
   * Prunes objects and seek streams that cannot hold a key in the span;
   * values outside it may still come back. A function gets the pool key's
   * path and returns the span (null: no pruning).
   */
  readonly keySpan?: KeySpan | ((path: readonly string[]) => KeySpan | null);
  /**
   * Prunes objects whose field index (a rule on exactly `path`) shows they
   * hold no value equal to `value` there; values without it may still come back.
   */
  readonly indexLookup?: { readonly path: readonly string[]; readonly value: Value };
  /** The context for the values read (default: a new one per scan). */
  readonly ctx?: TypeContext;
  /** Accumulates what the scan read. */
  readonly stats?: ScanStats;
}

export class Lake {
  readonly #lc: LakeContext;

  constructor(deps: LakeDeps) {
    this.#lc = new LakeContext(deps);
  }

  /** The threads a query may hand shares of its scans to, if any. */
  get scanThreads(): ScanThreads | undefined {
    return this.#lc.deps.scanThreads;
  }

  // --- pools ---

  /** Creates a pool with branch main at the nil commit (spec lake-api.md §5.2 defaults). */
  async createPool(name: string, opts: CreatePoolOptions = {}): Promise<BranchMeta> {
    if (name === 'HEAD') throw new InternalError('pool cannot be named "HEAD"');
    const keys = opts.layout?.keys;
    // No keys means ts descending whatever the order says; keys without an order mean asc.
    const layout =
      keys === undefined || keys.length === 0
        ? { order: 'desc' as const, keys: [['ts']] }
        : { order: opts.layout?.order ?? 'asc', keys: keys.map((k) => [...k]) };
    const ts = this.#lc.deps.now();
    const pool: PoolConfig = {
      id: newKsuidHex(ts),
      name,
      ts,
      layout,
      seekStride: opts.seekStride || DEFAULT_SEEK_STRIDE,
      threshold: opts.threshold || DEFAULT_THRESHOLD,
    };
    await this.#lc.deps.meta.createPool(pool);
    return { pool, branch: { name: 'main', ts, commit: NIL_KSUID } };
  }

  listPools(): Promise<PoolConfig[]> {
    return this.#lc.deps.meta.listPools();
  }

  /** The pool with id `nameOrId` (id syntax tried first), else the one so named. */
  getPool(nameOrId: string): Promise<PoolConfig> {
    return this.#lc.pool(nameOrId);
  }

  async renamePool(nameOrId: string, newName: string): Promise<void> {
    const p = await this.getPool(nameOrId);
    await this.#lc.deps.meta.renamePool(p.id, newName);
  }

  /** Removes the pool from the metadata, then its blobs (orphans if this stops midway). */
  async deletePool(nameOrId: string): Promise<void> {
    const p = await this.getPool(nameOrId);
    await this.#lc.deps.meta.deletePool(p.id);
    this.#lc.snapshots.dropPool(p.id);
    const keys: string[] = [];
    for await (const b of this.#lc.deps.blobs.list(poolPrefix(p.id))) keys.push(b.key);
    await deleteBlobs(this.#lc.deps.blobs, keys);
  }

  /** Size and key span of branch main (spec lake-api.md §5.4). */
  poolStats(pool: string): Promise<PoolStats> {
    return poolStats(this.#lc, pool);
  }

  // --- branches ---

  /** Creates branch `name` at commit `at` (id text; existence is not checked, as in Zed). */
  async createBranch(pool: string, name: string, at: string): Promise<BranchConfig> {
    const p = await this.getPool(pool);
    const commit = parseId(at);
    if (commit === null) throw new InvalidError(`invalid commit object: ${at}`);
    const branch: BranchConfig = { name, ts: this.#lc.deps.now(), commit };
    await this.#lc.deps.meta.createBranch(p.id, branch);
    return branch;
  }

  async deleteBranch(pool: string, name: string): Promise<void> {
    const p = await this.getPool(pool);
    await this.#lc.deps.meta.deleteBranch(p.id, name);
  }

  async listBranches(pool: string): Promise<BranchConfig[]> {
    const p = await this.getPool(pool);
    return this.#lc.deps.meta.listBranches(p.id);
  }

  async getBranch(pool: string, name: string): Promise<BranchConfig> {
    return this.#lc.branch(await this.getPool(pool), name);
  }

  /** The branch's tip commit (nil for a branch with no commits). */
  async branchTip(pool: string, name: string): Promise<KsuidHex> {
    return (await this.getBranch(pool, name)).commit;
  }

  /** A commitish (commit id syntax tried first, else a branch name) as a commit id. */
  async resolveCommitish(pool: string, commitish: string): Promise<KsuidHex> {
    return this.#lc.resolve(await this.getPool(pool), commitish);
  }

  // --- commits ---

  /**
   * Writes `values` as data objects sorted by the pool key, then adds them in
   * one commit on `branch`. Fails with `empty transaction` when no value came.
   */
  async load(pool: string, branch: string, values: AsyncIterable<readonly Value[]>, opts: CommitOptions = {}): Promise<LoadResult> {
    const lc = this.#lc;
    const p = await this.getPool(pool);
    // Check the branch first so a typo writes no objects.
    await lc.branch(p, branch);
    const writer = this.objectWriter(p);
    const objects = await writeObjects(writer, values);
    await this.#checkNotVacuumed(p, objects);
    const actions = objects.map((object) => ({ kind: 'add' as const, object }));
    const message = loadMessage(objects);
    // Adds hold on any parent: they go on the tip in one step, never conflicting with other writers.
    const entry = await lc.append(p, branch, opts, { actions, message });
    return { commit: entry.id, objects };
  }

  /** A writer of new data objects for `pool` (loads, and rewrites such as delete-where's). */
  objectWriter(p: PoolConfig): ObjectWriter {
    const deps = this.#lc.deps;
    return new ObjectWriter(deps, p.id, poolKeyOf(p), {
      threshold: p.threshold,
      seekStride: p.seekStride,
      ...(deps.loadMemoryLimit !== undefined ? { memoryLimit: deps.loadMemoryLimit } : {}),
    });
  }

  /**
   * A load that ran longer than half the orphan grace period might have had
   * its first objects taken by a vacuum as orphans: make sure they are there.
   */
  async #checkNotVacuumed(p: PoolConfig, objects: readonly DataObject[]): Promise<void> {
    const old = this.#lc.deps.now() - DEFAULT_ORPHAN_GRACE_NS / 2n;
    for (const o of objects) {
      if (idTimeNs(o.id) > old) continue;
      if ((await this.#lc.deps.blobs.getRange(objectKey(p.id, o.id), 0, 1)) === null) {
        throw new InternalError(`load: data object ${ksuidHexToBase62(o.id)} was removed before its commit`);
      }
    }
  }

  /** Deletes objects by id in one commit; each must be live at the tip (`<ID62>: commit object not found`). */
  async deleteObjects(pool: string, branch: string, ids: readonly KsuidHex[], opts: CommitOptions = {}): Promise<CommitResult> {
    const lc = this.#lc;
    const p = await this.getPool(pool);
    if (ids.length === 0) throw new InvalidError('empty transaction');
    const entry = await lc.commit(p, branch, withoutMeta(opts), async (parent) => {
      const snap = await lc.snapshot(p, parent);
      const objects = ids.map((id) => snap.lookup(id));
      return { actions: ids.map((id) => ({ kind: 'delete' as const, id })), message: deleteMessage(objects) };
    });
    return { commit: entry.id };
  }

  /**
   * Commits what `build` plans against the branch tip, rebuilding it after a
   * conflict (the primitive behind delete-where and similar rewrites).
   */
  async commitActions(
    pool: string,
    branch: string,
    opts: CommitOptions,
    build: (tip: Snapshot) => Promise<CommitPlan>,
  ): Promise<CommitResult> {
    const lc = this.#lc;
    const p = await this.getPool(pool);
    const entry = await lc.commit(p, branch, opts, async (parent) => build(await lc.snapshot(p, parent)));
    return { commit: entry.id };
  }

  /** Merges branch `child` into `parent` (spec lake-api.md §8). */
  async merge(pool: string, child: string, parent: string, opts: CommitOptions = {}): Promise<CommitResult> {
    return { commit: await mergeBranches(this.#lc, pool, child, parent, opts) };
  }

  /** Reverts commit `commit` (id text) on `branch`. */
  async revert(pool: string, branch: string, commit: string, opts: CommitOptions = {}): Promise<CommitResult> {
    return { commit: await revertCommit(this.#lc, pool, branch, commit, opts) };
  }

  /** Rewrites two or more objects (ids as text) merged in key order, in one commit (see compact.ts). */
  async compact(pool: string, branch: string, objectIds: readonly string[], opts: CommitOptions = {}, vectors = false): Promise<CommitResult> {
    return { commit: await compactObjects(this.#lc, pool, branch, objectIds, opts, vectors) };
  }

  /** Writes VNG copies of objects (ids as text) and binds them in one commit. */
  async addVectors(pool: string, branch: string, objectIds: readonly string[], opts: CommitOptions = {}): Promise<CommitResult> {
    return { commit: await addVectors(this.#lc, pool, branch, objectIds, opts) };
  }

  /** Unbinds objects' VNG copies in one commit (vacuum removes the files with their objects). */
  async deleteVectors(pool: string, branch: string, objectIds: readonly string[], opts: CommitOptions = {}): Promise<CommitResult> {
    return { commit: await deleteVectors(this.#lc, pool, branch, objectIds, opts) };
  }

  /** Removes the files of objects `revision` no longer uses (see vacuum.ts). */
  vacuum(pool: string, revision: string, opts: VacuumOptions): Promise<VacuumResult> {
    return vacuumPool(this.#lc, pool, revision, opts);
  }

  // --- index rules and index objects (API revisions up to 1.8.0) ---

  createIndexRules(rules: readonly IndexRuleInput[]): Promise<IndexRule[]> {
    return createIndexRules(this.#lc, rules);
  }

  /** Deletes rules by id (`0x` hex or base62); returns them. */
  deleteIndexRules(ids: readonly string[]): Promise<IndexRule[]> {
    return deleteIndexRules(this.#lc, ids);
  }

  listIndexRules(): Promise<IndexRule[]> {
    return this.#lc.deps.meta.listIndexRules();
  }

  /** The rules named by rule names or ids (all rules for none). */
  lookupIndexRules(refs: readonly string[]): Promise<IndexRule[]> {
    return lookupIndexRules(this.#lc, refs);
  }

  /** Applies rules (names or ids) to objects (object ids, or commit ids for their objects) in one commit. */
  async indexObjects(pool: string, branch: string, ruleNames: readonly string[], objectIds: readonly string[], opts: CommitOptions = {}): Promise<CommitResult> {
    return { commit: await applyIndexRules(this.#lc, pool, branch, ruleNames, objectIds, opts) };
  }

  /** Applies rules (all for none) to every object of the branch that lacks them, in one commit. */
  async updateIndex(pool: string, branch: string, ruleNames: readonly string[], opts: CommitOptions = {}): Promise<CommitResult> {
    return { commit: await updateIndexes(this.#lc, pool, branch, ruleNames, opts) };
  }

  // --- reading ---

  /** The live objects at a commitish. */
  async snapshot(pool: string, commitish: string): Promise<Snapshot> {
    const p = await this.getPool(pool);
    return this.#lc.snapshot(p, await this.#lc.resolve(p, commitish));
  }

  /** The metadata of the live objects at a commitish, in pool-key order. */
  async objects(pool: string, commitish: string): Promise<DataObject[]> {
    const p = await this.getPool(pool);
    const snap = await this.#lc.snapshot(p, await this.#lc.resolve(p, commitish));
    return planObjects(snap.objects(), poolKeyOf(p));
  }

  /** The commit of `pool` with id `id`, or null when the pool has none. */
  async getCommit(pool: string, id: KsuidHex): Promise<JournalEntry | null> {
    const p = await this.getPool(pool);
    return this.#lc.deps.meta.getCommit(p.id, id);
  }

  /** The commit `commitish` and its ancestors, newest first (none for a branch with no commits). */
  async history(pool: string, commitish: string): Promise<JournalEntry[]> {
    const p = await this.getPool(pool);
    return this.#lc.deps.meta.ancestry(p.id, await this.#lc.resolve(p, commitish));
  }

  /** The values at a commitish in pool-key order, merged across objects. */
  async *scan(pool: string, commitish: string, opts: ScanOptions = {}): AsyncGenerator<Value[]> {
    const lc = this.#lc;
    const p = await this.getPool(pool);
    const snap = await lc.snapshot(p, await lc.resolve(p, commitish));
    const key = poolKeyOf(p);
    const span = (typeof opts.keySpan === 'function' ? opts.keySpan(key.path) : opts.keySpan) ?? undefined;
    const planned = await this.#indexed(p, snap, planObjects(snap.objects(), key, span), opts.indexLookup);
    yield* mergeObjects(lc, p.id, planned, key, opts.ctx ?? new TypeContext(), span, opts.stats);
  }

  /** The data objects at a commitish, each readable by columns or as values (column-scan.ts). */
  async columnObjects(
    pool: string,
    commitish: string,
    opts: {
      readonly ctx: TypeContext;
      readonly stats?: ScanStats;
      /** Only the objects that may hold a key in it. */
      readonly span?: KeySpan;
      /** Only the objects whose field indexes may hold the value (as for scan). */
      readonly indexLookup?: ScanOptions['indexLookup'];
    },
  ): Promise<ColumnObject[]> {
    const lc = this.#lc;
    const p = await this.getPool(pool);
    const snap = await lc.snapshot(p, await lc.resolve(p, commitish));
    const key = poolKeyOf(p);
    return columnObjects(lc, p.id, key, await this.#indexed(p, snap, planObjects(snap.objects(), key, opts.span), opts.indexLookup), opts.ctx, opts.stats);
  }

  /** The objects whose field indexes may hold the lookup's value (all without a lookup). */
  async #indexed(p: PoolConfig, snap: Snapshot, planned: DataObject[], lookup: ScanOptions['indexLookup']): Promise<DataObject[]> {
    if (lookup === undefined) return planned;
    const kept: DataObject[] = [];
    for (const o of planned) if (await mayContain(this.#lc, p, snap, o.id, lookup.path, lookup.value)) kept.push(o);
    return kept;
  }

  /** The values of one data object of `pool`, in its (pool-key) order. */
  async *readObject(pool: string, object: DataObject, opts: { readonly ctx?: TypeContext; readonly stats?: ScanStats } = {}): AsyncGenerator<Value[]> {
    const p = await this.getPool(pool);
    yield* mergeObjects(this.#lc, p.id, [object], poolKeyOf(p), opts.ctx ?? new TypeContext(), undefined, opts.stats);
  }

  /** Counts the values at a commitish, from object metadata where it can (see count.ts). */
  async count(pool: string, commitish: string, opts: CountOptions = {}): Promise<number> {
    const p = await this.getPool(pool);
    return countValues(this.#lc, p, await this.#lc.snapshot(p, await this.#lc.resolve(p, commitish)), opts);
  }
}
