// KSUID ids as the lake stores them: 40 lowercase hex digits (JSON shows them
// as "0x" + hex), made from 4 bytes of seconds since 2014-05-13 and 16 random
// bytes (spec lake-api.md §2). Base62 text is for messages and storage names.

import { decodeHex, encodeHex } from './hex.js';

const HEX_ID = /^[0-9a-f]{40}$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const EPOCH = 1_400_000_000n;

/** A KSUID as 40 lowercase hex digits. */
export type KsuidHex = string;

/** The nil id: 20 zero bytes. */
export const NIL_KSUID: KsuidHex = '0'.repeat(40);

/** Whether `s` is a KSUID in the stored form (40 lowercase hex digits). */
export function isKsuidHex(s: string): boolean {
  return HEX_ID.test(s);
}

const BYTES = 20;
const CHARS = 27;

/** A new 20-byte KSUID for time `nowNs` (Unix nanoseconds); `random` fills the 16 payload bytes. */
export function newKsuidBytes(
  nowNs: bigint,
  random: (out: Uint8Array<ArrayBuffer>) => void = (out) => crypto.getRandomValues(out),
): Uint8Array {
  const out = new Uint8Array(BYTES);
  random(out.subarray(4));
  const ts = Number(BigInt.asUintN(32, nowNs / 1_000_000_000n - EPOCH));
  out[0] = ts >>> 24;
  out[1] = (ts >>> 16) & 0xff;
  out[2] = (ts >>> 8) & 0xff;
  out[3] = ts & 0xff;
  return out;
}

const limbs = new Uint32Array(BYTES / 4);
const digits: string[] = new Array<string>(CHARS);

/**
 * The 27-character base62 text of KSUID bytes (20 of them). By long
 * division of five 32-bit limbs by 62, each step exact in a double (below
 * 62 * 2^32): object names are made on every scan, where dividing a BigInt
 * took several microseconds per id.
 */
export function ksuidToBase62(b: Uint8Array): string {
  for (let k = 0; k < limbs.length; k++) {
    limbs[k] = ((b[4 * k]! << 24) | (b[4 * k + 1]! << 16) | (b[4 * k + 2]! << 8) | b[4 * k + 3]!) >>> 0;
  }
  for (let d = CHARS - 1; d >= 0; d--) {
    let rem = 0;
    for (let k = 0; k < limbs.length; k++) {
      const x = rem * 4294967296 + limbs[k]!;
      const q = Math.floor(x / 62);
      limbs[k] = q;
      rem = x - q * 62;
    }
    digits[d] = ALPHABET[rem]!;
  }
  return digits.join('');
}

/** segmentio/ksuid's digit values: anything past 'Z' counts from 'a' (mod 256). */
function digitValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return 10 + c - 65;
  return (36 + c - 97) & 0xff;
}

/** The KSUID bytes of base62 text (bytes of `raw`, UTF-8), or the error text segmentio/ksuid gives. */
export function ksuidFromBase62(raw: Uint8Array): Uint8Array | string {
  if (raw.length !== CHARS) return `Valid encoded KSUIDs are ${CHARS} characters`;
  let n = 0n;
  for (const c of raw) n = n * 62n + BigInt(digitValue(c));
  if (n >= 1n << 160n) return 'Valid encoded KSUIDs are bounded by 000000000000000000000000000 and aWgEPTl1tmebfsQzFP4bxwgy80V';
  const out = new Uint8Array(BYTES);
  for (let i = BYTES - 1; i >= 0; i--) {
    out[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return out;
}

/** A new KSUID for time `nowNs` (Unix nanoseconds), as hex; `random` fills 16 bytes. */
export function newKsuidHex(
  nowNs: bigint,
  random: (out: Uint8Array<ArrayBuffer>) => void = (out) => crypto.getRandomValues(out),
): KsuidHex {
  return encodeHex(newKsuidBytes(nowNs, random));
}

/** The stored (hex) form of 20 id bytes. */
export function ksuidBytesToHex(b: Uint8Array): KsuidHex {
  return encodeHex(b);
}

/** The 20 bytes of a stored (hex) id. */
export function ksuidHexToBytes(id: KsuidHex): Uint8Array {
  const b = decodeHex(id);
  if (b === null || b.length !== BYTES) throw new TypeError(`Not a stored KSUID: "${id}"`);
  return b;
}

/** The 27-character base62 text of a stored id (Zed's messages use it). */
export function ksuidHexToBase62(id: KsuidHex): string {
  let s = base62Names.get(id);
  if (s === undefined) {
    // Every scan names each object it reads (its blob keys): the names of the ids seen last are kept.
    if (base62Names.size >= MAX_NAMES) base62Names.clear();
    s = ksuidToBase62(ksuidHexToBytes(id));
    base62Names.set(id, s);
  }
  return s;
}

const MAX_NAMES = 8192;
const base62Names = new Map<KsuidHex, string>();
