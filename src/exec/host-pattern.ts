// Host names and the patterns that allow them, as the flags -host.allow
// and -query.get.allow take them: `name`, `name:port`, `*.example.com`
// (any name below example.com, not example.com itself), `*` (any name), an
// IPv4 address or an IPv6 one in brackets (`[::1]:8080`).

import { InvalidError } from '../errors/index.js';
import { parseIp } from '../util/ip-address.js';

export interface HostPattern {
  /** The pattern as given. */
  readonly text: string;
  /** `exact`: the name or address alone; `suffix`: names ending in `.` + host; `any`: every name. */
  readonly match: 'exact' | 'suffix' | 'any';
  /** Lower case, without brackets or a final dot; the suffix for `suffix`, '' for `any`. */
  readonly host: string;
  /** Only this port, or any port when null. */
  readonly port: number | null;
  /** The address, when the pattern is an IP literal (compared as bytes: `::1` is `0:0::1`). */
  readonly ip?: Uint8Array;
}

/** Lower case, IPv6 brackets and a trailing dot removed: how names are compared. */
export function normalizeHost(host: string): string {
  let h = host.toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h.endsWith('.') && h.length > 1) h = h.slice(0, -1);
  return h;
}

/** `host[:port]` (a Host header, a URL's authority) as a normalized name and a port, or null when malformed. */
export function splitHostPort(authority: string): { host: string; port: number | null } | null {
  const m = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(authority.trim());
  if (m === null || m[1] === '') return null;
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && port > 65535) return null;
  return { host: normalizeHost(m[1]!), port };
}

/** Parses one allow entry; throws InvalidError for a malformed one. */
export function parseHostPattern(text: string): HostPattern {
  const bad = () => new InvalidError(`invalid host pattern "${text}": want name, name:port, *.domain or *`);
  // A bare IPv6 address has colons of its own: it must come in brackets to take a port.
  if (!text.startsWith('[') && (text.match(/:/g)?.length ?? 0) > 1) {
    const ip = parseIp(text);
    if (ip === null) throw bad();
    return { text, match: 'exact', host: normalizeHost(text), port: null, ip };
  }
  const hp = splitHostPort(text);
  if (hp === null) throw bad();
  const { host, port } = hp;
  if (host === '*') {
    if (!/^\*(:\d+)?$/.test(text)) throw bad();
    return { text, match: 'any', host: '', port };
  }
  if (host.startsWith('*.')) {
    const suffix = host.slice(2);
    if (suffix === '' || suffix.includes('*')) throw bad();
    return { text, match: 'suffix', host: suffix, port };
  }
  if (host.includes('*') || /[\s/?#@]/.test(host)) throw bad();
  const ip = parseIp(host);
  return { text, match: 'exact', host, port, ...(ip !== null ? { ip } : {}) };
}

/** Whether `pattern` allows `host` (normalized) on `port`. */
export function hostMatches(pattern: HostPattern, host: string, port: number | null): boolean {
  if (pattern.port !== null && pattern.port !== port) return false;
  switch (pattern.match) {
    case 'any':
      return true;
    case 'suffix':
      return host.endsWith(`.${pattern.host}`);
    case 'exact': {
      if (host === pattern.host) return true;
      const ip = pattern.ip === undefined ? null : parseIp(host);
      return ip !== null && sameBytes(ip, pattern.ip!);
    }
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
