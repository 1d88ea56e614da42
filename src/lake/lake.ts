// The Lake: pools and branches over the storage ports, loads and deletes as
// commits, snapshots at any commit (time travel) and ordered scans.

import { InternalError, InvalidError } from '../errors/index.js';
import type {
  BlobStore,
  BranchConfig,
  MetaStore,
  PoolConfig,
  SortOrder,
} from '../storage/index.js';
import { newKsuidHex, NIL_KSUID, type KsuidHex } from '../util/ksuid.js';
import { TypeContext, type Value } from '../zed/index.js';
import { commitWithRetry, type CommitOptions } from './commit.js';
import { poolPrefix, type DataObject } from './data-object.js';
import { branchNotFound, poolNotFound } from './errors.js';
import { parseId } from './ids.js';
import { deleteMessage, loadMessage, ObjectWriter, writeObjects } from './load.js';
import { poolKeyOf, type KeySpan } from './pool-key.js';
import { mergeObjects, planObjects } from './scan.js';
import { Snapshot, SnapshotCache } from './snapshot.js';

export interface LakeDeps {
  readonly blobs: BlobStore;
  readonly meta: MetaStore;
  /** Unix nanoseconds. */
  now(): bigint;
}

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
  /** Prunes objects that cannot hold a key in the span; values outside it may still come back. */
  readonly keySpan?: KeySpan;
  /** The context for the values read (default: a new one per scan). */
  readonly ctx?: TypeContext;
}

export class Lake {
  readonly #deps: LakeDeps;
  readonly #snapshots: SnapshotCache;

  constructor(deps: LakeDeps) {
    this.#deps = deps;
    this.#snapshots = new SnapshotCache(deps.meta, new TypeContext());
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
    const ts = this.#deps.now();
    const pool: PoolConfig = {
      id: newKsuidHex(ts),
      name,
      ts,
      layout,
      seekStride: opts.seekStride || DEFAULT_SEEK_STRIDE,
      threshold: opts.threshold || DEFAULT_THRESHOLD,
    };
    await this.#deps.meta.createPool(pool);
    return { pool, branch: { name: 'main', ts, commit: NIL_KSUID } };
  }

  listPools(): Promise<PoolConfig[]> {
    return this.#deps.meta.listPools();
  }

  /** The pool with id `nameOrId` (id syntax tried first), else the one so named. */
  async getPool(nameOrId: string): Promise<PoolConfig> {
    const id = parseId(nameOrId);
    if (id !== null) {
      const p = await this.#deps.meta.getPool(id);
      if (p !== null) return p;
    }
    const p = await this.#deps.meta.getPoolByName(nameOrId);
    if (p === null) throw poolNotFound(nameOrId);
    return p;
  }

  async renamePool(nameOrId: string, newName: string): Promise<void> {
    const p = await this.getPool(nameOrId);
    await this.#deps.meta.renamePool(p.id, newName);
  }

