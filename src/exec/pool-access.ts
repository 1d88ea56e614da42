// Scopes: which pools a bearer of an API token may read, write or administer
// (`logs:write`, `*:read`). Plain data, structured-cloneable, so a query's
// spec carries them to the worker thread that runs it. No scopes at all
// (null) means every pool: auth off, or a Zed (Auth0) login.

import { InvalidError } from '../errors/index.js';

/** read: query, stats, branches, events; write: read plus commits; admin: write plus rename, drop, vacuum, indexing. */
export type AccessLevel = 'read' | 'write' | 'admin';

export interface Scope {
  /** A pool name, or `*` for every pool (and, at admin, the lake: creating pools, managing tokens). */
  readonly pool: string;
  readonly level: AccessLevel;
}

/** The scopes of a request; null grants everything. */
export type Scopes = readonly Scope[] | null;

const RANK: Readonly<Record<AccessLevel, number>> = { read: 1, write: 2, admin: 3 };

export const ACCESS_LEVELS: readonly AccessLevel[] = ['read', 'write', 'admin'];

function isLevel(s: string): s is AccessLevel {
  return s === 'read' || s === 'write' || s === 'admin';
}

/** `pool:level`, the pool name being everything before the last colon (pool names may hold colons). */
export function parseScope(text: string): Scope {
  const i = text.lastIndexOf(':');
  const pool = i < 0 ? '' : text.slice(0, i);
  const level = i < 0 ? '' : text.slice(i + 1);
  if (pool === '' || !isLevel(level)) {
    throw new InvalidError(`Invalid scope ${JSON.stringify(text)}: want POOL:read, POOL:write or POOL:admin (POOL may be *)`);
  }
  return { pool, level };
}

export function scopeText(s: Scope): string {
  return `${s.pool}:${s.level}`;
}

/** True when `scopes` grant `level` on the pool named `pool`. */
export function allows(scopes: Scopes, pool: string, level: AccessLevel): boolean {
  if (scopes === null) return true;
  const need = RANK[level];
  for (const s of scopes) if ((s.pool === '*' || s.pool === pool) && RANK[s.level] >= need) return true;
  return false;
}

/** True when `scopes` grant `level` on every pool (`*:level` or more). */
export function allowsEvery(scopes: Scopes, level: AccessLevel): boolean {
  if (scopes === null) return true;
  const need = RANK[level];
  for (const s of scopes) if (s.pool === '*' && RANK[s.level] >= need) return true;
  return false;
}

/** The refusal's text: what access the request lacked, never what credential it came with. */
export function noAccessMessage(level: AccessLevel, pool: string | null): string {
  return pool === null ? `No ${level} access to the lake (it needs scope "*:${level}")` : `No ${level} access to pool ${JSON.stringify(pool)}`;
}
