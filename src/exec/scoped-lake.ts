// A lake as a query with scopes sees it: pools its scopes do not let it read
// are absent, exactly as pools that do not exist (listings leave them out;
// naming one, by name or id, fails with "pool not found"), and writing (the
// load operator) needs write access. Every Lake method is in the table
// below, checked by the compiler: a method added to Lake later must say
// what it needs before it type-checks, and one missing at run time is refused.

import { ForbiddenError } from '../errors/index.js';
import type { Lake } from '../lake/index.js';
import { poolNotFound, type PoolConfig } from '../storage/index.js';
import { allows, allowsEvery, noAccessMessage, type AccessLevel, type Scope } from './pool-access.js';

type Rule =
  /** Touches no pool. */
  | { readonly kind: 'free' }
  /** listPools: only the readable pools. */
  | { readonly kind: 'list' }
  /** The lake as a whole (creating pools, index rules): `*:admin`. */
  | { readonly kind: 'lake' }
  /** The first argument names a pool (name or id); `gen` for async generator methods. */
  | { readonly kind: 'pool'; readonly level: AccessLevel; readonly gen?: true }
  /** The first argument is a PoolConfig. */
  | { readonly kind: 'config'; readonly level: AccessLevel };

const read = { kind: 'pool', level: 'read' } as const;
const write = { kind: 'pool', level: 'write' } as const;
const admin = { kind: 'pool', level: 'admin' } as const;

const RULES: Readonly<Record<keyof Lake, Rule>> = {
  createPool: { kind: 'lake' },
  listPools: { kind: 'list' },
  getPool: read,
  renamePool: admin,
  deletePool: admin,
  poolStats: read,
  createBranch: write,
  deleteBranch: admin,
  listBranches: read,
  getBranch: read,
  branchTip: read,
  resolveCommitish: read,
  load: write,
  objectWriter: { kind: 'config', level: 'write' },
  deleteObjects: write,
  commitActions: write,
  merge: write,
  revert: write,
  compact: write,
  addVectors: write,
  deleteVectors: write,
  vacuum: admin,
  createIndexRules: { kind: 'lake' },
  deleteIndexRules: { kind: 'lake' },
  listIndexRules: { kind: 'free' },
  lookupIndexRules: { kind: 'free' },
  indexObjects: admin,
  updateIndex: admin,
  snapshot: read,
  objects: read,
  getCommit: read,
  history: read,
  scan: { kind: 'pool', level: 'read', gen: true },
  columnObjects: read,
  readObject: { kind: 'pool', level: 'read', gen: true },
  count: read,
  // Not a method: the threads a query's scans may use, reached only after its pool was.
  scanThreads: { kind: 'free' },
};

type Fn = (...args: unknown[]) => unknown;

/**
 * The pool `nameOrId` names when `scopes` let a query see it: "pool not
 * found" when they do not let it read it, forbidden when it can read but
 * not `level`.
 */
export async function visiblePool(lake: Lake, scopes: readonly Scope[], nameOrId: string, level: AccessLevel): Promise<PoolConfig> {
  const p = await lake.getPool(nameOrId);
  if (!allows(scopes, p.name, 'read')) throw poolNotFound(nameOrId);
  if (level !== 'read' && !allows(scopes, p.name, level)) throw new ForbiddenError(noAccessMessage(level, p.name));
  return p;
}

/** `lake` as `scopes` let a query see it (see the file's comment). */
export function scopedLake(lake: Lake, scopes: readonly Scope[]): Lake {
  const wrappers = new Map<string, Fn>();
  const gate = (level: AccessLevel, nameOrId: unknown): Promise<unknown> | null =>
    allowsEvery(scopes, level) ? null : visiblePool(lake, scopes, String(nameOrId), level);

  function wrap(name: string, method: Fn): Fn {
    const rule = (RULES as Readonly<Record<string, Rule | undefined>>)[name];
    const call = (args: unknown[]) => method.apply(lake, args);
    if (rule === undefined) {
      return () => {
        throw new ForbiddenError(`Lake.${name} is not available to a query with scopes`);
      };
    }
    switch (rule.kind) {
      case 'free':
        return (...args) => call(args);
      case 'list':
        return async () => ((await lake.listPools()) as PoolConfig[]).filter((p) => allows(scopes, p.name, 'read'));
      case 'lake':
        return async (...args) => {
          if (!allowsEvery(scopes, 'admin')) throw new ForbiddenError(noAccessMessage('admin', null));
          return call(args);
        };
      case 'config':
        return (...args) => {
          const p = args[0] as PoolConfig;
          if (!allows(scopes, p.name, rule.level)) throw new ForbiddenError(noAccessMessage(rule.level, p.name));
          return call(args);
        };
      case 'pool':
        if (rule.gen === true) {
          return async function* (...args: unknown[]) {
            await gate(rule.level, args[0]);
            yield* call(args) as AsyncIterable<unknown>;
          };
        }
        if (name === 'getPool') {
          return (...args) => visiblePool(lake, scopes, String(args[0]), 'read');
        }
        return async (...args) => {
          await gate(rule.level, args[0]);
          return call(args);
        };
    }
  }

  return new Proxy(lake, {
    get(target, prop) {
      const v: unknown = Reflect.get(target, prop, target);
      if (typeof v !== 'function' || typeof prop !== 'string') return v;
      let w = wrappers.get(prop);
      if (w === undefined) {
        w = wrap(prop, v as Fn);
        wrappers.set(prop, w);
      }
      return w;
    },
  });
}

/** Every `load` operator's pool in an AST (sub-queries and user operators too). */
function loadPools(node: unknown, out: string[]): void {
  if (Array.isArray(node)) {
    for (const x of node) loadPools(x, out);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const n = node as { kind?: unknown; pool?: unknown };
  if (n.kind === 'Load' && typeof n.pool === 'string') out.push(n.pool);
  for (const [k, v] of Object.entries(node)) if (k !== 'loc' && typeof v === 'object') loadPools(v, out);
}

/**
 * Refuses (forbidden) a query whose load operator targets a pool its scopes
 * let it read but not write. A target that does not exist, or that it may
 * not even see, is left to the run, which fails as for a missing pool.
 */
export async function loadTargetsAllowed(lake: Lake, scopes: readonly Scope[], ast: unknown): Promise<void> {
  if (allowsEvery(scopes, 'write')) return;
  const targets: string[] = [];
  loadPools(ast, targets);
  for (const t of targets) {
    let p: PoolConfig;
    try {
      p = await lake.getPool(t);
    } catch {
      continue;
    }
    if (allows(scopes, p.name, 'read') && !allows(scopes, p.name, 'write')) throw new ForbiddenError(noAccessMessage('write', p.name));
  }
}
