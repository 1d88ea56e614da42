// KSUID ids as the lake stores them: 40 lowercase hex digits (JSON shows them
// as "0x" + hex), made from 4 bytes of seconds since 2014-05-13 and 16 random
// bytes (spec lake-api.md §2). Base62 text is for messages and storage names.

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

/** A new KSUID for time `nowNs` (Unix nanoseconds); `random` fills 16 bytes. */
export function newKsuidHex(
  nowNs: bigint,
  random: (out: Uint8Array) => void = (out) => crypto.getRandomValues(out),
): KsuidHex {
  const out = new Uint8Array(20);
  random(out.subarray(4));
  const ts = Number(BigInt.asUintN(32, nowNs / 1_000_000_000n - EPOCH));
  out[0] = ts >>> 24;
  out[1] = (ts >>> 16) & 0xff;
  out[2] = (ts >>> 8) & 0xff;
  out[3] = ts & 0xff;
  let s = '';
  for (const b of out) s += b.toString(16).padStart(2, '0');
  return s;
}

/** The 27-character base62 text of a stored id (Zed's messages use it). */
export function ksuidHexToBase62(id: KsuidHex): string {
  let n = BigInt(`0x${id}`);
  let s = '';
  while (n > 0n) {
    s = ALPHABET[Number(n % 62n)]! + s;
    n /= 62n;
  }
  return s.padStart(27, '0');
}
