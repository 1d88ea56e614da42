// The local adapter: a filesystem BlobStore, the libSQL MetaStore, the disk
// spill store and the lake built from them.

export { FsBlobStore } from './fs-blob-store.js';
export { openLibsqlMetaStore, type LibsqlMetaStore } from './libsql.js';
export { DiskSpillStore } from './spill-store.js';
export { openLocalLake, type LocalLake, type LocalLakeOptions } from './lake.js';
