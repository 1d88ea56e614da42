// The BlobStore port: immutable named byte objects (data objects, seek
// indexes). Implementations: memory/ here, the filesystem and R2 in adapters/.

import { InvalidError } from '../errors/index.js';

export interface BlobInfo {
  readonly key: string;
  readonly size: number;
}

/**
 * Keys are `/`-separated segments, each non-empty, not starting with `.` and
 * without `\`; so a key maps safely onto a path, and names starting with `.`
 * stay free for an implementation's temporary files. A key should not also be
 * the folder of another key (`a/b` beside `a/b/c`): a filesystem cannot hold
 * both, so implementations may refuse the second.
 *
 * Every write is all or nothing: a reader sees the old bytes (or none) or the
 * new bytes, never part of them.
 */
export interface BlobStore {
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** The object as a stream of chunks, or null when there is none. */
  getStream(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /**
   * Up to `length` bytes from `offset`; fewer at the end of the object, none
   * past it. Null when there is no object.
   */
  getRange(key: string, offset: number, length: number): Promise<Uint8Array | null>;
  /** Writes (or replaces) the object. */
  put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<void>;
  /** Writes the object unless one exists; true when this call wrote it. */
  putIfAbsent(key: string, data: Uint8Array): Promise<boolean>;
  /** Removes the object; true when there was one. */
  delete(key: string): Promise<boolean>;
  /** The objects whose key starts with `prefix`, in ascending key order. */
  list(prefix: string): AsyncIterable<BlobInfo>;
  /**
   * Removes what the store's own writes left behind under `prefix` when their
   * process died mid-write (a filesystem's temporary files), last written
   * before `before` (Unix nanoseconds); returns how many. A write still in
   * progress is never removed. Stores whose writes leave nothing behind
   * (memory, R2) do not have it.
   */
  sweepTemporary?(prefix: string, before: bigint): Promise<number>;

  /**
   * Removes the objects, missing ones being no error, in as few requests as
   * the store allows (S3's DeleteObjects); optional (see deleteBlobs).
   */
  deleteMany?(keys: readonly string[]): Promise<void>;

  /**
   * Where the object lives, as a URI (Zed names a data object by its URI in
   * errors, as "file:///lake/…/data/ID.zng"); optional.
   */
  uri?(key: string): string;
}

/** Removes the objects with the store's deleteMany, or one delete per key. */
export async function deleteBlobs(store: BlobStore, keys: readonly string[]): Promise<void> {
  if (store.deleteMany !== undefined) await store.deleteMany(keys);
  else for (const k of keys) await store.delete(k);
}

/** Throws InvalidError unless `key` is a valid blob key (see BlobStore). */
export function checkBlobKey(key: string): void {
  if (key === '' || key.includes('\\') || key.includes('\0')) throw badKey(key);
  for (const seg of key.split('/')) {
    if (seg === '' || seg.startsWith('.')) throw badKey(key);
  }
}

/** Throws InvalidError unless `offset` and `length` are non-negative integers. */
export function checkBlobRange(key: string, offset: number, length: number): void {
  if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(length) || length < 0) {
    throw new InvalidError(`Invalid range ${offset}+${length} of blob "${key}"`);
  }
}

function badKey(key: string): InvalidError {
  return new InvalidError(`Invalid blob key "${key}"`);
}
