// The SQL MetaStore: schema, migrations and the store, for any drizzle async
// SQLite database (libSQL, D1) and PostgreSQL. Adapters build the database
// and hand it over.

export { sqliteDialect, type SqlDatabase, type SqlDialect, type SqlTables } from './database.js';
export { migrate } from './migrate.js';
export { migrations } from './migrations.js';
export { migratePostgres, pgTables, pgTwin, postgresDdl, postgresDialect, type PostgresDatabase } from './postgres.js';
export { SqlMetaStore } from './sql-meta-store.js';
export { SqlTokenStore } from './sql-token-store.js';
export * as sqlSchema from './schema.js';
