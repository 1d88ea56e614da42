// A read cache in front of the server's MetaStore. Each query looks its pool
// and branch up several times (the service, then the lake's scan), and on
// libSQL each lookup costs more than the rest of a small query. Cached reads
// stay coherent: every write through this store drops the cache, and before
// serving from it a cheap probe (libSQL's `PRAGMA data_version`, which moves
// when another connection or process commits) says whether anyone else
// wrote. Concurrent reads share one probe, so a read may miss a commit made
// by another process while that probe was in flight, never one made before.
// In strict mode (servers sharing one metastore) a read waits for a probe
// sent after it began, so it sees every commit finished before it began.

import type { MetaStore } from '../../src/index.js';

/** How long a probe's answer stands (see cachedMetaStore). */
const PROBE_WINDOW_MS = 1;

/** Reads served from the cache, keyed by their arguments. */
const CACHED = new Set<string>(['getPool', 'getPoolByName', 'listPools', 'getBranch', 'listBranches', 'getCommit']);
/** Reads passed straight through (large or rarely repeated). */
const PASS = new Set<string>(['journal', 'ancestry', 'listIndexRules']);

export interface MetaCacheStats {
  hits: number;
  misses: number;
  probes: number;
}

/**
 * Wraps `inner`. `probe` returns a value that changes whenever someone else
 * may have written (it need not change for writes made through this store).
 */
export function cachedMetaStore(inner: MetaStore, probe: () => Promise<unknown>, stats?: MetaCacheStats, opts: { strict?: boolean } = {}): MetaStore {
  let cache = new Map<string, Promise<unknown>>();
  let version: unknown = undefined;
  let pending: Promise<void> | null = null;
  // Bumped by every write: a read that began before a write must not fill the cache.
  let generation = 0;

  // A probe answers for the next PROBE_WINDOW_MS too: one query makes a
  // dozen cached reads, and a commit made elsewhere that close to a read is
  // concurrent with it anyway.
  let probedAt = -Infinity;
  // When the last finished probe, and the one in flight, were sent.
  let lastSent = -Infinity;
  let pendingSent = -Infinity;
  const startProbe = (): Promise<void> => {
    const sent = performance.now();
    pendingSent = sent;
    pending = (async () => {
      if (stats) stats.probes++;
      const v = await probe();
      probedAt = performance.now();
      lastSent = sent;
      if (v !== version) {
        version = v;
        cache = new Map();
        generation++;
      }
    })().finally(() => {
      pending = null;
    });
    return pending;
  };
  const fresh = (): Promise<void> | undefined => {
    if (pending === null && performance.now() - probedAt < PROBE_WINDOW_MS) return undefined;
    return pending ?? startProbe();
  };
  // Strict (servers sharing a metastore): a read trusts only a probe sent
  // after it began, so it never misses a commit that finished before it
  // began, whichever server made it. Reads that begin together share one.
  const freshSince = async (began: number): Promise<void> => {
    while (lastSent < began) {
      if (pending !== null && pendingSent < began) await pending.catch(() => {});
      else await (pending ?? startProbe());
    }
  };

  return new Proxy(inner, {
    get(target, prop, receiver) {
      const f = Reflect.get(target, prop, receiver) as unknown;
      if (typeof f !== 'function' || typeof prop !== 'string') return f;
      const fn = f as (...args: unknown[]) => Promise<unknown>;
      if (PASS.has(prop)) return (...args: unknown[]) => fn.apply(target, args);
      if (CACHED.has(prop)) {
        return async (...args: unknown[]) => {
          if (opts.strict === true) await freshSince(performance.now());
          else {
            const probing = fresh();
            if (probing !== undefined) await probing;
          }
          const key = `${prop}\u0000${args.map((a) => String(a)).join('\u0000')}`;
          const hit = cache.get(key);
          if (hit !== undefined) {
            if (stats) stats.hits++;
            return hit;
          }
          if (stats) stats.misses++;
          const gen = generation;
          const result = fn.apply(target, args);
          const mine = cache;
          result.then(
            () => {
              // Keep it only if no write happened meanwhile; drop failures.
              if (gen !== generation && mine.get(key) === result) mine.delete(key);
            },
            () => {
              if (mine.get(key) === result) mine.delete(key);
            },
          );
          if (gen === generation) cache.set(key, result);
          return result;
        };
      }
      // Anything else may write: drop the cache before and after it.
      return async (...args: unknown[]) => {
        generation++;
        cache = new Map();
        try {
          return await fn.apply(target, args);
        } finally {
          generation++;
          cache = new Map();
        }
      };
    },
  });
}
