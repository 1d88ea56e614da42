// The drizzle sqlite-core schema of the metadata tables. migrations.ts holds
// the DDL that creates them; the two must agree (test/contract/meta-store.test.ts
// compares them on a migrated database).

import { customType, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Nanosecond times as decimal text: an SQLite integer holds int64, but D1 and
 * libSQL's default integer mode hand integers back as JS numbers, which would
 * round them.
 */
export const nanos = customType<{ data: bigint; driverData: string }>({
  dataType: () => 'text',
  toDriver: (v) => v.toString(),
  fromDriver: (v) => BigInt(v),
});

/** Bytes: libSQL returns an ArrayBuffer, D1 an array of numbers. */
export const bytes = customType<{ data: Uint8Array; driverData: unknown }>({
  dataType: () => 'blob',
  toDriver: (v) => v,
  fromDriver: (v) => toBytes(v),
});

export function toBytes(v: unknown): Uint8Array {
  if (v instanceof Uint8Array) return new Uint8Array(v);
  if (v instanceof ArrayBuffer) return new Uint8Array(v.slice(0));
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));
  if (Array.isArray(v)) return Uint8Array.from(v as number[]);
  throw new TypeError(`Cannot read a blob from ${typeof v}`);
}

export const schemaVersion = sqliteTable('zlake_schema_version', {
  version: integer('version').primaryKey(),
});

export const pools = sqliteTable(
  'pools',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    ts: nanos('ts').notNull(),
    order: text('sort_order', { enum: ['asc', 'desc'] }).notNull(),
    /** JSON array of key paths, e.g. [["ts"]]. */
    keys: text('keys').notNull(),
    seekStride: integer('seek_stride').notNull(),
    threshold: integer('threshold').notNull(),
  },
  (t) => [uniqueIndex('pools_name').on(t.name)],
);

export const branches = sqliteTable(
  'branches',
  {
    poolId: text('pool_id').notNull(),
    name: text('name').notNull(),
    ts: nanos('ts').notNull(),
    tip: text('tip').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.name] })],
);

export const commits = sqliteTable(
  'commits',
  {
    poolId: text('pool_id').notNull(),
    id: text('id').notNull(),
    /** Position in the pool's journal: 1, 2, ... in append order. */
    seq: integer('seq').notNull(),
    parent: text('parent').notNull(),
    retries: integer('retries').notNull(),
    author: text('author').notNull(),
    date: nanos('date').notNull(),
    message: text('message').notNull(),
    meta: bytes('meta'),
    actions: bytes('actions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.id] }), uniqueIndex('commits_seq').on(t.poolId, t.seq)],
);

/** Lake-wide index rules (API revisions up to 1.8.0); `spec` is indexRuleSpec's text. */
export const indexRules = sqliteTable(
  'index_rules',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    ts: nanos('ts').notNull(),
    kind: text('kind', { enum: ['field', 'type', 'agg'] }).notNull(),
    spec: text('spec').notNull(),
  },
  (t) => [uniqueIndex('index_rules_equivalent').on(t.name, t.kind, t.spec)],
);

/** zlake's API tokens (storage/token-store.ts): the SHA-256 of each, never the token. */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    hash: text('hash').notNull(),
    /** JSON array of scope texts. */
    scopes: text('scopes').notNull(),
    created: nanos('created').notNull(),
    expires: nanos('expires'),
  },
  (t) => [uniqueIndex('api_tokens_name').on(t.name)],
);

/**
 * One row (id 1) whose version every write of the store moves, in the same
 * batch or transaction: a cache asks it whether anyone wrote since (on a
 * server, libSQL's data_version answers the same for a local file).
 */
export const changes = sqliteTable('zlake_changes', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
});

/**
 * Lake events (the service's /events feed) that servers sharing a libSQL
 * metastore pass each other: appended by the server that made the event,
 * polled by the others. `at` is Unix nanoseconds, for pruning.
 */
export const events = sqliteTable('zlake_events', {
  seq: integer('seq').primaryKey(),
  origin: text('origin').notNull(),
  at: nanos('at').notNull(),
  payload: text('payload').notNull(),
});
