// How a query's `get URL` (and `from URL`) reaches the network. zq and the
// local CLI use the runtime's fetch as it is (a local user may fetch what
// they like); a server is given a guarded one (outbound-guard.ts) or none.
// The URL of an HTTP source is always known when the query compiles, so a
// server checks it before answering: a refused URL is a 400, not an error
// in the middle of the results.

import { InvalidError, ZedError } from '../errors/index.js';
import type { ast } from '../compiler/index.js';
import { httpFailure, httpUrl } from './http-source.js';

export interface Outbound {
  /** Throws a ZedError when the policy refuses `url` (a name or address not allowed); anything else is left to fetch. */
  check(url: string, signal?: AbortSignal): Promise<void>;
  /** The request of a `get`: redirects followed and checked, bounded in time. */
  fetch(url: string, init: RequestInit): Promise<Response>;
}

/** The runtime's fetch, unchecked (zq, the local CLI). */
export const directOutbound: Outbound = {
  check: async () => {},
  fetch: (url, init) => fetch(url, init),
};

/** Refuses every URL: a service given no outbound policy. */
export const noOutbound: Outbound = {
  check: async () => {
    throw new InvalidError('outbound requests are disabled on this server');
  },
  fetch: async () => {
    throw new InvalidError('outbound requests are disabled on this server');
  },
};

/** The HTTP sources of a plan (found wherever they are: scopes, forks, laterals). */
function httpSources(plan: unknown): ast.HTTP[] {
  const out: ast.HTTP[] = [];
  const stack: unknown[] = [plan];
  for (let v = stack.pop(); v !== undefined; v = stack.pop()) {
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
      continue;
    }
    const node = v as { kind?: unknown; source?: unknown };
    if (node.kind === 'HTTPScan') out.push(node.source as ast.HTTP);
    else for (const x of Object.values(node)) if (typeof x === 'object') stack.push(x);
  }
  return out;
}

/** Checks every URL a plan will fetch; throws what `get` would fail with (`Get "url": why`). */
export async function checkPlanUrls(plan: unknown, outbound: Outbound, signal?: AbortSignal): Promise<void> {
  for (const src of httpSources(plan)) {
    try {
      await outbound.check(httpUrl(src), signal);
    } catch (e) {
      if (e instanceof ZedError) throw httpFailure(src, e);
      throw e;
    }
  }
}
