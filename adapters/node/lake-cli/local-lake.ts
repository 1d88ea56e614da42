// A lake folder on local disk, laid out as adapters/local/lake.ts lays it
// out for `zlake serve` too (`meta.db` and `data/`), so the two share lakes.
// A folder is a lake once its metadata database exists; opening never
// creates one (that is `zlake init`).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ExistsError, NotFoundError } from '../../../src/index.js';
import { openLocalLake as openLakeFolder, type LocalLake } from '../../local/index.js';

export type { LocalLake };

/** The metadata database that marks a folder as a lake (adapters/local/lake.ts). */
export const META_DB = 'meta.db';

export function isLakeDir(dir: string): boolean {
  return existsSync(join(dir, META_DB));
}

/** Opens an existing lake; Zed's "lake does not exist" (with its hint) otherwise. */
export async function openLocalLake(dir: string, uri: string): Promise<LocalLake> {
  if (!isLakeDir(dir)) {
    throw new NotFoundError(`${uri}: lake does not exist\n(hint: run 'zed init' to initialize lake at this location)`);
  }
  return openLakeFolder(dir);
}

/** Creates a new, empty lake; Zed's "lake already exists" if there is one. */
export async function createLocalLake(dir: string, uri: string): Promise<LocalLake> {
  if (isLakeDir(dir)) throw new ExistsError(`${uri}: lake already exists`);
  return openLakeFolder(dir);
}
