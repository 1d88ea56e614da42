// Derived from dgryski/go-metro (MIT licence), itself from J. Andrew Rogers' MetroHash.
// MetroHash64 (github.com/dgryski/go-metro Hash64), the hash axiomhq's
// HyperLogLog applies to dcount() inputs. 64-bit arithmetic runs on 32-bit
// halves (every multiplier is a 32-bit constant) so hashing allocates nothing.

const K0 = 0xd6d018f5;
const K1 = 0xa2aa033b;
const K2 = 0x62992fc1;
const K3 = 0x30bc5b29;
const TWO32 = 4294967296;

// Result registers of the helpers below: the high and low 32 bits, in a
// typed array (module variables holding numbers past 2^30 are boxed, which
// cost an allocation per store: 330 ns per hash of 14 bytes).
const R = new Uint32Array(2);

/** (hi:lo) * k mod 2^64 for a 32-bit k. */
function mulK(hi: number, lo: number, k: number): void {
  // The low word exactly by imul; the high one from lo's 16-bit halves
  // times k (each exact below 2^49), divided down by powers of two.
  const carry = Math.floor((lo & 0xffff) * k / 65536);
  R[1] = Math.imul(lo, k);
  R[0] = Math.floor(((lo >>> 16) * k + carry) / 65536) + Math.imul(hi, k);
}

function add(ah: number, al: number, bh: number, bl: number): void {
  const s = al + bl;
  R[1] = s >>> 0;
  R[0] = (ah + bh + (s >= TWO32 ? 1 : 0)) >>> 0;
}

function rotr(hi: number, lo: number, r: number): void {
  if (r >= 32) {
    const t = hi;
    hi = lo;
    lo = t;
    r -= 32;
  }
  if (r === 0) {
    R[0] = hi;
    R[1] = lo;
    return;
  }
  R[1] = ((lo >>> r) | (hi << (32 - r))) >>> 0;
  R[0] = ((hi >>> r) | (lo << (32 - r))) >>> 0;
}

