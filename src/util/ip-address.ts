// IP addresses as text: parsing IPv4 and IPv6, and telling the ranges a
// server must not reach on a user's say-so (loopback, private, link-local,
// ...) from public ones. IPv6 forms that carry an IPv4 address (mapped,
// compatible, NAT64, 6to4) are judged by the IPv4 address they carry.

/** Where an address points; everything but 'public' needs an explicit allow entry. */
export type AddressScope = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'shared' | 'reserved';

/** The four bytes of dotted-quad `text` (`127.0.0.1`), or null. */
export function parseIpv4(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out[i] = n;
  }
  return out;
}

/** The sixteen bytes of IPv6 `text` (brackets and a `%zone` allowed), or null. */
export function parseIpv6(text: string): Uint8Array | null {
  let t = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = t.indexOf('%');
  if (zone >= 0) t = t.slice(0, zone);
  if (!t.includes(':')) return null;
  // A trailing dotted quad stands for the last two groups.
  const lastColon = t.lastIndexOf(':');
  const last = t.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIpv4(last);
    if (v4 === null) return null;
    t = `${t.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = t.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string): number[] | null => {
    if (s === '') return [];
    const out: number[] = [];
    for (const g of s.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (head === null || rest === null) return null;
  let words: number[];
  if (halves.length === 1) {
    if (head.length !== 8) return null;
    words = head;
  } else {
    const fill = 8 - head.length - rest.length;
    if (fill < 1) return null;
    words = [...head, ...new Array<number>(fill).fill(0), ...rest];
  }
  const out = new Uint8Array(16);
  words.forEach((w, i) => {
    out[i * 2] = w >> 8;
    out[i * 2 + 1] = w & 0xff;
  });
  return out;
}

/** Four or sixteen bytes for an IPv4 or IPv6 literal, or null for anything else (a name). */
export function parseIp(text: string): Uint8Array | null {
  return parseIpv4(text) ?? parseIpv6(text);
}

function scopeV4(b: Uint8Array): AddressScope {
  const [a, c] = [b[0]!, b[1]!];
  if (a === 0) return 'unspecified'; // 0.0.0.0/8, "this network"
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && c >= 16 && c < 32) || (a === 192 && c === 168)) return 'private';
  if (a === 169 && c === 254) return 'link-local';
  if (a === 100 && c >= 64 && c < 128) return 'shared'; // CGNAT 100.64/10
  if (a === 192 && c === 0 && b[2] === 0) return 'reserved'; // IETF protocol assignments
  if (a === 198 && (c === 18 || c === 19)) return 'reserved'; // benchmarking
  // Documentation (TEST-NET-1, -2, -3): never a real server.
  if ((a === 192 && c === 0 && b[2] === 2) || (a === 198 && c === 51 && b[2] === 100) || (a === 203 && c === 0 && b[2] === 113)) return 'reserved';
  if (a >= 224) return 'reserved'; // multicast, 240/4, broadcast
  return 'public';
}

function zeros(b: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (b[i] !== 0) return false;
  return true;
}

function scopeV6(b: Uint8Array): AddressScope {
  if (zeros(b, 0, 16)) return 'unspecified';
  if (zeros(b, 0, 15) && b[15] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated).
  if (zeros(b, 0, 10) && ((b[10] === 0xff && b[11] === 0xff) || (b[10] === 0 && b[11] === 0))) return scopeV4(b.subarray(12));
  // 64:ff9b::/96 (NAT64) and 2002::/16 (6to4) reach the IPv4 address they carry.
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return scopeV4(b.subarray(12));
  if (b[0] === 0x20 && b[1] === 0x02) return scopeV4(b.subarray(2, 6));
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return 'link-local'; // fe80::/10
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return 'private'; // fec0::/10, site-local
  if ((b[0]! & 0xfe) === 0xfc) return 'private'; // fc00::/7, unique local
  if (b[0] === 0xff) return 'reserved'; // multicast
  return 'public';
}

/** The scope of an address (4 or 16 bytes). */
export function addressScope(ip: Uint8Array): AddressScope {
  return ip.length === 4 ? scopeV4(ip) : scopeV6(ip);
}
