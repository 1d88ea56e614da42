// What the lake's operations share: the ports, the snapshot cache, the type
// context of commit metadata, cached seek indexes, and the lookups every
// operation starts with (pool by name or id, branch, commitish).
import { InvalidError } from '../errors/index.js';
import type { BlobStore, BranchConfig, JournalEntry, MetaStore, PoolConfig } from '../storage/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import { TypeContext, type Value } from '../zed/index.js';
import { appendCommit, commitWithRetry, type CommitOptions, type CommitPlan } from './commit.js';
import { ColumnCache } from './column-cache.js';
import { seekIndexKey } from './data-object.js';
import type { ObjectEncoder } from './object-encoder.js';
import type { ScanThreads } from './scan-threads.js';
import { branchNotFound, poolNotFound } from './errors.js';
import { parseId } from './ids.js';
import { decodeSeekIndex, type SeekEntry } from './seek-index.js';
import type { Snapshot } from './snapshot.js';
import { SnapshotCache } from './snapshot.js';

/**
 * Runs Zed queries for the lake without the lake importing the compiler
 * (exec provides one): agg index rules need it.
 */
export interface LakeQueryRunner {
  /** Throws the compiler's error when `text` does not compile. */
  check(text: string): void;
  /** Runs `text` over `input`; values come out in `ctx`. */
  run(text: string, input: AsyncIterable<readonly Value[]>, ctx: TypeContext): AsyncIterable<readonly Value[]>;
}

export interface LakeDeps {
  readonly blobs: BlobStore;
  readonly meta: MetaStore;
  /** Unix nanoseconds. */
  now(): bigint;
  /** Value bytes a load holds before it writes an object (default 48 MiB). */
  readonly loadMemoryLimit?: number;
  /**
   * LZ4-compress data objects as Zed does (default true), with Zed's
   * compressor, so objects have Zed's sizes (which `zed ls`, pool stats and
   * compaction thresholds show); in JavaScript compression costs about a
   * fifth of a load's time and decompression a sixth of a scan's, for
   * objects often far smaller. False writes them uncompressed.
   */
  readonly compressObjects?: boolean;
  /**
   * Write a column copy (uncompressed VNG) beside each data object (default
   * true), so that queries reading a few fields read only their columns.
   */
  readonly columnCopies?: boolean;
  /**
   * A load reads the next run while it writes an object (default false): for
   * stores whose writes wait on the network (object storage), at the cost
   * of a second run's values in memory.
   */
  readonly writeBehind?: boolean;
  /**
   * Sorts and writes a load's full runs in other threads while it reads on
   * (see object-encoder.ts); absent, every run is written in this thread.
   */
  readonly objectEncoder?: ObjectEncoder;
  /** Runs shares of a query's pool scans in other threads (see scan-threads.ts); absent, a query scans in its thread. */
  readonly scanThreads?: ScanThreads;
  /** Needed only by agg index rules. */
  readonly queries?: LakeQueryRunner;
  /**
   * Bytes of column copies kept in memory across queries (default 256 MiB;
   * 0 keeps none): see column-cache.ts.
   */
  readonly columnCacheBytes?: number;
}

const DEFAULT_COLUMN_CACHE = 256 * 1024 * 1024;

const SEEK_CACHE_LIMIT = 1024;

export class LakeContext {
  readonly snapshots: SnapshotCache;
  /** The type context of min/max values in commit metadata. */
  readonly ctx = new TypeContext();
  readonly #seek = new Map<KsuidHex, readonly SeekEntry[] | null>();
  /** Column copies' bytes read so far. */
  readonly columnCache: ColumnCache;

  constructor(readonly deps: LakeDeps) {
    this.snapshots = new SnapshotCache(deps.meta, this.ctx);
    this.columnCache = new ColumnCache(deps.columnCacheBytes ?? DEFAULT_COLUMN_CACHE);
  }

  get blobs(): BlobStore {
    return this.deps.blobs;
  }

  /** The pool with id `nameOrId` (id syntax tried first), else the one so named. */
  async pool(nameOrId: string): Promise<PoolConfig> {
    const id = parseId(nameOrId);
    if (id !== null) {
      const p = await this.deps.meta.getPool(id);
      if (p !== null) return p;
    }
    const p = await this.deps.meta.getPoolByName(nameOrId);
    if (p === null) throw poolNotFound(nameOrId);
    return p;
  }

  async branch(p: PoolConfig, name: string): Promise<BranchConfig> {
    const b = await this.deps.meta.getBranch(p.id, name);
    if (b === null) throw branchNotFound(name);
    return b;
  }

  /** A commitish: commit id syntax first, else a branch name. */
  async resolve(p: PoolConfig, commitish: string): Promise<KsuidHex> {
    if (commitish === '') throw new InvalidError(`${p.name}: missing branch or commit after "@"`);
    const id = parseId(commitish);
    if (id !== null) return id;
    return (await this.branch(p, commitish)).commit;
  }

  snapshot(p: PoolConfig, commit: KsuidHex): Promise<Snapshot> {
    return this.snapshots.snapshot(p.id, commit);
  }

  /** Commits `plan`, which holds on any parent, on the tip of `branch` (see appendCommit). */
  append(p: PoolConfig, branch: string, opts: CommitOptions, plan: CommitPlan): Promise<JournalEntry> {
    return appendCommit(this.deps, p.id, branch, opts, plan);
  }

  commit(p: PoolConfig, branch: string, opts: CommitOptions, build: (parent: KsuidHex) => Promise<CommitPlan>): Promise<JournalEntry> {
    return commitWithRetry(this.deps, p.id, branch, opts, build);
  }

  /** An object's seek index (immutable, so cached), or null when it has none. */
  async seekIndex(poolId: KsuidHex, id: KsuidHex): Promise<readonly SeekEntry[] | null> {
    const hit = this.#seek.get(id);
    if (hit !== undefined) return hit;
    const bytes = await this.deps.blobs.get(seekIndexKey(poolId, id));
    const entries = bytes === null ? null : decodeSeekIndex(bytes, this.ctx);
    this.#seek.set(id, entries);
    if (this.#seek.size > SEEK_CACHE_LIMIT) {
      const oldest = this.#seek.keys().next().value;
      if (oldest !== undefined) this.#seek.delete(oldest);
    }
    return entries;
  }

  /** Forgets what was cached about objects that vacuum removed. */
  forgetObjects(ids: readonly KsuidHex[]): void {
    for (const id of ids) this.#seek.delete(id);
    this.columnCache.forget(ids);
  }
}
