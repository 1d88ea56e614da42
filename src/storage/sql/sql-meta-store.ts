// The MetaStore over drizzle, written once for every dialect: SQLite (libSQL,
// D1) and PostgreSQL. D1 has no interactive transactions, so each write is
// one batch of statements that are conditional on the state they check (a
// failed check writes nothing); PostgreSQL runs the same batch as one
// transaction (see SqlDialect). Every write also moves the change counter
// first, which in PostgreSQL also queues writers on that row, so a pool's
// next journal position is computed by one writer at a time.
//
// The statements stay within what both dialects read alike; a parameter
// whose type the database cannot infer (INSERT ... SELECT) is cast to its
// column's type (see typed()).

import { and, asc, eq, gt, inArray, notExists, sql, type Column, type SQL } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
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
import { sqliteDialect, type SqlDatabase, type SqlDialect, type SqlTables } from './database.js';
import type * as schema from './schema.js';

type PoolRow = typeof schema.pools.$inferSelect;
type CommitRow = typeof schema.commits.$inferSelect;
type RuleRow = typeof schema.indexRules.$inferSelect;

/** `value` as a parameter of `column`'s type, which PostgreSQL cannot infer in a SELECT list. */
function typed(value: unknown, column: Column): SQL {
  return sql`CAST(${sql.param(value, column)} AS ${sql.raw(column.getSQLType())})`;
}

export class SqlMetaStore implements MetaStore {
  private readonly db: SqlDatabase;
  private readonly t: SqlTables;

  /** A store on `db` (libSQL, D1), or on another dialect's database. */
  constructor(db: SqlDatabase, private readonly dialect: SqlDialect = sqliteDialect(db)) {
    this.db = dialect.db;
    this.t = dialect.tables;
  }

