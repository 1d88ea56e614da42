// A guarded Outbound for servers (zlake serve's -query.get.allow): a
// query may fetch only from hosts an allow entry names, and never, unless
// an entry names that very host or address, from loopback, private,
// link-local, CGNAT, unspecified or reserved addresses (an IPv6 form of
// one of those included). The check is made on the addresses the name
// resolves to, again at every redirect (followed here, a bounded number of
// times), and the connection goes to the address that was checked, so a
// name that resolves elsewhere the second time (DNS rebinding) gains
// nothing. Resolving and connecting to a given address are the runtime's
// (OutboundNetwork; adapters/node/outbound-network.ts). A runtime that only
// has fetch (Workers, fetchNetwork below) checks names and IP literals.

import { InvalidError } from '../errors/index.js';
import { hostMatches, normalizeHost, parseHostPattern, type HostPattern } from './host-pattern.js';
import { addressScope, parseIp } from '../util/ip-address.js';
import type { Outbound } from './outbound.js';

export interface OutboundNetwork {
  /**
   * The addresses `host` (a name, or an IP literal) resolves to, or null
   * where the runtime cannot tell (Workers: the platform resolves, and does
   * not route to private addresses); then names are judged by the allow
   * list alone.
   */
  resolve(host: string, signal?: AbortSignal): Promise<string[] | null>;
  /**
   * One request, redirects not followed, over a connection to `address`;
   * the URL's name stays the Host header and, for https, the name that TLS
   * (SNI and the certificate check) uses.
   */
  request(url: URL, init: RequestInit, address: string | null): Promise<Response>;
}

/**
 * The network of a runtime that only has fetch (Workers): IP literals are
 * checked, names are not resolved, and redirects come back to the guard.
 */
export function fetchNetwork(f: (url: string, init: RequestInit) => Promise<Response> = (u, i) => fetch(u, i)): OutboundNetwork {
  return {
    resolve: async (host) => (parseIp(host) !== null ? [host] : null),
    request: (url, init) => f(url.href, { ...init, redirect: 'manual' }),
  };
}

export interface OutboundGuardOptions {
  /** Allow entries: `name`, `name:port`, `*.domain`, `*`, IP addresses (see host-pattern.ts). */
  readonly allow: readonly string[];
  readonly net: OutboundNetwork;
  /** Longest wait for a response's headers, and between two chunks of its body (default 30 s). */
  readonly timeoutMs?: number;
  /** Redirects followed before giving up (default 10, as Go's client). */
  readonly maxRedirects?: number;
}

