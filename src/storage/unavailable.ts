// A MetaStore whose database is out of reach fails with UnavailableError (a
// 503 the client may retry) instead of a driver's error. Each driver knows
// its own signs of a lost connection; the adapter hands them in. Each write
// is atomic, so a failed one wrote nothing.

import { UnavailableError } from '../errors/index.js';
import type { MetaStore } from './meta-store.js';

/**
 * Wraps `inner`: a failure for which `lost` returns a reason becomes
 * UnavailableError("Metastore unreachable: <reason>"); others pass as they are.
 */
export function guardMetaStore(inner: MetaStore, lost: (e: unknown) => string | null): MetaStore {
  return new Proxy(inner, {
    get(target, prop, receiver) {
      const f = Reflect.get(target, prop, receiver) as unknown;
      if (typeof f !== 'function') return f;
      return async (...args: unknown[]) => {
        try {
          return await (f as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (e) {
          const why = lost(e);
          if (why === null) throw e;
          throw new UnavailableError(`Metastore unreachable: ${why}`, { cause: e });
        }
      };
    },
  });
}

/** The errors in `e`'s chain of causes, `e` first. */
export function causes(e: unknown): unknown[] {
  const out: unknown[] = [];
  for (let c = e; c !== undefined && c !== null && out.length < 10; c = c instanceof Error ? c.cause : undefined) out.push(c);
  return out;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);

/** The network error code (ECONNREFUSED, ...) in `e`'s causes, or null. */
export function networkLost(e: unknown): string | null {
  for (const c of causes(e)) {
    const code = typeof c === 'object' && c !== null && 'code' in c ? String(c.code) : '';
    if (NETWORK_CODES.has(code)) return code;
  }
  return null;
}
