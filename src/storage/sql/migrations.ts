// The SQL migrations, applied in order; migration N (1-based) leaves the
// schema at version N. Append new ones; never edit one that has shipped.

export const migrations: readonly (readonly string[])[] = [
  [
    `CREATE TABLE pools (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      ts TEXT NOT NULL,
      sort_order TEXT NOT NULL,
      keys TEXT NOT NULL,
      seek_stride INTEGER NOT NULL,
      threshold INTEGER NOT NULL
    )`,
    `CREATE UNIQUE INDEX pools_name ON pools (name)`,
    `CREATE TABLE branches (
      pool_id TEXT NOT NULL,
      name TEXT NOT NULL,
      ts TEXT NOT NULL,
      tip TEXT NOT NULL,
      PRIMARY KEY (pool_id, name)
    )`,
    `CREATE TABLE commits (
      pool_id TEXT NOT NULL,
      id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      parent TEXT NOT NULL,
      retries INTEGER NOT NULL,
      author TEXT NOT NULL,
      date TEXT NOT NULL,
      message TEXT NOT NULL,
      meta BLOB,
      actions BLOB NOT NULL,
      PRIMARY KEY (pool_id, id)
    )`,
    `CREATE UNIQUE INDEX commits_seq ON commits (pool_id, seq)`,
  ],
  [
    `CREATE TABLE index_rules (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      ts TEXT NOT NULL,
      kind TEXT NOT NULL,
      spec TEXT NOT NULL
    )`,
    `CREATE UNIQUE INDEX index_rules_equivalent ON index_rules (name, kind, spec)`,
  ],
  [
    `CREATE TABLE api_tokens (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      hash TEXT NOT NULL,
      scopes TEXT NOT NULL,
      created TEXT NOT NULL,
      expires TEXT
    )`,
    `CREATE UNIQUE INDEX api_tokens_name ON api_tokens (name)`,
  ],
  [
    `CREATE TABLE zlake_changes (
      id INTEGER PRIMARY KEY NOT NULL,
      version INTEGER NOT NULL
    )`,
    `INSERT INTO zlake_changes (id, version) VALUES (1, 0)`,
    `CREATE TABLE zlake_events (
      seq INTEGER PRIMARY KEY NOT NULL,
      origin TEXT NOT NULL,
      at TEXT NOT NULL,
      payload TEXT NOT NULL
    )`,
  ],
];
