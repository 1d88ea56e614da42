// Reference implementations of the storage ports, kept in memory.

export { MemoryBlobStore } from './memory-blob-store.js';
export { MemoryMetaStore } from './memory-meta-store.js';
export { MemoryTokenStore } from './memory-token-store.js';
