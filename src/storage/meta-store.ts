// The MetaStore port: pools, branches and each pool's commit journal, with an
// atomic compare-and-set of a branch tip. Implementations: memory/ and sql/.

import { ConflictError, ExistsError, NotFoundError } from '../errors/index.js';
import { ksuidHexToBase62, type KsuidHex } from '../util/ksuid.js';

export type SortOrder = 'asc' | 'desc';

/** Zed's pool layout: the pool key (only keys[0] is used) and its order. */
export interface PoolLayout {
  readonly order: SortOrder;
  readonly keys: readonly (readonly string[])[];
}

/** A pool's config (Zed's pools.Config); `ts` is Unix nanoseconds. */
export interface PoolConfig {
  readonly id: KsuidHex;
  readonly name: string;
  readonly ts: bigint;
  readonly layout: PoolLayout;
  readonly seekStride: number;
  readonly threshold: number;
}

/** A branch (Zed's branches.Config): a named pointer to its tip commit. */
export interface BranchConfig {
  readonly name: string;
  /** Creation time, Unix nanoseconds; never changes. */
  readonly ts: bigint;
  /** The tip commit; NIL_KSUID for a branch with no commits. */
  readonly commit: KsuidHex;
}

/**
 * One commit object. The header fields are Zed's Commit action; `actions`
 * holds the rest of the commit (Add, Delete, ...) in an encoding the lake
 * owns, as does `meta`. Commit objects are immutable once written.
 */
export interface CommitRecord {
  readonly id: KsuidHex;
  /** The tip this commit was built on; NIL_KSUID for a pool's first commit. */
  readonly parent: KsuidHex;
  readonly retries: number;
  readonly author: string;
  /** Unix nanoseconds. */
  readonly date: bigint;
  readonly message: string;
  readonly meta: Uint8Array | null;
  readonly actions: Uint8Array;
}

/**
 * A lake-wide index rule (Zed v1.8.0's lake/index rules, API revisions up to
 * 1.8.0): a named group member that says what to index in each data object.
 * Rules of one name form a group; `equivalence` tells which rules would build
 * the same index object (Zed's index.Equivalent).
 */
export type IndexRule =
  | { readonly kind: 'field'; readonly id: KsuidHex; readonly name: string; readonly ts: bigint; readonly fields: readonly (readonly string[])[] }
  | { readonly kind: 'type'; readonly id: KsuidHex; readonly name: string; readonly ts: bigint; readonly type: string }
  | { readonly kind: 'agg'; readonly id: KsuidHex; readonly name: string; readonly ts: bigint; readonly script: string };

/** What makes two rules of one name equivalent: their kind and what they index. */
export function indexRuleSpec(rule: IndexRule): string {
  switch (rule.kind) {
    case 'field':
      return JSON.stringify(rule.fields);
    case 'type':
      return rule.type;
    case 'agg':
      return rule.script;
  }
}

/** A commit with its place in the pool's journal (1, 2, ... in append order). */
export interface JournalEntry extends CommitRecord {
  readonly seq: number;
}

/**
 * Reads return null for what is missing; writes throw NotFoundError,
 * ExistsError or ConflictError with Zed's messages (spec lake-api.md §4.3).
 * Every write is atomic: it happens entirely or not at all.
 */
export interface MetaStore {
  /** Adds a pool and its branch "main" at the nil commit (with the pool's ts). */
  createPool(pool: PoolConfig): Promise<void>;
  getPool(id: KsuidHex): Promise<PoolConfig | null>;
  getPoolByName(name: string): Promise<PoolConfig | null>;
  /** Every pool, in ascending id order. */
  listPools(): Promise<PoolConfig[]>;
  /** Renames a pool; any existing name is refused, its own included (Zed quirk). */
  renamePool(id: KsuidHex, name: string): Promise<void>;
  /** Removes a pool with its branches and journal. */
  deletePool(id: KsuidHex): Promise<void>;

