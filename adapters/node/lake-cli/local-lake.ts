// A lake the commands open directly: a folder on local disk, laid out as
// `zlake serve` lays it out (`meta.db` and `data/`), or object storage with
// its metastore (-meta). Both open through openLake, as the server does. A
// folder is a lake once its metadata database exists (or, with -meta, once
// the folder does); opening never creates one (that is `zlake init`).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ExistsError, NotFoundError } from '../../../src/index.js';
import { openLake, type OpenedLake } from '../open-lake.js';
import type { DirectLocation } from './locate.js';

/** The metadata database that marks a folder as a lake (adapters/node/open-lake.ts). */
export const META_DB = 'meta.db';

export function isLakeDir(dir: string, meta: string | undefined): boolean {
  return existsSync(meta === undefined ? join(dir, META_DB) : dir);
}

/** Opens an existing lake; Zed's "lake does not exist" (with its hint) otherwise. */
export async function openDirectLake(loc: DirectLocation, meta: string | undefined): Promise<OpenedLake> {
  if (loc.kind === 'local' && !isLakeDir(loc.path, meta)) {
    throw new NotFoundError(`${loc.uri}: lake does not exist\n(hint: run 'zed init' to initialize lake at this location)`);
  }
  return open(loc, meta);
}

/** Creates a new, empty lake; Zed's "lake already exists" if there is one. */
export async function createDirectLake(loc: DirectLocation, meta: string | undefined): Promise<OpenedLake> {
  if (loc.kind === 'local' && existsSync(join(loc.path, META_DB))) throw new ExistsError(`${loc.uri}: lake already exists`);
  return open(loc, meta);
}

/**
 * A command runs once: starting scan threads (and filling their column
 * caches) costs it more than they save, so its queries scan in its thread.
 * Its loads still hand full runs to encode threads, which only a load of
 * several runs starts.
 */
function open(loc: DirectLocation, meta: string | undefined): Promise<OpenedLake> {
  return openLake({ lake: loc.kind === 'local' ? loc.path : loc.url, ...(meta !== undefined ? { meta } : {}), scanThreads: 0 });
}
