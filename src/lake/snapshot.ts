// Snapshots: the live data objects at a commit, found by replaying the
// actions of the commit's ancestry from the root (spec lake-api.md §8).
// Commits are immutable, so snapshots are cached per commit and a new one is
// built from its nearest cached ancestor.

import { InternalError } from '../errors/index.js';
import type { JournalEntry, MetaStore } from '../storage/index.js';
import { ksuidHexToBase62, NIL_KSUID, type KsuidHex } from '../util/ksuid.js';
import type { TypeContext } from '../zed/index.js';
import { decodeActions } from './commit-actions.js';
import type { DataObject } from './data-object.js';
import { commitNotFound, objectNotFound } from './errors.js';

export class Snapshot {
  constructor(
    readonly commit: KsuidHex,
    private readonly live: ReadonlyMap<KsuidHex, DataObject>,
  ) {}

  get size(): number {
    return this.live.size;
  }

  has(id: KsuidHex): boolean {
    return this.live.has(id);
  }

  /** The object, or Zed's `<ID62>: commit object not found`. */
  lookup(id: KsuidHex): DataObject {
    const o = this.live.get(id);
    if (o === undefined) throw objectNotFound(id);
    return o;
  }

  /** The live objects, in no particular order. */
  objects(): DataObject[] {
    return [...this.live.values()];
  }
}

const CACHE_LIMIT = 64;

/** Builds snapshots of one lake's pools, caching recent ones. */
export class SnapshotCache {
  readonly #cache = new Map<string, Snapshot>();

  constructor(
    private readonly meta: MetaStore,
    private readonly ctx: TypeContext,
  ) {}

  async snapshot(poolId: KsuidHex, commit: KsuidHex): Promise<Snapshot> {
    if (commit === NIL_KSUID) return new Snapshot(commit, new Map());
    const hit = this.#get(poolId, commit);
    if (hit !== undefined) return hit;
    const ancestry = await this.meta.ancestry(poolId, commit);
    if (ancestry.length === 0) throw commitNotFound(commit);
    // Find the nearest cached ancestor, then replay forward from it.
    let base = new Map<KsuidHex, DataObject>();
    let i = ancestry.length;
    for (let k = 0; k < ancestry.length; k++) {
      const s = this.#get(poolId, ancestry[k]!.id);
      if (s !== undefined) {
        base = new Map(s.objects().map((o) => [o.id, o]));
        i = k;
        break;
      }
    }
    for (let k = i - 1; k >= 0; k--) applyCommit(base, ancestry[k]!, this.ctx);
    const snap = new Snapshot(commit, base);
    this.#put(poolId, commit, snap);
    return snap;
  }

  /** Forgets a deleted pool's snapshots. */
  dropPool(poolId: KsuidHex): void {
    for (const k of [...this.#cache.keys()]) if (k.startsWith(poolId)) this.#cache.delete(k);
  }

  #get(poolId: KsuidHex, commit: KsuidHex): Snapshot | undefined {
    const key = poolId + commit;
    const s = this.#cache.get(key);
    if (s !== undefined) {
      // Refresh its place in the LRU order.
      this.#cache.delete(key);
      this.#cache.set(key, s);
    }
    return s;
  }

  #put(poolId: KsuidHex, commit: KsuidHex, snap: Snapshot): void {
    this.#cache.set(poolId + commit, snap);
    if (this.#cache.size > CACHE_LIMIT) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
  }
}

/** Plays one commit's actions onto `live` (Zed's commits.PlayAction). */
function applyCommit(live: Map<KsuidHex, DataObject>, entry: JournalEntry, ctx: TypeContext): void {
  for (const a of decodeActions(entry.actions, ctx)) {
    switch (a.kind) {
      case 'add':
        if (live.has(a.object.id)) {
          throw new InternalError(`${ksuidHexToBase62(a.object.id)}: add of a duplicate data object: write conflict`);
        }
        live.set(a.object.id, a.object);
        break;
      case 'delete':
        if (!live.delete(a.id)) {
          throw new InternalError(`${ksuidHexToBase62(a.id)}: delete of a non-existent data object: write conflict`);
        }
        break;
    }
  }
}