  /** Adds a branch pointing at `branch.commit`, which is not checked (as in Zed). */
  createBranch(poolId: KsuidHex, branch: BranchConfig): Promise<void>;
  getBranch(poolId: KsuidHex, name: string): Promise<BranchConfig | null>;
  /** The pool's branches in ascending name order. */
  listBranches(poolId: KsuidHex): Promise<BranchConfig[]>;
  /** Removes the branch pointer; its commits stay. */
  deleteBranch(poolId: KsuidHex, name: string): Promise<void>;

  /**
   * Appends `commit` to the pool's journal and moves the branch tip to it, if
   * the tip still is `commit.parent` (compare-and-set). Otherwise nothing is
   * written and it throws ConflictError; the caller rebuilds and retries.
   */
  commit(poolId: KsuidHex, branch: string, commit: CommitRecord): Promise<JournalEntry>;
  /**
   * Appends `commit` on the branch's tip, whatever it is, and moves the tip to
   * it, atomically; `commit.parent` is ignored and the entry carries the tip
   * it was built on. For commits whose actions hold on any parent (a load's
   * adds): they need no compare-and-set, so writers never conflict.
   */
  append(poolId: KsuidHex, branch: string, commit: CommitRecord): Promise<JournalEntry>;
  getCommit(poolId: KsuidHex, id: KsuidHex): Promise<JournalEntry | null>;
  /** The pool's journal in append order, from the entry after `afterSeq`. */
  journal(poolId: KsuidHex, afterSeq?: number): Promise<JournalEntry[]>;
  /** The commit `id` and its ancestors, newest first (empty for the nil id). */
  ancestry(poolId: KsuidHex, id: KsuidHex): Promise<JournalEntry[]>;

  /**
   * Adds index rules, all or none: an id in use or a rule equivalent to one
   * of the same name (same kind and spec, see indexRuleSpec) refuses them all.
   */
  addIndexRules(rules: readonly IndexRule[]): Promise<void>;
  /** Removes the rules with these ids, all or none; returns them in the order asked. */
  deleteIndexRules(ids: readonly KsuidHex[]): Promise<IndexRule[]>;
  /** Every index rule, by name, then creation time, then id. */
  listIndexRules(): Promise<IndexRule[]>;
}

// Zed's messages for the store's failures, shared by every implementation.

export function poolNotFound(nameOrId: string): NotFoundError {
  return new NotFoundError(`${nameOrId}: pool not found`);
}

export function poolExists(name: string): ExistsError {
  return new ExistsError(`${name}: pool already exists`);
}

export function branchNotFound(name: string): NotFoundError {
  return new NotFoundError(`${JSON.stringify(name)}: branch not found`);
}

export function branchExists(poolName: string, name: string): ExistsError {
  return new ExistsError(`${poolName}/${name}: branch already exists`);
}

export function tipMoved(branch: string, expected: KsuidHex): ConflictError {
  return new ConflictError(
    `branch ${JSON.stringify(branch)}: tip is no longer ${ksuidHexToBase62(expected)}: commit failed`,
  );
}

export function indexRuleExists(): ExistsError {
  return new ExistsError('index rule already exists');
}

export function indexRuleIdInUse(id: KsuidHex): ExistsError {
  return new ExistsError(`rule ${JSON.stringify(ksuidHexToBase62(id))}: ID in use`);
}

export function indexRuleNotFound(id: KsuidHex): NotFoundError {
  return new NotFoundError(`index ${ksuidHexToBase62(id)} not found`);
}

/** Orders rules as listIndexRules does. */
export function compareIndexRules(a: IndexRule, b: IndexRule): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  if (a.ts !== b.ts) return a.ts < b.ts ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Zed names pools by id as base62 text in messages. */
export function poolIdText(id: KsuidHex): string {
  return ksuidHexToBase62(id);
}
