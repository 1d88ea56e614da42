// The blob store of a lake named by a folder path (or file: URL) or an
// s3://bucket/prefix URL, without its metastore: what openLake uses, and
// what a thread that only writes data objects opens (encode-worker.ts).

import { mkdir } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BlobStore } from '../../src/index.js';
import { FsBlobStore } from '../local/fs-blob-store.js';
import { isS3Url, S3BlobStore, s3Settings } from '../s3/index.js';

export interface OpenedBlobs {
  readonly blobs: BlobStore;
  /** The lake's folder, absolute; null for object storage. */
  readonly folder: string | null;
}

/** Opens the data objects' store of `lake`, making a folder lake's data folder when missing. */
export async function openBlobs(lake: string, env: Record<string, string | undefined> = process.env): Promise<OpenedBlobs> {
  if (isS3Url(lake)) return { blobs: new S3BlobStore(s3Settings(lake, env)), folder: null };
  const folder = resolve(lake.startsWith('file:') ? fileURLToPath(lake) : lake);
  // (node:fs's callback form: fs/promises costs a short command its loading.)
  await new Promise<void>((done, fail) => mkdir(join(folder, 'data'), { recursive: true }, (e) => (e ? fail(e) : done())));
  return { blobs: new FsBlobStore(join(folder, 'data')), folder };
}