  /** Removes the pool from the metadata, then its blobs (orphans if this stops midway). */
  async deletePool(nameOrId: string): Promise<void> {
    const p = await this.getPool(nameOrId);
    await this.#deps.meta.deletePool(p.id);
    this.#snapshots.dropPool(p.id);
    const keys: string[] = [];
    for await (const b of this.#deps.blobs.list(poolPrefix(p.id))) keys.push(b.key);
    for (const k of keys) await this.#deps.blobs.delete(k);
  }

  // --- branches ---

  /** Creates branch `name` at commit `at` (id text; existence is not checked, as in Zed). */
  async createBranch(pool: string, name: string, at: string): Promise<BranchConfig> {
    const p = await this.getPool(pool);
    const commit = parseId(at);
    if (commit === null) throw new InvalidError(`invalid commit object: ${at}`);
    const branch: BranchConfig = { name, ts: this.#deps.now(), commit };
    await this.#deps.meta.createBranch(p.id, branch);
    return branch;
  }

  async deleteBranch(pool: string, name: string): Promise<void> {
    const p = await this.getPool(pool);
    await this.#deps.meta.deleteBranch(p.id, name);
  }

  async listBranches(pool: string): Promise<BranchConfig[]> {
    const p = await this.getPool(pool);
    return this.#deps.meta.listBranches(p.id);
  }

  async getBranch(pool: string, name: string): Promise<BranchConfig> {
    const p = await this.getPool(pool);
    return this.#branch(p, name);
  }

  /** The branch's tip commit (nil for a branch with no commits). */
  async branchTip(pool: string, name: string): Promise<KsuidHex> {
    return (await this.getBranch(pool, name)).commit;
  }

  /** A commitish (commit id syntax tried first, else a branch name) as a commit id. */
  async resolveCommitish(pool: string, commitish: string): Promise<KsuidHex> {
    const p = await this.getPool(pool);
    return this.#resolve(p, commitish);
  }

  // --- commits ---

  /**
   * Writes `values` as data objects sorted by the pool key, then adds them in
   * one commit on `branch`. Fails with `empty transaction` when no value came.
   */
  async load(pool: string, branch: string, values: AsyncIterable<readonly Value[]>, opts: CommitOptions = {}): Promise<LoadResult> {
    const p = await this.getPool(pool);
    // Check the branch first so a typo writes no objects.
    await this.#branch(p, branch);
    const writer = new ObjectWriter(this.#deps, p.id, poolKeyOf(p), p.threshold);
    const objects = await writeObjects(writer, values);
    const actions = objects.map((object) => ({ kind: 'add' as const, object }));
    const message = loadMessage(objects);
    // Adds cannot conflict with other writers, so every attempt commits the same actions.
    const entry = await commitWithRetry(this.#deps, p.id, branch, opts, async () => ({ actions, message }));
    return { commit: entry.id, objects };
  }

  /** Deletes objects by id in one commit; each must be live at the tip (`<ID62>: commit object not found`). */
  async deleteObjects(pool: string, branch: string, ids: readonly KsuidHex[], opts: CommitOptions = {}): Promise<CommitResult> {
    const p = await this.getPool(pool);
    if (ids.length === 0) throw new InvalidError('empty transaction');
    const entry = await commitWithRetry(this.#deps, p.id, branch, opts, async (parent) => {
      const snap = await this.#snapshots.snapshot(p.id, parent);
      const objects = ids.map((id) => snap.lookup(id));
      return { actions: ids.map((id) => ({ kind: 'delete' as const, id })), message: deleteMessage(objects) };
    });
    return { commit: entry.id };
  }

  // --- reading ---

  /** The live objects at a commitish. */
  async snapshot(pool: string, commitish: string): Promise<Snapshot> {
    const p = await this.getPool(pool);
    return this.#snapshots.snapshot(p.id, await this.#resolve(p, commitish));
  }

  /** The metadata of the live objects at a commitish, in pool-key order. */
  async objects(pool: string, commitish: string): Promise<DataObject[]> {
    const p = await this.getPool(pool);
    const snap = await this.#snapshots.snapshot(p.id, await this.#resolve(p, commitish));
    return planObjects(snap.objects(), poolKeyOf(p));
  }

  /** The values at a commitish in pool-key order, merged across objects. */
  async *scan(pool: string, commitish: string, opts: ScanOptions = {}): AsyncGenerator<Value[]> {
    const p = await this.getPool(pool);
    const snap = await this.#snapshots.snapshot(p.id, await this.#resolve(p, commitish));
    const key = poolKeyOf(p);
    const planned = planObjects(snap.objects(), key, opts.keySpan);
    yield* mergeObjects(this.#deps, p.id, planned, key, opts.ctx ?? new TypeContext());
  }

  async #branch(p: PoolConfig, name: string): Promise<BranchConfig> {
    const b = await this.#deps.meta.getBranch(p.id, name);
    if (b === null) throw branchNotFound(name);
    return b;
  }

  async #resolve(p: PoolConfig, commitish: string): Promise<KsuidHex> {
    const id = parseId(commitish);
    if (id !== null) return id;
    return (await this.#branch(p, commitish)).commit;
  }
}
