// Vector copies of data objects (spec lake-api.md §5.5, Zed's
// Branch.AddVectors/DeleteVectors and data.CreateVector): a VNG file beside
// an object's ZNG, bound to it by AddVector in a commit (DeleteVector
// unbinds it; vacuum removes the file with the object). Zed builds each VNG
// file in memory, as here.
import { InternalError } from '../errors/index.js';
import { encodeVng } from '../formats/vng/index.js';
import type { PoolConfig } from '../storage/index.js';
import { ksuidHexToBase62, type KsuidHex } from '../util/ksuid.js';
import { NullValue, TypeContext, type Value } from '../zed/index.js';
import { withoutMeta, type CommitOptions } from './commit.js';
import type { LakeContext } from './context.js';
import { vectorKey, type DataObject } from './data-object.js';
import { parseIdOrThrow } from './ids.js';
import { poolKeyOf } from './pool-key.js';
import { mergeObjects } from './scan.js';

/** Writes the VNG copy of object `id` (which need only exist as a file). */
export async function writeVector(lc: LakeContext, p: PoolConfig, o: DataObject): Promise<void> {
  const values: Value[] = [];
  for await (const b of mergeObjects(lc, p.id, [o], poolKeyOf(p), new TypeContext())) values.push(...b);
  await lc.blobs.put(vectorKey(p.id, o.id), encodeVng(values));
}

export async function addVectors(lc: LakeContext, pool: string, branch: string, ids: readonly string[], opts: CommitOptions): Promise<KsuidHex> {
  const p = await lc.pool(pool);
  const tip = await lc.snapshot(p, (await lc.branch(p, branch)).commit);
  const hex = ids.map(parseIdOrThrow);
  for (const id of hex) await writeVector(lc, p, tip.get(id) ?? { id, min: NullValue, max: NullValue, count: 0, size: 0 });
  const entry = await lc.commit(p, branch, withoutMeta(opts), async (parent) => {
    const snap = await lc.snapshot(p, parent);
    for (const id of hex) {
      const id62 = ksuidHexToBase62(id);
      if (!snap.has(id)) throw new InternalError(`non-existent object ${id62}: vector add operation aborted`);
      if (snap.hasVector(id)) throw new InternalError(`vector exists for ${id62}: vector add operation aborted`);
    }
    return { actions: hex.map((id) => ({ kind: 'addVector' as const, id })), message: vectorMessage('add', hex) };
  });
  return entry.id;
}

export async function deleteVectors(lc: LakeContext, pool: string, branch: string, ids: readonly string[], opts: CommitOptions): Promise<KsuidHex> {
  const p = await lc.pool(pool);
  await lc.branch(p, branch);
  const hex = ids.map(parseIdOrThrow);
  const entry = await lc.commit(p, branch, withoutMeta(opts), async (parent) => {
    const snap = await lc.snapshot(p, parent);
    for (const id of hex) {
      const id62 = ksuidHexToBase62(id);
      if (!snap.has(id)) throw new InternalError(`non-existent object ${id62}: vector delete operation aborted`);
      if (!snap.hasVector(id)) throw new InternalError(`vector ${id62} does not exist: vector delete operation aborted`);
    }
    return { actions: hex.map((id) => ({ kind: 'deleteVector' as const, id })), message: vectorMessage('delete', hex) };
  });
  return entry.id;
}

/** Zed's vectorMessage. */
function vectorMessage(kind: string, ids: readonly KsuidHex[]): string {
  return `vector ${kind}\n\n${ids.map((id) => `    ${ksuidHexToBase62(id)}\n`).join('')}`;
}
