// The Host names `zlake serve` answers to (ServiceDeps.allowedHosts) besides
// loopback names: the name or address it listens on, every address of this
// machine and its host name when it listens on all interfaces, and the
// -host.allow patterns.

import { hostname, networkInterfaces } from 'node:os';

/** True for the listen hosts that mean every interface. */
function allInterfaces(host: string | undefined): boolean {
  return host === undefined || host === '0.0.0.0' || host === '::' || host === '[::]';
}

/** Patterns for ServiceDeps.allowedHosts; `listenHost` as parseListen gives it. */
export function servedHosts(listenHost: string | undefined, allow: readonly string[]): string[] {
  const out: string[] = [];
  if (!allInterfaces(listenHost)) {
    out.push(listenHost!.includes(':') ? `[${listenHost}]` : listenHost!);
  } else {
    out.push(hostname());
    for (const addrs of Object.values(networkInterfaces())) {
      for (const a of addrs ?? []) out.push(a.family === 'IPv6' ? `[${a.address.replace(/%.*$/, '')}]` : a.address);
    }
  }
  return [...out, ...allow];
}