export const DEFAULT_OUTBOUND_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_REDIRECTS = 10;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers a redirect to another origin does not carry on (as browsers' fetch). */
const CREDENTIALS = ['authorization', 'cookie', 'proxy-authorization'];

function defaultPort(url: URL): number {
  return url.protocol === 'https:' ? 443 : 80;
}

/** A URL the allow list refuses (as against one that cannot be reached). */
export class OutboundRefusedError extends InvalidError {}

export function guardedOutbound(opts: OutboundGuardOptions): Outbound {
  const patterns: HostPattern[] = opts.allow.map(parseHostPattern);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;

  /** Checks `url` and picks the address to connect to (null: the runtime's choice); throws OutboundRefusedError when refused. */
  async function admit(url: URL, signal?: AbortSignal): Promise<string | null> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefusedError(`unsupported protocol scheme "${url.protocol.slice(0, -1)}"`);
    const host = normalizeHost(url.hostname);
    const port = url.port === '' ? defaultPort(url) : Number(url.port);
    const shown = url.port === '' ? url.hostname : `${url.hostname}:${url.port}`;
    const matched = patterns.filter((p) => hostMatches(p, host, port));
    if (matched.length === 0) throw new OutboundRefusedError(`host ${JSON.stringify(shown)} is not allowed: allow it with -query.get.allow`);
    const named = matched.some((p) => p.match === 'exact');
    const addresses = await opts.net.resolve(host, signal);
    if (addresses === null) return null;
    if (addresses.length === 0) throw new InvalidError(`no address for host ${JSON.stringify(url.hostname)}`);
    for (const a of addresses) {
      const ip = parseIp(a);
      if (ip === null) throw new InvalidError(`host ${JSON.stringify(url.hostname)} resolved to "${a}", not an address`);
      const scope = addressScope(ip);
      if (scope === 'public' || named) continue;
      // An entry naming the address itself unlocks it too.
      if (patterns.some((p) => p.match === 'exact' && p.ip !== undefined && hostMatches(p, a, port))) continue;
      const what = parseIp(host) !== null ? `address ${host}` : `host ${JSON.stringify(url.hostname)} (${a})`;
      throw new OutboundRefusedError(`${what} is ${scope === 'shared' ? 'shared (CGNAT)' : scope}: allow it by name with -query.get.allow`);
    }
    return addresses[0]!;
  }

  return {
    async check(url, signal) {
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        return; // the request will say what is wrong with it
      }
      try {
        await admit(u, signal);
      } catch (e) {
        // Only refusals stop a query here; a name that does not resolve fails when it runs, as in Zed.
        if (e instanceof OutboundRefusedError) throw e;
      }
    },

    async fetch(url, init) {
      const abort = new AbortController();
      const outer = init.signal ?? null;
      const onOuter = () => abort.abort(outer?.reason);
      if (outer !== null) {
        if (outer.aborted) throw outer.reason;
        outer.addEventListener('abort', onOuter, { once: true });
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => abort.abort(new InvalidError(`no response within ${timeoutMs / 1000} s`)), timeoutMs);
      };
      const done = () => {
        clearTimeout(timer);
        outer?.removeEventListener('abort', onOuter);
      };
      // The timer's abort is reported by its reason, not as a bare AbortError.
      const why = (e: unknown): unknown => (abort.signal.aborted && abort.signal.reason instanceof InvalidError && !(outer?.aborted ?? false) ? abort.signal.reason : e);
      try {
        let u = new URL(url);
        let req: RequestInit = { ...init, signal: abort.signal, redirect: 'manual' };
        for (let hop = 0; ; hop++) {
          arm();
          const address = await admit(u, abort.signal);
          const res = await opts.net.request(u, req, address);
          const location = res.headers.get('Location');
          if (!REDIRECTS.has(res.status) || location === null) {
            arm();
            return idleBounded(res, arm, done, why);
          }
          await res.body?.cancel().catch(() => {});
          if (hop >= maxRedirects) throw new InvalidError(`stopped after ${maxRedirects} redirects`);
          const next = new URL(location, u);
          req = redirected(req, res.status, u, next);
          u = next;
        }
      } catch (e) {
        done();
        throw why(e);
      }
    },
  };
}

/** The request for the next hop: 303 (and 301/302 after a POST) turn into a body-less GET; credentials stay with their origin. */
function redirected(req: RequestInit, status: number, from: URL, to: URL): RequestInit {
  const headers = new Headers(req.headers);
  let next: RequestInit = { ...req, headers };
  const method = (req.method ?? 'GET').toUpperCase();
  if (status === 303 ? method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST') {
    const { body: _body, ...rest } = next;
    next = { ...rest, method: 'GET', headers };
    headers.delete('Content-Type');
    headers.delete('Content-Length');
  }
  if (from.origin !== to.origin) for (const h of CREDENTIALS) headers.delete(h);
  return next;
}

/** The response with its body's reads re-arming the timer, and `done` called when the body ends or fails. */
function idleBounded(res: Response, arm: () => void, done: () => void, why: (e: unknown) => unknown): Response {
  if (res.body === null) {
    done();
    return res;
  }
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const r = await reader.read();
        if (r.done) {
          done();
          controller.close();
          return;
        }
        arm();
        controller.enqueue(r.value);
      } catch (e) {
        done();
        throw why(e);
      }
    },
    async cancel(reason) {
      done();
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
