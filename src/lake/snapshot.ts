// Snapshots: the live data objects (with their vectors and index objects) at
// a commit, found by replaying the actions of the commit's ancestry from the
// root (spec lake-api.md §8). Commits are immutable, so snapshots are cached
// per commit and a new one is built from its nearest cached ancestor.
import { InternalError } from '../errors/index.js';
import type { JournalEntry, MetaStore } from '../storage/index.js';
import { ksuidHexToBase62, NIL_KSUID, type KsuidHex } from '../util/ksuid.js';
import type { TypeContext } from '../zed/index.js';
import { decodeActions, type CommitAction, type IndexObject } from './commit-actions.js';
import type { DataObject } from './data-object.js';
import { commitNotFound, objectNotFound } from './errors.js';

/** The mutable state a replay builds; a Snapshot is its frozen view. */
export class SnapshotState {
  constructor(
    readonly objects = new Map<KsuidHex, DataObject>(),
    readonly vectors = new Set<KsuidHex>(),
    /** Index objects by data object id, then rule id. */
    readonly indexes = new Map<KsuidHex, Map<KsuidHex, IndexObject>>(),
  ) {}

  copy(): SnapshotState {
    const indexes = new Map<KsuidHex, Map<KsuidHex, IndexObject>>();
    for (const [id, rules] of this.indexes) indexes.set(id, new Map(rules));
    return new SnapshotState(new Map(this.objects), new Set(this.vectors), indexes);
  }

  /** Plays one action (Zed's commits.PlayAction); a conflicting one throws a write conflict. */
  apply(a: CommitAction): void {
    switch (a.kind) {
      case 'add':
        if (this.objects.has(a.object.id)) throw conflict(`${ksuidHexToBase62(a.object.id)}: add of a duplicate data object`);
        this.objects.set(a.object.id, a.object);
        return;
      case 'delete':
        if (!this.objects.delete(a.id)) throw conflict(`${ksuidHexToBase62(a.id)}: delete of a non-existent data object`);
        return;
      case 'addVector':
        if (this.vectors.has(a.id)) throw conflict(`${ksuidHexToBase62(a.id)}: add of a duplicate vector of data object`);
        this.vectors.add(a.id);
        return;
      case 'deleteVector':
        if (!this.vectors.delete(a.id)) throw conflict(`${ksuidHexToBase62(a.id)}: delete of a non-present vector`);
        return;
      case 'addIndex': {
        const { id, rule } = a.object;
        let rules = this.indexes.get(id);
        if (rules?.has(rule.id)) throw conflict(`${ksuidHexToBase62(id)}: add of a duplicate index object`);
        if (rules === undefined) this.indexes.set(id, (rules = new Map()));
        rules.set(rule.id, a.object);
        return;
      }
      case 'deleteIndex': {
        const rules = this.indexes.get(a.id);
        if (rules === undefined || !rules.delete(a.ruleId)) {
          throw conflict(`${ksuidHexToBase62(a.ruleId)}/${ksuidHexToBase62(a.id)}: delete of a non-existent index object`);
        }
        if (rules.size === 0) this.indexes.delete(a.id);
        return;
      }
    }
  }
}

function conflict(what: string): InternalError {
  return new InternalError(`${what}: write conflict`);
}

export class Snapshot {
  constructor(
    readonly commit: KsuidHex,
    private readonly state: SnapshotState,
  ) {}

  get size(): number {
    return this.state.objects.size;
  }

  has(id: KsuidHex): boolean {
    return this.state.objects.has(id);
  }

  /** The object, or Zed's `<ID62>: commit object not found`. */
  lookup(id: KsuidHex): DataObject {
    const o = this.state.objects.get(id);
    if (o === undefined) throw objectNotFound(id);
    return o;
  }

  /** The object, or undefined. */
  get(id: KsuidHex): DataObject | undefined {
    return this.state.objects.get(id);
  }

  /** The live objects, in no particular order. */
  objects(): DataObject[] {
    return [...this.state.objects.values()];
  }

  hasVector(id: KsuidHex): boolean {
    return this.state.vectors.has(id);
  }

  /** The live objects that have a vector (VNG) copy. */
  vectorObjects(): DataObject[] {
    return this.objects().filter((o) => this.state.vectors.has(o.id));
  }

  /** Index objects of live data objects (or of every object when `all`). */
  indexObjects(all = false): IndexObject[] {
    const out: IndexObject[] = [];
    for (const [id, rules] of this.state.indexes) {
      if (all || this.state.objects.has(id)) out.push(...rules.values());
    }
    return out;
  }

  /** The index objects built for data object `id`. */
  indexesOf(id: KsuidHex): IndexObject[] {
    const rules = this.state.indexes.get(id);
    return rules === undefined ? [] : [...rules.values()];
  }

  /** The index object rule `ruleId` built for data object `id`, if any. */
  indexOf(id: KsuidHex, ruleId: KsuidHex): IndexObject | undefined {
    return this.state.indexes.get(id)?.get(ruleId);
  }

  /** A private copy of the state, to play more actions on. */
  mutable(): SnapshotState {
    return this.state.copy();
  }
}

const CACHE_LIMIT = 64;
/** Walk this many parents one by one looking for a cached snapshot, then load the whole ancestry. */
const WALK_LIMIT = 16;

/** Builds snapshots of one lake's pools, caching recent ones. */
export class SnapshotCache {
  readonly #cache = new Map<string, Snapshot>();

  constructor(
    private readonly meta: MetaStore,
    private readonly ctx: TypeContext,
  ) {}

  async snapshot(poolId: KsuidHex, commit: KsuidHex): Promise<Snapshot> {
    if (commit === NIL_KSUID) return new Snapshot(commit, new SnapshotState());
    const hit = this.#get(poolId, commit);
    if (hit !== undefined) return hit;
    // Usually a new tip's parent is cached: walk back a few commits first.
    const chain: JournalEntry[] = [];
    let base: Snapshot | undefined;
    let at = commit;
    while (at !== NIL_KSUID && chain.length < WALK_LIMIT) {
      base = this.#get(poolId, at);
      if (base !== undefined) break;
      const entry = await this.meta.getCommit(poolId, at);
      if (entry === null) throw commitNotFound(at);
      chain.push(entry);
      at = entry.parent;
    }
    if (base === undefined && at !== NIL_KSUID) {
      // A long way from any cached snapshot: read the rest in one go.
      const rest = await this.meta.ancestry(poolId, at);
      if (rest.length === 0) throw commitNotFound(at);
      for (const e of rest) {
        base = this.#get(poolId, e.id);
        if (base !== undefined) break;
        chain.push(e);
      }
    }
    const state = base === undefined ? new SnapshotState() : base.mutable();
    for (let k = chain.length - 1; k >= 0; k--) {
      for (const a of decodeActions(chain[k]!.actions, this.ctx)) state.apply(a);
    }
    const snap = new Snapshot(commit, state);
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
