// Vacuum (spec lake-api.md §5.5, Zed's Pool.Vacuum and commits.Vacuumable):
// removes the files of data objects that a revision no longer uses. The
// candidates are the objects added by the commits on the path from the
// revision's parent back to the root that are absent from the revision's
// snapshot, as in Zed. Two differences, both to lose less:
//  - objects live at the tip of any branch of the pool are kept (Zed may
//    remove what another branch still reads; time travel to earlier commits
//    can still break, as in Zed);
//  - orphans, objects no commit of the pool ever added (a load that failed or
//    was killed before its commit), are candidates too once they are older
//    than a grace period (default one hour), since a younger one may belong
//    to a load that is still running.
//  - a store's temporary files under the pool (a load killed mid-write left
//    them; they belong to no object) go after the same grace period, through
//    the store's sweepTemporary (fs-blob-store.ts keeps those of live writers).
// A dry run lists the candidates whose data file exists; otherwise each
// candidate's data file, seek index, vector copy and index objects are
// deleted and the ids whose data file was deleted are returned.
import { ksuidFromBase62, type KsuidHex } from '../util/ksuid.js';
import { encodeUtf8 } from '../util/utf8.js';
import { decodeActions } from './commit-actions.js';
import type { LakeContext } from './context.js';
import { dataPrefix, indexPrefix, objectIdOfKey, objectKey, poolPrefix } from './data-object.js';
import { ksuidBytesToHex } from '../util/ksuid.js';

export interface VacuumOptions {
  readonly dryrun: boolean;
  /** Orphans younger than this (nanoseconds) are kept; default one hour. */
  readonly orphanGraceNs?: bigint;
}

export interface VacuumResult {
  readonly objectIds: KsuidHex[];
}

export const DEFAULT_ORPHAN_GRACE_NS = 3_600_000_000_000n;

export async function vacuumPool(lc: LakeContext, pool: string, revision: string, opts: VacuumOptions): Promise<VacuumResult> {
  const { meta, blobs } = lc.deps;
  const p = await lc.pool(pool);
  const commit = await lc.resolve(p, revision);
  const snap = await lc.snapshot(p, commit);
  const candidates = new Set<KsuidHex>();
  const ancestry = await meta.ancestry(p.id, commit);
  // The revision's own commit is skipped, as in Zed.
  for (const entry of ancestry.slice(1)) {
    for (const a of decodeActions(entry.actions, lc.ctx)) {
      if (a.kind === 'add' && !snap.has(a.object.id)) candidates.add(a.object.id);
    }
  }
  // Every blob of the pool's objects, by object id.
  const files = new Map<KsuidHex, string[]>();
  for (const prefix of [dataPrefix(p.id), indexPrefix(p.id)]) {
    for await (const b of blobs.list(prefix)) {
      const id62 = objectIdOfKey(b.key);
      if (id62 === null) continue;
      const raw = ksuidFromBase62(encodeUtf8(id62));
      if (typeof raw === 'string') continue;
      const id = ksuidBytesToHex(raw);
      const keys = files.get(id);
      if (keys === undefined) files.set(id, [b.key]);
      else keys.push(b.key);
    }
  }
  // Orphans: files of objects that no commit of the pool added.
  const added = new Set<KsuidHex>();
  for (const entry of await meta.journal(p.id)) {
    for (const a of decodeActions(entry.actions, lc.ctx)) if (a.kind === 'add') added.add(a.object.id);
  }
  const cutoff = lc.deps.now() - (opts.orphanGraceNs ?? DEFAULT_ORPHAN_GRACE_NS);
  for (const id of files.keys()) {
    if (!added.has(id) && idTimeNs(id) <= cutoff) candidates.add(id);
  }
  if (!opts.dryrun) await blobs.sweepTemporary?.(poolPrefix(p.id), cutoff);
  // Keep whatever a branch tip still uses.
  for (const b of await meta.listBranches(p.id)) {
    if (candidates.size === 0) break;
    const s = await lc.snapshot(p, b.commit);
    for (const id of [...candidates]) if (s.has(id)) candidates.delete(id);
  }
  const dataFile = (id: KsuidHex): string => objectKey(p.id, id);
  const out: KsuidHex[] = [];
  for (const id of [...candidates].sort()) {
    const keys = files.get(id) ?? [];
    if (!keys.includes(dataFile(id))) {
      // Left over from an earlier vacuum that stopped midway: tidy, but do not report.
      if (!opts.dryrun) for (const k of keys) await blobs.delete(k);
      continue;
    }
    if (opts.dryrun) {
      out.push(id);
      continue;
    }
    // The data file goes last: a failure midway leaves it findable by the next vacuum.
    for (const k of keys) if (k !== dataFile(id)) await blobs.delete(k);
    if (await blobs.delete(dataFile(id))) out.push(id);
  }
  lc.forgetObjects(out);
  return { objectIds: out };
}

/** The creation time of a KSUID, in Unix nanoseconds (second precision). */
export function idTimeNs(id: KsuidHex): bigint {
  return (BigInt(parseInt(id.slice(0, 8), 16)) + 1_400_000_000n) * 1_000_000_000n;
}
