// Which Host names the service answers to, against DNS rebinding: a web
// page whose own name has come to resolve to the server's address sends its
// requests with its own name as Host, and a browser then treats the answers
// as same-origin. Loopback names (localhost, *.localhost, 127.0.0.0/8,
// [::1]) always pass, with any port; other names must match one of the
// patterns the server was given (see exec/host-pattern.ts; `*` passes all).

import { ForbiddenError } from '../../errors/index.js';
import { hostMatches, parseHostPattern, splitHostPort, type HostPattern } from '../../exec/index.js';
import { addressScope, parseIp } from '../../util/ip-address.js';

/** True for names that always reach this machine. */
function isLoopbackName(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const ip = parseIp(host);
  return ip !== null && addressScope(ip) === 'loopback';
}

/** The Host a request names: its header, else its URL's authority. */
export function requestHost(req: Request): string {
  return req.headers.get('Host') ?? new URL(req.url).host;
}

/**
 * A check of a request's Host against `patterns`; undefined patterns check
 * nothing (the Workers entry, where the platform routes by name). Returns
 * the error to answer with, or null.
 */
export function hostGuard(patterns: readonly string[] | undefined): (req: Request) => ForbiddenError | null {
  if (patterns === undefined) return () => null;
  const allowed: HostPattern[] = patterns.map(parseHostPattern);
  return (req) => {
    const header = requestHost(req);
    const hp = splitHostPort(header);
    if (hp !== null && (isLoopbackName(hp.host) || allowed.some((p) => hostMatches(p, hp.host, hp.port)))) return null;
    return new ForbiddenError(`Host ${JSON.stringify(header)} is not served here: allow it with -host.allow`);
  };
}
