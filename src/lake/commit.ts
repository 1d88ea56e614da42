// The commit protocol (spec lake-api.md §8, Zed's lake/branch.go commit):
// build a commit against the branch tip, then move the tip only if it has not
// moved (MetaStore.commit is the compare-and-set); on conflict rebuild and
// retry, at most 10 attempts in all. `retries` records the failed attempts.
// Unlike Zed, a retry first waits a short random time, so writers that keep
// colliding spread out instead of failing together; and a plan that holds on
// any parent (a load's adds) is appended on the tip in one step instead, so
// concurrent loads never collide at all (appendCommit).

import { ConflictError } from '../errors/index.js';
import type { CommitRecord, JournalEntry, MetaStore } from '../storage/index.js';
import { newKsuidHex, NIL_KSUID, type KsuidHex } from '../util/ksuid.js';
import type { Value } from '../zed/index.js';
import { encodeActions, encodeMeta, type CommitAction } from './commit-actions.js';
import { branchNotFound, commitFailed } from './errors.js';

export const MAX_COMMIT_ATTEMPTS = 10;

export interface CommitOptions {
  readonly author?: string;
  /** The commit message; empty or absent means a generated description. */
  readonly message?: string;
  /** The commit's meta value (Zed's default is null). */
  readonly meta?: Value;
}

export interface CommitPlan {
  readonly actions: readonly CommitAction[];
  /** The message when the options give none. */
  readonly message: string;
  /** The author when the options give none (default empty). */
  readonly author?: string;
}

export interface CommitDeps {
  readonly meta: MetaStore;
  now(): bigint;
}

/** Backoff before retry `n` (1-based): up to 2^n ms, at random. */
function backoff(n: number): Promise<void> {
  const ms = Math.random() * 2 ** Math.min(n, 8);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Commits on `branch` what `build` plans against the current tip; `build`
 * runs again on every attempt, so it may depend on the tip's snapshot.
 */
export async function commitWithRetry(
  deps: CommitDeps,
  poolId: KsuidHex,
  branch: string,
  opts: CommitOptions,
  build: (parent: KsuidHex) => Promise<CommitPlan>,
): Promise<JournalEntry> {
  let lastConflict: ConflictError | undefined;
  for (let retries = 0; retries < MAX_COMMIT_ATTEMPTS; retries++) {
    if (retries > 0) await backoff(retries);
    const tip = await deps.meta.getBranch(poolId, branch);
    if (tip === null) throw branchNotFound(branch);
    const plan = await build(tip.commit);
    try {
      return await deps.meta.commit(poolId, branch, commitRecord(deps, tip.commit, retries, opts, plan));
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      lastConflict = err;
    }
  }
  throw commitFailed(branch, MAX_COMMIT_ATTEMPTS, lastConflict);
}

/**
 * Commits `plan` on whatever the tip of `branch` is, in one step and with no
 * retries: for plans that hold on any parent (a load's adds; see MetaStore.append).
 */
export async function appendCommit(deps: CommitDeps, poolId: KsuidHex, branch: string, opts: CommitOptions, plan: CommitPlan): Promise<JournalEntry> {
  return deps.meta.append(poolId, branch, commitRecord(deps, NIL_KSUID, 0, opts, plan));
}

function commitRecord(deps: CommitDeps, parent: KsuidHex, retries: number, opts: CommitOptions, plan: CommitPlan): CommitRecord {
  const now = deps.now();
  const id = newKsuidHex(now);
  return {
    id,
    parent,
    retries,
    author: opts.author ?? plan.author ?? '',
    date: now,
    message: opts.message !== undefined && opts.message !== '' ? opts.message : plan.message,
    meta: encodeMeta(opts.meta),
    actions: encodeActions(id, plan.actions),
  };
}

/** The options without `meta`: merge, revert and delete by ids commit a null meta, as in Zed. */
export function withoutMeta(opts: CommitOptions): CommitOptions {
  return {
    ...(opts.author !== undefined ? { author: opts.author } : {}),
    ...(opts.message !== undefined ? { message: opts.message } : {}),
  };
}
