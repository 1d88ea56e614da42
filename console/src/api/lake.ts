// The lake operations the console uses, over Zed's HTTP API: pools and
// their stats, branches and commit logs (meta-queries), and the writes,
// each of which the page sends only on an explicit action of its user.

import { call, callJson, seg } from './client.js';

export interface PoolConfig {
  readonly ts: string;
  readonly name: string;
  readonly id: string;
  readonly layout: { readonly order: 'asc' | 'desc'; readonly keys: readonly (readonly string[])[] };
  readonly seek_stride: number;
  readonly threshold: number;
}

export interface PoolStats {
  readonly size: number;
  /** `ts` as RFC 3339 text, `dur` a Zed duration (`3h40m1ns`); null unless the pool key is a time. */
  readonly span: { readonly ts: string; readonly dur: string } | null;
}

export interface BranchMeta {
  readonly pool: PoolConfig;
  readonly branch: { readonly ts: string; readonly name: string; readonly commit: string };
}

export interface Commit {
  readonly id: string;
  readonly parent: string;
  readonly author: string;
  readonly date: string;
  readonly message: string;
  /** Data objects the commit added and deleted (from the pool's raw log). */
  readonly added: number;
  readonly deleted: number;
}

export interface CommitResponse {
  readonly commit: string;
  readonly warnings: readonly string[] | null;
}

/** A Zed string literal of `s` (single-quoted, escaped). */
export function zedString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Runs a query answered as one JSON array. */
export async function queryJson<T>(query: string): Promise<T[]> {
  const r = await callJson<T[] | null>('query', { method: 'POST', json: { query } });
  return r ?? [];
}

export function listPools(): Promise<PoolConfig[]> {
  return queryJson<PoolConfig>('from :pools');
}

export function poolStats(id: string): Promise<PoolStats> {
  return callJson<PoolStats>(`pool/${seg(id)}/stats`);
}

export function listBranches(poolId: string): Promise<BranchMeta[]> {
  return queryJson<BranchMeta>(`from ${zedString(poolId)}:branches`);
}

/** The commits of a branch, newest first, with the objects each added and deleted. */
export async function branchLog(poolId: string, branch: string): Promise<Commit[]> {
  const at = `${zedString(poolId)}@${zedString(branch)}`;
  const [log, counts] = await Promise.all([
    queryJson<{ id?: string; parent?: string; author?: string; date?: string; message?: string }>(`from ${at}:log`),
    queryJson<{ commit: string; kind: string; count: number }>(`from ${at}:rawlog | has(commit) | count() by commit, kind:=nameof(this)`),
  ]);
  const added = new Map<string, number>();
  const deleted = new Map<string, number>();
  for (const c of counts) {
    if (c.kind === 'commits.Add') added.set(c.commit, c.count);
    else if (c.kind === 'commits.Delete') deleted.set(c.commit, c.count);
  }
  // The log opens with the branch tips ({Name, Commit}); commits have an id.
  return log
    .filter((r) => typeof r.id === 'string')
    .map((r) => ({
      id: r.id!,
      parent: r.parent ?? '',
      author: r.author ?? '',
      date: r.date ?? '',
      message: r.message ?? '',
      added: added.get(r.id!) ?? 0,
      deleted: deleted.get(r.id!) ?? 0,
    }));
}

export function createPool(name: string, key: string, order: 'asc' | 'desc'): Promise<BranchMeta> {
  const keys = key.trim() === '' ? [] : [key.trim().split('.')];
  return callJson<BranchMeta>('pool', { method: 'POST', json: { name, layout: { order, keys } } });
}

export async function renamePool(id: string, name: string): Promise<void> {
  await call(`pool/${seg(id)}`, { method: 'PUT', json: { name } });
}

export async function dropPool(id: string): Promise<void> {
  await call(`pool/${seg(id)}`, { method: 'DELETE' });
}

/** Merges branch `child` into `into`. */
export function mergeBranch(poolId: string, into: string, child: string): Promise<CommitResponse> {
  return callJson<CommitResponse>(`pool/${seg(poolId)}/branch/${seg(into)}/merge/${seg(child)}`, { method: 'POST' });
}

export function revertCommit(poolId: string, branch: string, commit: string): Promise<CommitResponse> {
  return callJson<CommitResponse>(`pool/${seg(poolId)}/branch/${seg(branch)}/revert/${seg(commit)}`, { method: 'POST' });
}
