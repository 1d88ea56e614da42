// The blob store of a lake named by a folder path (or file: URL) or an
// s3://bucket/prefix URL, without its metastore: what openLake uses, and
// what a thread that only writes data objects opens (encode-worker.ts).

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BlobStore } from '../../src/index.js';
import { FsBlobStore } from '../local/fs-blob-store.js';
import { openLakeFolder } from '../local/lake-folder.js';
import { isS3Url, S3BlobStore, s3Settings } from '../s3/index.js';

export interface OpenedBlobs {
  readonly blobs: BlobStore;
  /** The lake's folder, absolute; null for object storage. */
  readonly folder: string | null;
}

/** Opens the data objects' store of `lake`, making a folder lake when missing (see lake-folder.ts). */
export async function openBlobs(lake: string, env: Record<string, string | undefined> = process.env): Promise<OpenedBlobs> {
  if (isS3Url(lake)) return { blobs: new S3BlobStore(s3Settings(lake, env)), folder: null };
  const folder = resolve(lake.startsWith('file:') ? fileURLToPath(lake) : lake);
  return { blobs: new FsBlobStore(openLakeFolder(folder)), folder };
}