function u32(b: Uint8Array, p: number): number {
  return (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;
}

/** The 64-bit hash, as two unsigned 32-bit halves. */
export interface Hash64 {
  hi: number;
  lo: number;
}

/** MetroHash64 of `buf[0:len]` with a seed below 2^32, written to `out`. */
export function metroHash64(buf: Uint8Array, len: number, seed: number, out: Hash64): void {
  add(0, K2, 0, seed);
  mulK(R[0]!, R[1]!, K0);
  let hh = R[0]!;
  let hl = R[1]!;
  let p = 0;
  let n = len;
  if (n >= 32) {
    let v0h = hh, v0l = hl, v1h = hh, v1l = hl, v2h = hh, v2l = hl, v3h = hh, v3l = hl;
    while (n >= 32) {
      mulK(u32(buf, p + 4), u32(buf, p), K0);
      add(v0h, v0l, R[0]!, R[1]!);
      rotr(R[0]!, R[1]!, 29);
      add(R[0]!, R[1]!, v2h, v2l);
      v0h = R[0]!;
      v0l = R[1]!;
      mulK(u32(buf, p + 12), u32(buf, p + 8), K1);
      add(v1h, v1l, R[0]!, R[1]!);
      rotr(R[0]!, R[1]!, 29);
      add(R[0]!, R[1]!, v3h, v3l);
      v1h = R[0]!;
      v1l = R[1]!;
      mulK(u32(buf, p + 20), u32(buf, p + 16), K2);
      add(v2h, v2l, R[0]!, R[1]!);
      rotr(R[0]!, R[1]!, 29);
      add(R[0]!, R[1]!, v0h, v0l);
      v2h = R[0]!;
      v2l = R[1]!;
      mulK(u32(buf, p + 28), u32(buf, p + 24), K3);
      add(v3h, v3l, R[0]!, R[1]!);
      rotr(R[0]!, R[1]!, 29);
      add(R[0]!, R[1]!, v1h, v1l);
      v3h = R[0]!;
      v3l = R[1]!;
      p += 32;
      n -= 32;
    }
    // v2 ^= rotr(((v0+v3)*k0)+v1, 37) * k1
    add(v0h, v0l, v3h, v3l);
    mulK(R[0]!, R[1]!, K0);
    add(R[0]!, R[1]!, v1h, v1l);
    rotr(R[0]!, R[1]!, 37);
    mulK(R[0]!, R[1]!, K1);
    v2h = (v2h ^ R[0]!) >>> 0;
    v2l = (v2l ^ R[1]!) >>> 0;
    // v3 ^= rotr(((v1+v2)*k1)+v0, 37) * k0
    add(v1h, v1l, v2h, v2l);
    mulK(R[0]!, R[1]!, K1);
    add(R[0]!, R[1]!, v0h, v0l);
    rotr(R[0]!, R[1]!, 37);
    mulK(R[0]!, R[1]!, K0);
    v3h = (v3h ^ R[0]!) >>> 0;
    v3l = (v3l ^ R[1]!) >>> 0;
    // v0 ^= rotr(((v0+v2)*k0)+v3, 37) * k1
    add(v0h, v0l, v2h, v2l);
    mulK(R[0]!, R[1]!, K0);
    add(R[0]!, R[1]!, v3h, v3l);
    rotr(R[0]!, R[1]!, 37);
    mulK(R[0]!, R[1]!, K1);
    v0h = (v0h ^ R[0]!) >>> 0;
    v0l = (v0l ^ R[1]!) >>> 0;
    // v1 ^= rotr(((v1+v3)*k1)+v2, 37) * k0
    add(v1h, v1l, v3h, v3l);
    mulK(R[0]!, R[1]!, K1);
    add(R[0]!, R[1]!, v2h, v2l);
    rotr(R[0]!, R[1]!, 37);
    mulK(R[0]!, R[1]!, K0);
    v1h = (v1h ^ R[0]!) >>> 0;
    v1l = (v1l ^ R[1]!) >>> 0;
    add(hh, hl, (v0h ^ v1h) >>> 0, (v0l ^ v1l) >>> 0);
    hh = R[0]!;
    hl = R[1]!;
  }
  if (n >= 16) {
    // v0 := hash + u64(p)*k2; v0 = rotr(v0,29)*k3
    mulK(u32(buf, p + 4), u32(buf, p), K2);
    add(hh, hl, R[0]!, R[1]!);
    rotr(R[0]!, R[1]!, 29);
    mulK(R[0]!, R[1]!, K3);
    let v0h = R[0]!;
    let v0l = R[1]!;
    // v1 := hash + u64(p+8)*k2; v1 = rotr(v1,29)*k3
    mulK(u32(buf, p + 12), u32(buf, p + 8), K2);
    add(hh, hl, R[0]!, R[1]!);
    rotr(R[0]!, R[1]!, 29);
    mulK(R[0]!, R[1]!, K3);
    let v1h = R[0]!;
    let v1l = R[1]!;
    // v0 ^= rotr(v0*k0, 21) + v1
    mulK(v0h, v0l, K0);
    rotr(R[0]!, R[1]!, 21);
    add(R[0]!, R[1]!, v1h, v1l);
    v0h = (v0h ^ R[0]!) >>> 0;
    v0l = (v0l ^ R[1]!) >>> 0;
    // v1 ^= rotr(v1*k3, 21) + v0
    mulK(v1h, v1l, K3);
    rotr(R[0]!, R[1]!, 21);
    add(R[0]!, R[1]!, v0h, v0l);
    v1h = (v1h ^ R[0]!) >>> 0;
    v1l = (v1l ^ R[1]!) >>> 0;
    add(hh, hl, v1h, v1l);
    hh = R[0]!;
    hl = R[1]!;
    p += 16;
    n -= 16;
  }
  if (n >= 8) {
    mulK(u32(buf, p + 4), u32(buf, p), K3);
    add(hh, hl, R[0]!, R[1]!);
    hh = R[0]!;
    hl = R[1]!;
    p += 8;
    n -= 8;
    rotr(hh, hl, 55);
    mulK(R[0]!, R[1]!, K1);
    hh = (hh ^ R[0]!) >>> 0;
    hl = (hl ^ R[1]!) >>> 0;
  }
  if (n >= 4) {
    mulK(0, u32(buf, p), K3);
    add(hh, hl, R[0]!, R[1]!);
    hh = R[0]!;
    hl = R[1]!;
    rotr(hh, hl, 26);
    mulK(R[0]!, R[1]!, K1);
    hh = (hh ^ R[0]!) >>> 0;
    hl = (hl ^ R[1]!) >>> 0;
    p += 4;
    n -= 4;
  }
  if (n >= 2) {
    mulK(0, buf[p]! | (buf[p + 1]! << 8), K3);
    add(hh, hl, R[0]!, R[1]!);
    hh = R[0]!;
    hl = R[1]!;
    p += 2;
    n -= 2;
    rotr(hh, hl, 48);
    mulK(R[0]!, R[1]!, K1);
    hh = (hh ^ R[0]!) >>> 0;
    hl = (hl ^ R[1]!) >>> 0;
  }
  if (n >= 1) {
    mulK(0, buf[p]!, K3);
    add(hh, hl, R[0]!, R[1]!);
    hh = R[0]!;
    hl = R[1]!;
    rotr(hh, hl, 37);
    mulK(R[0]!, R[1]!, K1);
    hh = (hh ^ R[0]!) >>> 0;
    hl = (hl ^ R[1]!) >>> 0;
  }
  rotr(hh, hl, 28);
  hh = (hh ^ R[0]!) >>> 0;
  hl = (hl ^ R[1]!) >>> 0;
  mulK(hh, hl, K0);
  hh = R[0]!;
  hl = R[1]!;
  rotr(hh, hl, 29);
  out.hi = (hh ^ R[0]!) >>> 0;
  out.lo = (hl ^ R[1]!) >>> 0;
}
