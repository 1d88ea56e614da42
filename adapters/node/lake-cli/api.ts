// The one interface the lake commands use, whether the lake is a local folder
// (direct access, local-api.ts) or a lake service (client, remote-api.ts):
// Zed's lake/api.Interface. Ids are KSUIDs as hex (KsuidHex).

import type { Batch, KsuidHex, TypeContext } from '../../../src/index.js';
import type { Commitish } from './head.js';

/** What `-user`, `-message` and `-meta` give a commit (Zed's api.CommitMessage). */
export interface CommitMessage {
  readonly author: string;
  /** Empty for the lake's generated message. */
  readonly body: string;
  /** ZSON text of the commit's meta value; empty for null. */
  readonly meta: string;
}

export interface PoolKeySpec {
  readonly order: 'asc' | 'desc';
  /** One key path; empty for none (the lake then uses ts descending). */
  readonly keys: readonly (readonly string[])[];
}

/** Query statistics, as `-s` prints them. */
export interface QueryStats {
  bytesRead: number;
  bytesMatched: number;
  recordsRead: number;
  recordsMatched: number;
}

export interface QueryRun {
  /** The main output's values, in the caller's type context. */
  readonly batches: AsyncIterable<Batch>;
  /** Final once `batches` is exhausted. */
  readonly stats: QueryStats;
}

export interface QueryOptions {
  readonly zctx: TypeContext;
  /** Values of the `debug` channel (written to stderr by zlake query). */
  readonly onDebug?: (batch: Batch) => void;
}

export interface LakeApi {
  /** The lake's location as Zed prints it (a file: URI or the service URL). */
  readonly location: string;
  /** A pool's id from its name or id text. */
  poolId(nameOrId: string): Promise<KsuidHex>;
  /** The tip commit of a branch (Zed's CommitObject). */
  commitObject(poolId: KsuidHex, branch: string): Promise<KsuidHex>;
  createPool(name: string, key: PoolKeySpec, seekStride: number, threshold: number): Promise<KsuidHex>;
  removePool(poolId: KsuidHex): Promise<void>;
  renamePool(poolId: KsuidHex, name: string): Promise<void>;
  createBranch(poolId: KsuidHex, name: string, at: KsuidHex): Promise<void>;
  removeBranch(poolId: KsuidHex, name: string): Promise<void>;
  /** Merges `child` into `parent`; returns the new commit. */
  mergeBranch(poolId: KsuidHex, child: string, parent: string, message: CommitMessage): Promise<KsuidHex>;
  revert(poolId: KsuidHex, branch: string, commit: KsuidHex, message: CommitMessage): Promise<KsuidHex>;
  load(poolId: KsuidHex, branch: string, values: AsyncIterable<Batch>, message: CommitMessage): Promise<KsuidHex>;
  deleteObjects(poolId: KsuidHex, branch: string, ids: readonly KsuidHex[], message: CommitMessage): Promise<KsuidHex>;
  deleteWhere(poolId: KsuidHex, branch: string, where: string, message: CommitMessage): Promise<KsuidHex>;
  /** `pool` is a name or id, `revision` a branch or commit id. */
  /** `orphanGraceNs`: see VacuumOptions (a lake opened directly only). */
  vacuum(pool: string, revision: string, dryrun: boolean, orphanGraceNs?: bigint): Promise<KsuidHex[]>;
  /** Rewrites two or more objects merged in key order (Zed's Compact); returns the commit. */
  compact(poolId: KsuidHex, branch: string, ids: readonly KsuidHex[], vectors: boolean, message: CommitMessage): Promise<KsuidHex>;
  /** Adds (or drops) the VNG copies of objects; `pool` is a name or id. */
  vectors(add: boolean, pool: string, branch: string, ids: readonly KsuidHex[], message: CommitMessage): Promise<KsuidHex>;
  /** Compiles (throwing compile errors) and starts a query; `head` serves queries without `from`. */
  query(text: string, head: Commitish | null, opts: QueryOptions): Promise<QueryRun>;
  close(): Promise<void>;
}