  /** Runs the statements of one write atomically, after moving the change counter. */
  async #write<U extends BatchItem<'sqlite'>, T extends Readonly<[U, ...U[]]>>(build: (db: SqlDatabase) => T): Promise<BatchResponse<T>> {
    const { changes } = this.t;
    const [, ...results] = await this.dialect.atomic((db) => [
      db.update(changes).set({ version: sql`${changes.version} + 1` }).where(eq(changes.id, 1)),
      ...build(db),
    ]);
    return results as unknown as BatchResponse<T>;
  }

  async createPool(pool: PoolConfig): Promise<void> {
    const { pools, branches } = this.t;
    // The pool row goes in unless its name (or id) is taken; main goes in only
    // beside that very row.
    const [added] = await this.#write((db) => [
      db
        .insert(pools)
        .values({
          id: pool.id,
          name: pool.name,
          ts: pool.ts,
          order: pool.layout.order,
          keys: JSON.stringify(pool.layout.keys),
          seekStride: pool.seekStride,
          threshold: pool.threshold,
        })
        .onConflictDoNothing()
        .returning({ id: pools.id }),
      db.insert(branches).select(
        sql`SELECT ${typed(pool.id, branches.poolId)}, 'main', ${typed(pool.ts, branches.ts)}, ${typed(NIL_KSUID, branches.tip)}
            WHERE EXISTS (SELECT 1 FROM ${pools} WHERE ${pools.id} = ${pool.id} AND ${pools.name} = ${pool.name})`,
      ),
    ]);
    if (added.length > 0) return;
    if ((await this.getPoolByName(pool.name)) !== null) throw poolExists(pool.name);
    throw new ExistsError(`pool id ${poolIdText(pool.id)} already exists`);
  }

  async getPool(id: KsuidHex): Promise<PoolConfig | null> {
    const { pools } = this.t;
    const rows = await this.db.select().from(pools).where(eq(pools.id, id));
    return rows[0] === undefined ? null : toPool(rows[0]);
  }

  async getPoolByName(name: string): Promise<PoolConfig | null> {
    const { pools } = this.t;
    const rows = await this.db.select().from(pools).where(eq(pools.name, name));
    return rows[0] === undefined ? null : toPool(rows[0]);
  }

  async listPools(): Promise<PoolConfig[]> {
    const { pools } = this.t;
    const rows = await this.db.select().from(pools).orderBy(asc(pools.id));
    return rows.map(toPool);
  }

  async renamePool(id: KsuidHex, name: string): Promise<void> {
    const { pools } = this.t;
    const [renamed] = await this.#write((db) => [
      db
        .update(pools)
        .set({ name })
        .where(and(eq(pools.id, id), notExists(db.select({ one: sql`1` }).from(pools).where(eq(pools.name, name)))))
        .returning({ id: pools.id }),
    ]);
    if (renamed.length > 0) return;
    if ((await this.getPool(id)) === null) throw poolNotFound(poolIdText(id));
    throw poolExists(name);
  }

  async deletePool(id: KsuidHex): Promise<void> {
    const { pools, branches, commits } = this.t;
    const [, , deleted] = await this.#write((db) => [
      db.delete(commits).where(eq(commits.poolId, id)),
      db.delete(branches).where(eq(branches.poolId, id)),
      db.delete(pools).where(eq(pools.id, id)).returning({ id: pools.id }),
    ]);
    if (deleted.length === 0) throw poolNotFound(poolIdText(id));
  }

  async createBranch(poolId: KsuidHex, branch: BranchConfig): Promise<void> {
    const { pools, branches } = this.t;
    const [added] = await this.#write((db) => [
      db
        .insert(branches)
        .select(
          sql`SELECT ${typed(poolId, branches.poolId)}, ${typed(branch.name, branches.name)}, ${typed(branch.ts, branches.ts)},
                ${typed(branch.commit, branches.tip)}
              WHERE EXISTS (SELECT 1 FROM ${pools} WHERE ${pools.id} = ${poolId})`,
        )
        .onConflictDoNothing()
        .returning({ name: branches.name }),
    ]);
    if (added.length > 0) return;
    const pool = await this.getPool(poolId);
    if (pool === null) throw poolNotFound(poolIdText(poolId));
    throw branchExists(pool.name, branch.name);
  }

  async getBranch(poolId: KsuidHex, name: string): Promise<BranchConfig | null> {
    const { branches } = this.t;
    const rows = await this.db
      .select()
      .from(branches)
      .where(and(eq(branches.poolId, poolId), eq(branches.name, name)));
    return rows[0] === undefined ? null : { name: rows[0].name, ts: rows[0].ts, commit: rows[0].tip };
  }

  async listBranches(poolId: KsuidHex): Promise<BranchConfig[]> {
    const { branches } = this.t;
    const rows = await this.db.select().from(branches).where(eq(branches.poolId, poolId)).orderBy(asc(branches.name));
    return rows.map((r) => ({ name: r.name, ts: r.ts, commit: r.tip }));
  }

  async deleteBranch(poolId: KsuidHex, name: string): Promise<void> {
    const { branches } = this.t;
    const [deleted] = await this.#write((db) => [
      db
        .delete(branches)
        .where(and(eq(branches.poolId, poolId), eq(branches.name, name)))
        .returning({ name: branches.name }),
    ]);
    if (deleted.length > 0) return;
    if ((await this.getPool(poolId)) === null) throw poolNotFound(poolIdText(poolId));
    throw branchNotFound(name);
  }

  async commit(poolId: KsuidHex, branch: string, commit: CommitRecord): Promise<JournalEntry> {
    const { branches } = this.t;
    const tipIsParent = and(eq(branches.poolId, poolId), eq(branches.name, branch), eq(branches.tip, commit.parent));
    // Both statements check the tip inside the write's transaction, so either
    // both take effect or neither does.
    const [inserted, moved] = await this.#commitWrite(poolId, commit, (db) => [
      this.#insertCommit(db, poolId, commit, typed(commit.parent, branches.tip), tipIsParent),
      db.update(branches).set({ tip: commit.id }).where(tipIsParent).returning({ tip: branches.tip }),
    ]);
    const seq = inserted[0]?.seq;
    if (seq !== undefined && moved.length > 0) return copyEntry({ ...commit, seq });
    await this.#branchMustExist(poolId, branch);
    throw tipMoved(branch, commit.parent);
  }

  async append(poolId: KsuidHex, branch: string, commit: CommitRecord): Promise<JournalEntry> {
    const { branches, commits } = this.t;
    const onBranch = and(eq(branches.poolId, poolId), eq(branches.name, branch));
    // The parent is the tip the insert reads; the tip moves only from that very
    // parent. (SQLite runs a batch alone; PostgreSQL queues writes on the change counter.)
    const parentOfNew = sql`(SELECT ${commits.parent} FROM ${commits} WHERE ${commits.poolId} = ${poolId} AND ${commits.id} = ${commit.id})`;
    const [inserted, moved] = await this.#commitWrite(poolId, commit, (db) => [
      this.#insertCommit(db, poolId, commit, sql`${branches.tip}`, onBranch, branches),
      db
        .update(branches)
        .set({ tip: commit.id })
        .where(and(onBranch, eq(branches.tip, parentOfNew)))
        .returning({ tip: branches.tip }),
    ]);
    const row = inserted[0];
    if (row !== undefined && moved.length > 0) return copyEntry({ ...commit, parent: row.parent, seq: row.seq });
    await this.#branchMustExist(poolId, branch);
    throw tipMoved(branch, row?.parent ?? commit.parent);
  }

  /**
   * INSERT of `commit` with the next journal position and `parent`, if
   * `condition` holds (on a row of `from` when given, else on any branch).
   */
  #insertCommit(db: SqlDatabase, poolId: KsuidHex, commit: CommitRecord, parent: SQL, condition: SQL | undefined, from?: SqlTables['branches']) {
    const { branches, commits } = this.t;
    const where = from === undefined ? sql`WHERE EXISTS (SELECT 1 FROM ${branches} WHERE ${condition})` : sql`FROM ${from} WHERE ${condition}`;
    return db
      .insert(commits)
      .select(
        sql`SELECT ${typed(poolId, commits.poolId)}, ${typed(commit.id, commits.id)},
              (SELECT coalesce(max(${commits.seq}), 0) + 1 FROM ${commits} WHERE ${commits.poolId} = ${poolId}),
              ${parent}, ${typed(commit.retries, commits.retries)},
              ${typed(commit.author, commits.author)}, ${typed(commit.date, commits.date)},
              ${typed(commit.message, commits.message)}, ${typed(commit.meta, commits.meta)}, ${typed(commit.actions, commits.actions)}
            ${where}`,
      )
      .returning({ seq: commits.seq, parent: commits.parent });
  }

  /** Runs a commit's write; a commit id used before is ExistsError. */
  async #commitWrite<U extends BatchItem<'sqlite'>, T extends Readonly<[U, ...U[]]>>(
    poolId: KsuidHex,
    commit: CommitRecord,
    build: (db: SqlDatabase) => T,
  ): Promise<BatchResponse<T>> {
    try {
      return await this.#write(build);
    } catch (e) {
      // The primary key refused the id and the write rolled back.
      if ((await this.getCommit(poolId, commit.id)) !== null) {
        throw new ExistsError(`commit ${ksuidHexToBase62(commit.id)} already exists`, { cause: e });
      }
      throw e;
    }
  }

  /** Throws the error for a missing branch or pool, if one is. */
  async #branchMustExist(poolId: KsuidHex, branch: string): Promise<void> {
    if ((await this.getBranch(poolId, branch)) !== null) return;
    if ((await this.getPool(poolId)) === null) throw poolNotFound(poolIdText(poolId));
    throw branchNotFound(branch);
  }

  async getCommit(poolId: KsuidHex, id: KsuidHex): Promise<JournalEntry | null> {
    const { commits } = this.t;
    const rows = await this.db
      .select()
      .from(commits)
      .where(and(eq(commits.poolId, poolId), eq(commits.id, id)));
    return rows[0] === undefined ? null : toEntry(rows[0]);
  }

  async journal(poolId: KsuidHex, afterSeq = 0): Promise<JournalEntry[]> {
    const { commits } = this.t;
    const rows = await this.db
      .select()
      .from(commits)
      .where(and(eq(commits.poolId, poolId), gt(commits.seq, afterSeq)))
      .orderBy(asc(commits.seq));
    return rows.map(toEntry);
  }

  async ancestry(poolId: KsuidHex, id: KsuidHex): Promise<JournalEntry[]> {
    if (id === NIL_KSUID) return [];
    const { commits } = this.t;
    // One query walks the parent links (UNION stops at any cycle); the rows
    // come back unordered, so put them in chain order here.
    const rows = await this.db
      .select()
      .from(commits)
      .where(
        and(
          eq(commits.poolId, poolId),
          sql`${commits.id} IN (
            WITH RECURSIVE chain(id) AS (
              SELECT ${typed(id, commits.id)}
              UNION
              SELECT c.parent FROM commits c JOIN chain ON c.pool_id = ${poolId} AND c.id = chain.id
            ) SELECT id FROM chain)`,
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: JournalEntry[] = [];
    for (let r = byId.get(id); r !== undefined; r = byId.get(r.parent)) {
      byId.delete(r.id);
      out.push(toEntry(r));
    }
    return out;
  }

  async addIndexRules(rules: readonly IndexRule[]): Promise<void> {
    const { indexRules } = this.t;
    // Refuse duplicates within the request before writing anything.
    const ids = new Set<KsuidHex>();
    const specs = new Set<string>();
    for (const r of rules) {
      if (ids.has(r.id)) throw indexRuleIdInUse(r.id);
      const key = JSON.stringify([r.name, r.kind, indexRuleSpec(r)]);
      if (specs.has(key)) throw indexRuleExists();
      ids.add(r.id);
      specs.add(key);
    }
    const [first, ...rest] = rules;
    if (first === undefined) return;
    const insert = (db: SqlDatabase, r: IndexRule) =>
      db.insert(indexRules).values({ id: r.id, name: r.name, ts: r.ts, kind: r.kind, spec: indexRuleSpec(r) });
    try {
      // The primary key and the equivalence index refuse a clash; the write then stores nothing.
      await this.#write((db) => [insert(db, first), ...rest.map((r) => insert(db, r))]);
    } catch (e) {
      for (const r of rules) {
        const rows = await this.db.select().from(indexRules).where(eq(indexRules.id, r.id));
        if (rows.length > 0) throw indexRuleIdInUse(r.id);
        const same = await this.db
          .select()
          .from(indexRules)
          .where(and(eq(indexRules.name, r.name), eq(indexRules.kind, r.kind), eq(indexRules.spec, indexRuleSpec(r))));
        if (same.length > 0) throw indexRuleExists();
      }
      throw e;
    }
  }

  async deleteIndexRules(ids: readonly KsuidHex[]): Promise<IndexRule[]> {
    const { indexRules } = this.t;
    const unique = [...new Set(ids)];
    if (unique.length !== ids.length) {
      const dup = ids.find((id, i) => ids.indexOf(id) !== i)!;
      throw indexRuleNotFound(dup);
    }
    if (ids.length === 0) return [];
    // One statement deletes them all, and only if every one is there.
    const present = sql`(SELECT count(*) FROM ${indexRules} WHERE ${inArray(indexRules.id, unique)})`;
    const [deleted] = await this.#write((db) => [
      db
        .delete(indexRules)
        .where(and(inArray(indexRules.id, unique), sql`${present} = ${unique.length}`))
        .returning(),
    ]);
    if (deleted.length === unique.length) {
      const byId = new Map(deleted.map((r) => [r.id, toRule(r)]));
      return ids.map((id) => byId.get(id)!);
    }
    for (const id of ids) {
      const rows = await this.db.select({ id: indexRules.id }).from(indexRules).where(eq(indexRules.id, id));
      if (rows.length === 0) throw indexRuleNotFound(id);
    }
    throw indexRuleNotFound(ids[0]!);
  }

  async listIndexRules(): Promise<IndexRule[]> {
    const rows = await this.db.select().from(this.t.indexRules);
    return rows.map(toRule).sort(compareIndexRules);
  }
}

function toRule(r: RuleRow): IndexRule {
  const base = { id: r.id, name: r.name, ts: r.ts };
  switch (r.kind) {
    case 'field':
      return { kind: 'field', ...base, fields: JSON.parse(r.spec) as string[][] };
    case 'type':
      return { kind: 'type', ...base, type: r.spec };
    case 'agg':
      return { kind: 'agg', ...base, script: r.spec };
  }
}

function toPool(r: PoolRow): PoolConfig {
  return {
    id: r.id,
    name: r.name,
    ts: r.ts,
    layout: { order: r.order, keys: JSON.parse(r.keys) as string[][] },
    seekStride: r.seekStride,
    threshold: r.threshold,
  };
}

function toEntry(r: CommitRow): JournalEntry {
  return {
    id: r.id,
    parent: r.parent,
    retries: r.retries,
    author: r.author,
    date: r.date,
    message: r.message,
    meta: r.meta,
    actions: r.actions,
    seq: r.seq,
  };
}

function copyEntry(e: JournalEntry): JournalEntry {
  return { ...e, meta: e.meta === null ? null : e.meta.slice(), actions: e.actions.slice() };
}
