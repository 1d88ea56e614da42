// The storage ports and their implementations that need no runtime: memory
// stores for tests and the SQL MetaStore over drizzle.

export { checkBlobKey, checkBlobRange, deleteBlobs, type BlobInfo, type BlobStore } from './blob-store.js';
export type {
  BranchConfig,
  CommitRecord,
  IndexRule,
  JournalEntry,
  MetaStore,
  PoolConfig,
  PoolLayout,
  SortOrder,
} from './meta-store.js';
export {
  poolNotFound,
  poolExists,
  branchNotFound,
  branchExists,
  compareIndexRules,
  indexRuleSpec,
} from './meta-store.js';
export type { ApiTokenRecord, TokenStore } from './token-store.js';
export { tokenExists, tokenNotFound } from './token-store.js';
export { MemoryBlobStore, MemoryMetaStore, MemoryTokenStore } from './memory/index.js';
export {
  migrate,
  migratePostgres,
  migrations,
  pgTables,
  postgresDialect,
  sqliteDialect,
  sqlSchema,
  SqlMetaStore,
  SqlTokenStore,
  type PostgresDatabase,
  type SqlDatabase,
  type SqlDialect,
} from './sql/index.js';
export { causes, guardMetaStore, networkLost } from './unavailable.js';
