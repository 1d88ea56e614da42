// A folder lake laid out as Zed lays one out: `lake.zng` at its root (its
// magic and version, which opening checks), and each pool's data objects
// under `<pool>/data/` beside it; the metadata is zlake's own `meta.db`. A
// lake zlake made before it followed that layout keeps its objects under
// `data/`, where they stay.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeZng, encodeZng, fieldsOf, int64, InvalidError, RecordMaker, str, TypeContext, TypeInt64, TypeString, underlying, type Value } from '../../src/index.js';

/** The lake version Zed v1.18.0 writes and reads (lake/root.go). */
export const LAKE_VERSION = 3;
const MAGIC = 'ZED LAKE';
const MAGIC_FILE = 'lake.zng';

/** lake.zng's one value: {magic:"ZED LAKE",version:3}(=lake.LakeMagic). */
function magicValue(): Uint8Array {
  const m = new RecordMaker(new TypeContext());
  return encodeZng([m.named('lake.LakeMagic', m.record([['magic', str(MAGIC)], ['version', int64(LAKE_VERSION)]]))]);
}

/** Checks lake.zng's value as Zed does, with its errors. */
function checkMagic(bytes: Uint8Array): void {
  let values: Value[];
  try {
    values = decodeZng(bytes, new TypeContext());
  } catch (e) {
    throw new InvalidError(`corrupt lake version file: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (values.length === 0) throw new InvalidError('corrupt lake version file: no value');
  if (values.length > 1) throw new InvalidError('corrupt lake version file: more than one Zed value');
  const fields = fieldsOf(values[0]!);
  const magic = fields.get('magic');
  const version = fields.get('version');
  const text = magic === undefined || underlying(magic.type) !== TypeString ? '' : magic.asString();
  if (text !== MAGIC) throw new InvalidError(`corrupt lake version file: magic "${text}" should be "${MAGIC}"`);
  const n = version === undefined || underlying(version.type) !== TypeInt64 || version.bytes === null ? 0 : Number(version.asInt());
  if (n !== LAKE_VERSION) throw new InvalidError(`unsupported lake version: found version ${n} while expecting ${LAKE_VERSION}`);
}

/**
 * Opens the folder lake at `root` (absolute), making it when missing: checks
 * its lake.zng (writing it when there is none) and returns the folder its
 * data objects are kept in.
 */
export function openLakeFolder(root: string): string {
  mkdirSync(root, { recursive: true });
  const file = join(root, MAGIC_FILE);
  let bytes: Uint8Array | null = null;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOENT') throw e;
  }
  if (bytes === null) {
    try {
      writeFileSync(file, magicValue(), { flag: 'wx' });
    } catch (e) {
      // Another process made it first.
      if ((e as { code?: string }).code !== 'EEXIST') throw e;
    }
  } else checkMagic(bytes);
  const old = join(root, 'data');
  return existsSync(old) ? old : root;
}
