// IP addresses and networks as Zed encodes them: 4 or 16 address bytes; a
// net is the masked address followed by the mask (8 or 32 bytes). Text forms
// follow Go's net/netip (RFC 5952 for IPv6, "::ffff:a.b.c.d" when mapped).

function parseIPv4(s: string, out: Uint8Array, at: number): boolean {
  let part = 0;
  let digits = 0;
  let n = 0;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 46;
    if (c === 46) {
      if (digits === 0 || part > 3) return false;
      out[at + part++] = n;
      n = 0;
      digits = 0;
    } else if (c >= 48 && c <= 57) {
      if (digits > 0 && n === 0) return false; // no leading zeros, as netip
      n = n * 10 + (c - 48);
      if (n > 255 || ++digits > 3) return false;
    } else {
      return false;
    }
  }
  return part === 4;
}

function parseIPv6(s: string): Uint8Array | null {
  const out = new Uint8Array(16);
  let ellipsis = -1;
  let i = 0;
  let k = 0; // byte index
  if (s.startsWith('::')) {
    ellipsis = 0;
    i = 2;
    if (i === s.length) return out;
  }
  while (i < s.length) {
    let n = 0;
    let j = i;
    for (; j < s.length && j - i < 5; j++) {
      const c = s.charCodeAt(j);
      let d: number;
      if (c >= 48 && c <= 57) d = c - 48;
      else if (c >= 97 && c <= 102) d = c - 87;
      else if (c >= 65 && c <= 70) d = c - 55;
      else break;
      n = n * 16 + d;
    }
    if (j - i > 4 || j === i) return null;
    if (j < s.length && s[j] === '.') {
      // Embedded IPv4 in the last 32 bits.
      if (ellipsis < 0 && k !== 12) return null;
      if (k + 4 > 16) return null;
      if (!parseIPv4(s.slice(i), out, k)) return null;
      k += 4;
      i = s.length;
      break;
    }
    if (k + 2 > 16) return null;
    out[k++] = n >> 8;
    out[k++] = n & 0xff;
    i = j;
    if (i === s.length) break;
    if (s[i] !== ':') return null;
    i++;
    if (s[i] === ':') {
      if (ellipsis >= 0) return null;
      ellipsis = k;
      i++;
      if (i === s.length) break;
    } else if (i === s.length) {
      return null;
    }
  }
  if (ellipsis >= 0) {
    const n = 16 - k;
    if (n === 0) return null; // "::" must stand for at least one group
    out.copyWithin(ellipsis + n, ellipsis, k);
    out.fill(0, ellipsis, ellipsis + n);
  } else if (k !== 16) {
    return null;
  }
  return out;
}

/** Parses an IPv4 or IPv6 address; null when `s` is not one. */
export function parseIP(s: string): Uint8Array | null {
  if (s.indexOf(':') >= 0) {
    // A zone is dropped (the encoding has no room for it) but, as in netip, may not be empty.
    const pct = s.indexOf('%');
    if (pct === s.length - 1) return null;
    return parseIPv6(pct >= 0 ? s.slice(0, pct) : s);
  }
  const out = new Uint8Array(4);
  return parseIPv4(s, out, 0) ? out : null;
}

function hex16(b: Uint8Array, i: number): number {
  return (b[i]! << 8) | b[i + 1]!;
}

export function formatIP(b: Uint8Array): string {
  if (b.length === 4) return `${b[0]}.${b[1]}.${b[2]}.${b[3]}`;
  if (b.length !== 16) return '';
  let mapped = true;
  for (let i = 0; i < 10; i++) if (b[i] !== 0) mapped = false;
  if (mapped && b[10] === 0xff && b[11] === 0xff) return `::ffff:${b[12]}.${b[13]}.${b[14]}.${b[15]}`;
  // Longest run of zero groups (length >= 2), first on a tie.
  let bestStart = -1;
  let bestLen = 0;
  for (let g = 0; g < 8; ) {
    if (hex16(b, g * 2) !== 0) {
      g++;
      continue;
    }
    let e = g;
    while (e < 8 && hex16(b, e * 2) === 0) e++;
    if (e - g > bestLen && e - g >= 2) {
      bestStart = g;
      bestLen = e - g;
    }
    g = e;
  }
  let s = '';
  for (let g = 0; g < 8; g++) {
    if (g === bestStart) {
      s += '::';
      g += bestLen - 1;
      continue;
    }
    if (s.length > 0 && !s.endsWith(':')) s += ':';
    s += hex16(b, g * 2).toString(16);
  }
  return s;
}

/** Parses "addr/bits" into the net encoding (masked address + mask); null if invalid. */
export function parseNet(s: string): Uint8Array | null {
  const slash = s.lastIndexOf('/');
  // netip.ParsePrefix rejects IPv6 zones in a prefix.
  if (slash < 0 || s.lastIndexOf('%', slash) >= 0) return null;
  const addr = parseIP(s.slice(0, slash));
  const bitsText = s.slice(slash + 1);
  if (addr === null || !/^[0-9]{1,3}$/.test(bitsText)) return null;
  const bits = Number(bitsText);
  if (bits > addr.length * 8) return null;
  return makeNet(addr, bits);
}

/** The net encoding of `addr` masked to `bits` leading bits. */
export function makeNet(addr: Uint8Array, bits: number): Uint8Array {
  const n = addr.length;
  const out = new Uint8Array(n * 2);
  for (let i = 0; i < n; i++) {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    const m = keep === 0 ? 0 : (0xff << (8 - keep)) & 0xff;
    out[n + i] = m;
    out[i] = addr[i]! & m;
  }
  return out;
}

/** Number of leading one bits in a mask. */
export function maskBits(mask: Uint8Array): number {
  let n = 0;
  for (const b of mask) {
    if (b === 0xff) {
      n += 8;
      continue;
    }
    for (let bit = 0x80; bit > 0 && (b & bit) !== 0; bit >>= 1) n++;
    break;
  }
  return n;
}

export function formatNet(b: Uint8Array): string {
  const n = b.length / 2;
  return `${formatIP(b.subarray(0, n))}/${maskBits(b.subarray(n))}`;
}
