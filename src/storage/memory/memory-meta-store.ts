// A MetaStore in memory: the reference implementation. Each method runs
// without an await between its check and its write, so each write is atomic.

import { ExistsError } from '../../errors/index.js';
import { ksuidHexToBase62, NIL_KSUID, type KsuidHex } from '../../util/ksuid.js';
import {
  branchExists,
  branchNotFound,
  compareIndexRules,
  indexRuleExists,
  indexRuleIdInUse,
  indexRuleNotFound,
  indexRuleSpec,
  poolExists,
  poolIdText,
  poolNotFound,
  tipMoved,
  type BranchConfig,
  type CommitRecord,
  type IndexRule,
  type JournalEntry,
  type MetaStore,
  type PoolConfig,
} from '../meta-store.js';

interface PoolState {
  config: PoolConfig;
  branches: Map<string, BranchConfig>;
  commits: Map<KsuidHex, JournalEntry>;
  journal: JournalEntry[];
}

export class MemoryMetaStore implements MetaStore {
  readonly #pools = new Map<KsuidHex, PoolState>();
  readonly #rules = new Map<KsuidHex, IndexRule>();

  async createPool(pool: PoolConfig): Promise<void> {
    if (this.#byName(pool.name) !== undefined) throw poolExists(pool.name);
    if (this.#pools.has(pool.id)) throw new ExistsError(`pool id ${poolIdText(pool.id)} already exists`);
    const main: BranchConfig = { name: 'main', ts: pool.ts, commit: NIL_KSUID };
    this.#pools.set(pool.id, {
      config: copyPool(pool),
      branches: new Map([['main', main]]),
      commits: new Map(),
      journal: [],
    });
  }

  async getPool(id: KsuidHex): Promise<PoolConfig | null> {
    const p = this.#pools.get(id);
    return p === undefined ? null : copyPool(p.config);
  }

  async getPoolByName(name: string): Promise<PoolConfig | null> {
    const p = this.#byName(name);
    return p === undefined ? null : copyPool(p.config);
  }

  async listPools(): Promise<PoolConfig[]> {
    return [...this.#pools.keys()].sort().map((id) => copyPool(this.#pools.get(id)!.config));
  }

  async renamePool(id: KsuidHex, name: string): Promise<void> {
    const p = this.#pool(id);
    if (this.#byName(name) !== undefined) throw poolExists(name);
    p.config = { ...p.config, name };
  }

  async deletePool(id: KsuidHex): Promise<void> {
    if (!this.#pools.delete(id)) throw poolNotFound(poolIdText(id));
  }

  async createBranch(poolId: KsuidHex, branch: BranchConfig): Promise<void> {
    const p = this.#pool(poolId);
    if (p.branches.has(branch.name)) throw branchExists(p.config.name, branch.name);
    p.branches.set(branch.name, { ...branch });
  }

  async getBranch(poolId: KsuidHex, name: string): Promise<BranchConfig | null> {
    const b = this.#pools.get(poolId)?.branches.get(name);
    return b === undefined ? null : { ...b };
  }

  async listBranches(poolId: KsuidHex): Promise<BranchConfig[]> {
    const p = this.#pools.get(poolId);
    if (p === undefined) return [];
    return [...p.branches.values()].sort((a, b) => (a.name < b.name ? -1 : 1)).map((b) => ({ ...b }));
  }

  async deleteBranch(poolId: KsuidHex, name: string): Promise<void> {
    if (!this.#pool(poolId).branches.delete(name)) throw branchNotFound(name);
  }

  async commit(poolId: KsuidHex, branch: string, commit: CommitRecord): Promise<JournalEntry> {
    return this.#commit(poolId, branch, commit);
  }

  #commit(poolId: KsuidHex, branch: string, commit: CommitRecord): JournalEntry {
    const p = this.#pool(poolId);
    const b = p.branches.get(branch);
    if (b === undefined) throw branchNotFound(branch);
    if (b.commit !== commit.parent) throw tipMoved(branch, commit.parent);
    if (p.commits.has(commit.id)) throw new ExistsError(`commit ${ksuidHexToBase62(commit.id)} already exists`);
    const entry = copyCommit({ ...commit, seq: p.journal.length + 1 });
    p.commits.set(entry.id, entry);
    p.journal.push(entry);
    p.branches.set(branch, { ...b, commit: entry.id });
    return copyCommit(entry);
  }

  async append(poolId: KsuidHex, branch: string, commit: CommitRecord): Promise<JournalEntry> {
    const tip = this.#pool(poolId).branches.get(branch);
    if (tip === undefined) throw branchNotFound(branch);
    // No await between reading the tip and committing on it: nothing else runs between.
    return this.#commit(poolId, branch, { ...commit, parent: tip.commit });
  }

  async getCommit(poolId: KsuidHex, id: KsuidHex): Promise<JournalEntry | null> {
    const c = this.#pools.get(poolId)?.commits.get(id);
    return c === undefined ? null : copyCommit(c);
  }

  async journal(poolId: KsuidHex, afterSeq = 0): Promise<JournalEntry[]> {
    const p = this.#pools.get(poolId);
    return p === undefined ? [] : p.journal.slice(Math.max(0, afterSeq)).map(copyCommit);
  }

  async ancestry(poolId: KsuidHex, id: KsuidHex): Promise<JournalEntry[]> {
    const p = this.#pools.get(poolId);
    const out: JournalEntry[] = [];
    for (let c = p?.commits.get(id); c !== undefined; c = p?.commits.get(c.parent)) out.push(copyCommit(c));
    return out;
  }

  async addIndexRules(rules: readonly IndexRule[]): Promise<void> {
    const ids = new Set<KsuidHex>();
    const specs = new Set<string>();
    for (const r of this.#rules.values()) specs.add(equivalenceKey(r));
    for (const r of rules) {
      if (this.#rules.has(r.id) || ids.has(r.id)) throw indexRuleIdInUse(r.id);
      const key = equivalenceKey(r);
      if (specs.has(key)) throw indexRuleExists();
      ids.add(r.id);
      specs.add(key);
    }
    for (const r of rules) this.#rules.set(r.id, copyRule(r));
  }

  async deleteIndexRules(ids: readonly KsuidHex[]): Promise<IndexRule[]> {
    const out: IndexRule[] = [];
    for (const id of ids) {
      const r = this.#rules.get(id);
      if (r === undefined || out.includes(r)) throw indexRuleNotFound(id);
      out.push(r);
    }
    for (const id of ids) this.#rules.delete(id);
    return out.map(copyRule);
  }

  async listIndexRules(): Promise<IndexRule[]> {
    return [...this.#rules.values()].sort(compareIndexRules).map(copyRule);
  }

  #pool(id: KsuidHex): PoolState {
    const p = this.#pools.get(id);
    if (p === undefined) throw poolNotFound(poolIdText(id));
    return p;
  }

  #byName(name: string): PoolState | undefined {
    for (const p of this.#pools.values()) if (p.config.name === name) return p;
    return undefined;
  }
}

function copyPool(p: PoolConfig): PoolConfig {
  return { ...p, layout: { order: p.layout.order, keys: p.layout.keys.map((k) => [...k]) } };
}

function equivalenceKey(r: IndexRule): string {
  return JSON.stringify([r.name, r.kind, indexRuleSpec(r)]);
}

function copyRule(r: IndexRule): IndexRule {
  return r.kind === 'field' ? { ...r, fields: r.fields.map((f) => [...f]) } : { ...r };
}

function copyCommit(c: JournalEntry): JournalEntry {
  return { ...c, meta: c.meta === null ? null : c.meta.slice(), actions: c.actions.slice() };
}
