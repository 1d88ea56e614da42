// Direct access: the lake commands on a lake (a folder, or object storage) through the Lake library
// (Zed's lake/api local). Queries are prepared by exec (the service's own
// path) and read the pools in-process.

import {
  CompilationError,
  deleteWhere,
  formatByName,
  InvalidError,
  prepareQuery,
  TypeContext,
  type Batch,
  type CommitOptions,
  type KsuidHex,
  type Lake,
  type PreparedQuery,
} from '../../../src/index.js';
import type { CommitMessage, LakeApi, PoolKeySpec, QueryOptions, QueryRun, QueryStats } from './api.js';
import type { Commitish } from './head.js';
import { parseZson } from './zson-text.js';

export class LocalApi implements LakeApi {
  readonly #lake: Lake;

  constructor(
    private readonly local: { readonly lake: Lake; close(): Promise<void> },
    readonly location: string,
  ) {
    this.#lake = local.lake;
  }

  async poolId(nameOrId: string): Promise<KsuidHex> {
    if (nameOrId === '') throw new InvalidError('no pool name provided');
    return (await this.#lake.getPool(nameOrId)).id;
  }

  async commitObject(poolId: KsuidHex, branch: string): Promise<KsuidHex> {
    return this.#lake.branchTip(hexRef(poolId), branch);
  }

  async createPool(name: string, key: PoolKeySpec, seekStride: number, threshold: number): Promise<KsuidHex> {
    if (name === '') throw new InvalidError('no pool name provided');
    if (name === 'HEAD') throw new InvalidError('pool cannot be named "HEAD"');
    const r = await this.#lake.createPool(name, { layout: { order: key.order, keys: key.keys }, seekStride, threshold });
    return r.pool.id;
  }

  async removePool(poolId: KsuidHex): Promise<void> {
    await this.#lake.deletePool(hexRef(poolId));
  }

  async renamePool(poolId: KsuidHex, name: string): Promise<void> {
    if (name === '') throw new InvalidError('no pool name provided');
    await this.#lake.renamePool(hexRef(poolId), name);
  }

  async createBranch(poolId: KsuidHex, name: string, at: KsuidHex): Promise<void> {
    await this.#lake.createBranch(hexRef(poolId), name, hexRef(at));
  }

  async removeBranch(poolId: KsuidHex, name: string): Promise<void> {
    await this.#lake.deleteBranch(hexRef(poolId), name);
  }

  async mergeBranch(poolId: KsuidHex, child: string, parent: string, message: CommitMessage): Promise<KsuidHex> {
    return (await this.#lake.merge(hexRef(poolId), child, parent, commitOptions(message, false))).commit;
  }

  async revert(poolId: KsuidHex, branch: string, commit: KsuidHex, message: CommitMessage): Promise<KsuidHex> {
    return (await this.#lake.revert(hexRef(poolId), branch, hexRef(commit), commitOptions(message, false))).commit;
  }

  async load(poolId: KsuidHex, branch: string, values: AsyncIterable<Batch>, message: CommitMessage): Promise<KsuidHex> {
    // -meta is checked before the input is read (Zed reads the input first).
    return (await this.#lake.load(hexRef(poolId), branch, values, commitOptions(message, true))).commit;
  }

  async deleteObjects(poolId: KsuidHex, branch: string, ids: readonly KsuidHex[], message: CommitMessage): Promise<KsuidHex> {
    // The branch must exist before anything else is checked (Zed's lookupBranch).
    await this.#lake.getBranch(hexRef(poolId), branch);
    return (await this.#lake.deleteObjects(hexRef(poolId), branch, ids, commitOptions(message, false))).commit;
  }

  async deleteWhere(poolId: KsuidHex, branch: string, where: string, message: CommitMessage): Promise<KsuidHex> {
    return (await deleteWhere(this.#lake, hexRef(poolId), branch, where, commitOptions(message, true))).commit;
  }

  async vacuum(pool: string, revision: string, dryrun: boolean, orphanGraceNs?: bigint): Promise<KsuidHex[]> {
    const id = await this.poolId(pool);
    return [...(await this.#lake.vacuum(hexRef(id), revision, { dryrun, ...(orphanGraceNs !== undefined ? { orphanGraceNs } : {}) })).objectIds];
  }

  async compact(poolId: KsuidHex, branch: string, ids: readonly KsuidHex[], vectors: boolean, message: CommitMessage): Promise<KsuidHex> {
    return (await this.#lake.compact(hexRef(poolId), branch, ids.map(hexRef), commitOptions(message, true), vectors)).commit;
  }

  async vectors(add: boolean, pool: string, branch: string, ids: readonly KsuidHex[], message: CommitMessage): Promise<KsuidHex> {
    const opts = commitOptions(message, false);
    const refs = ids.map(hexRef);
    return (add ? await this.#lake.addVectors(pool, branch, refs, opts) : await this.#lake.deleteVectors(pool, branch, refs, opts)).commit;
  }

  async query(text: string, head: Commitish | null, opts: QueryOptions): Promise<QueryRun> {
    let prepared: PreparedQuery;
    try {
      prepared = await prepareQuery(this.#lake, text, {
        head,
        // Without a working branch Zed's CLI has no head: HEAD names nothing.
        ...(head === null ? { noHead: true } : {}),
        zctx: opts.zctx,
        warn: (m) => process.stderr.write(`${m}\n`),
      });
    } catch (e) {
      // Without a working branch a query needs a from (Zed's lake compiler).
      if (head === null && e instanceof InvalidError && !(e instanceof CompilationError)) {
        throw new InvalidError("query must include a 'from' operator", { cause: e });
      }
      throw e;
    }
    const stats: QueryStats = { bytesRead: 0, bytesMatched: 0, recordsRead: 0, recordsMatched: 0 };
    const meter = prepared.meter;
    async function* batches(): AsyncGenerator<Batch> {
      // The main channel is the output; `debug` goes to stderr as ZSON, as Zed's lake query does.
      const debug = formatByName('zson')!.encoder!({ pretty: 0 });
      try {
        for await (const c of prepared.runChannels()) {
          if (c.batch === null) continue;
          if (c.channel === 'main') yield c.batch;
          else if (c.channel === 'debug') {
            const text = debug.write(c.batch);
            process.stderr.write(typeof text === 'string' ? text : new TextDecoder().decode(text));
          }
        }
      } finally {
        const s = meter.stats();
        stats.bytesRead = s.bytesRead;
        stats.bytesMatched = s.bytesMatched;
        stats.recordsRead = s.recordsRead;
        stats.recordsMatched = s.recordsMatched;
      }
    }
    return { batches: batches(), stats };
  }

  async close(): Promise<void> {
    await this.local.close();
  }
}

/** A pool or commit id as text the Lake reads as an id. */
function hexRef(id: KsuidHex): string {
  return `0x${id}`;
}

/** The Lake's commit options; `withMeta` parses -meta (Zed honours it on load and delete -where only). */
function commitOptions(m: CommitMessage, withMeta: boolean): CommitOptions {
  let meta;
  if (withMeta && m.meta !== '') {
    try {
      meta = parseZson(m.meta, new TypeContext());
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new InvalidError(`cannot parse ZSON string ${JSON.stringify(m.meta)}: ${why}`, { cause: e });
    }
  }
  return {
    ...(m.author !== '' ? { author: m.author } : {}),
    ...(m.body !== '' ? { message: m.body } : {}),
    ...(meta !== undefined ? { meta } : {}),
  };
}
