// Derived from dgryski/go-metro (MIT licence), itself from J. Andrew Rogers' MetroHash.
// MetroHash64 (github.com/dgryski/go-metro Hash64), the hash axiomhq's
// HyperLogLog applies to dcount() inputs. 64-bit arithmetic runs on 32-bit
// halves (every multiplier is a 32-bit constant) so hashing allocates nothing.

const K0 = 0xd6d018f5;
const K1 = 0xa2aa033b;
const K2 = 0x62992fc1;
const K3 = 0x30bc5b29;
const TWO32 = 4294967296;

// Result registers of the helpers below: the high and low 32 bits.
let H = 0;
let L = 0;

/** (hi:lo) * k mod 2^64 for a 32-bit k. */
function mulK(hi: number, lo: number, k: number): void {
  const ll = lo & 0xffff;
  const lh = lo >>> 16;
  const kl = k & 0xffff;
  const kh = k >>> 16;
  const mid = lh * kl + ll * kh;
  const midLo = mid % 65536;
  const low = ll * kl + midLo * 65536;
  const carry = low >= TWO32 ? 1 : 0;
  L = low >>> 0;
  H = (lh * kh + (mid - midLo) / 65536 + carry + Math.imul(hi, k)) >>> 0;
}

function add(ah: number, al: number, bh: number, bl: number): void {
  const s = al + bl;
  L = s >>> 0;
  H = (ah + bh + (s >= TWO32 ? 1 : 0)) >>> 0;
}

function rotr(hi: number, lo: number, r: number): void {
  if (r >= 32) {
    const t = hi;
    hi = lo;
    lo = t;
    r -= 32;
  }
  if (r === 0) {
    H = hi;
    L = lo;
    return;
  }
  L = ((lo >>> r) | (hi << (32 - r))) >>> 0;
  H = ((hi >>> r) | (lo << (32 - r))) >>> 0;
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
  mulK(H, L, K0);
  let hh = H;
  let hl = L;
  let p = 0;
  let n = len;
  if (n >= 32) {
    let v0h = hh, v0l = hl, v1h = hh, v1l = hl, v2h = hh, v2l = hl, v3h = hh, v3l = hl;
    while (n >= 32) {
      mulK(u32(buf, p + 4), u32(buf, p), K0);
      add(v0h, v0l, H, L);
      rotr(H, L, 29);
      add(H, L, v2h, v2l);
      v0h = H;
      v0l = L;
      mulK(u32(buf, p + 12), u32(buf, p + 8), K1);
      add(v1h, v1l, H, L);
      rotr(H, L, 29);
      add(H, L, v3h, v3l);
      v1h = H;
      v1l = L;
      mulK(u32(buf, p + 20), u32(buf, p + 16), K2);
      add(v2h, v2l, H, L);
      rotr(H, L, 29);
      add(H, L, v0h, v0l);
      v2h = H;
      v2l = L;
      mulK(u32(buf, p + 28), u32(buf, p + 24), K3);
      add(v3h, v3l, H, L);
      rotr(H, L, 29);
      add(H, L, v1h, v1l);
      v3h = H;
      v3l = L;
      p += 32;
      n -= 32;
    }
    // v2 ^= rotr(((v0+v3)*k0)+v1, 37) * k1
    add(v0h, v0l, v3h, v3l);
    mulK(H, L, K0);
    add(H, L, v1h, v1l);
    rotr(H, L, 37);
    mulK(H, L, K1);
    v2h = (v2h ^ H) >>> 0;
    v2l = (v2l ^ L) >>> 0;
    // v3 ^= rotr(((v1+v2)*k1)+v0, 37) * k0
    add(v1h, v1l, v2h, v2l);
    mulK(H, L, K1);
    add(H, L, v0h, v0l);
    rotr(H, L, 37);
    mulK(H, L, K0);
    v3h = (v3h ^ H) >>> 0;
    v3l = (v3l ^ L) >>> 0;
    // v0 ^= rotr(((v0+v2)*k0)+v3, 37) * k1
    add(v0h, v0l, v2h, v2l);
    mulK(H, L, K0);
    add(H, L, v3h, v3l);
    rotr(H, L, 37);
    mulK(H, L, K1);
    v0h = (v0h ^ H) >>> 0;
    v0l = (v0l ^ L) >>> 0;
    // v1 ^= rotr(((v1+v3)*k1)+v2, 37) * k0
    add(v1h, v1l, v3h, v3l);
    mulK(H, L, K1);
    add(H, L, v2h, v2l);
    rotr(H, L, 37);
    mulK(H, L, K0);
    v1h = (v1h ^ H) >>> 0;
    v1l = (v1l ^ L) >>> 0;
    add(hh, hl, (v0h ^ v1h) >>> 0, (v0l ^ v1l) >>> 0);
    hh = H;
    hl = L;
  }
  if (n >= 16) {
    // v0 := hash + u64(p)*k2; v0 = rotr(v0,29)*k3
    mulK(u32(buf, p + 4), u32(buf, p), K2);
    add(hh, hl, H, L);
    rotr(H, L, 29);
    mulK(H, L, K3);
    let v0h = H;
    let v0l = L;
    // v1 := hash + u64(p+8)*k2; v1 = rotr(v1,29)*k3
    mulK(u32(buf, p + 12), u32(buf, p + 8), K2);
    add(hh, hl, H, L);
    rotr(H, L, 29);
    mulK(H, L, K3);
    let v1h = H;
    let v1l = L;
    // v0 ^= rotr(v0*k0, 21) + v1
    mulK(v0h, v0l, K0);
    rotr(H, L, 21);
    add(H, L, v1h, v1l);
    v0h = (v0h ^ H) >>> 0;
    v0l = (v0l ^ L) >>> 0;
    // v1 ^= rotr(v1*k3, 21) + v0
    mulK(v1h, v1l, K3);
    rotr(H, L, 21);
    add(H, L, v0h, v0l);
    v1h = (v1h ^ H) >>> 0;
    v1l = (v1l ^ L) >>> 0;
    add(hh, hl, v1h, v1l);
    hh = H;
    hl = L;
    p += 16;
    n -= 16;
  }
  if (n >= 8) {
    mulK(u32(buf, p + 4), u32(buf, p), K3);
    add(hh, hl, H, L);
    hh = H;
    hl = L;
    p += 8;
    n -= 8;
    rotr(hh, hl, 55);
    mulK(H, L, K1);
    hh = (hh ^ H) >>> 0;
    hl = (hl ^ L) >>> 0;
  }
  if (n >= 4) {
    mulK(0, u32(buf, p), K3);
    add(hh, hl, H, L);
    hh = H;
    hl = L;
    rotr(hh, hl, 26);
    mulK(H, L, K1);
    hh = (hh ^ H) >>> 0;
    hl = (hl ^ L) >>> 0;
    p += 4;
    n -= 4;
  }
  if (n >= 2) {
    mulK(0, buf[p]! | (buf[p + 1]! << 8), K3);
    add(hh, hl, H, L);
    hh = H;
    hl = L;
    p += 2;
    n -= 2;
    rotr(hh, hl, 48);
    mulK(H, L, K1);
    hh = (hh ^ H) >>> 0;
    hl = (hl ^ L) >>> 0;
  }
  if (n >= 1) {
    mulK(0, buf[p]!, K3);
    add(hh, hl, H, L);
    hh = H;
    hl = L;
    rotr(hh, hl, 37);
    mulK(H, L, K1);
    hh = (hh ^ H) >>> 0;
    hl = (hl ^ L) >>> 0;
  }
  rotr(hh, hl, 28);
  hh = (hh ^ H) >>> 0;
  hl = (hl ^ L) >>> 0;
  mulK(hh, hl, K0);
  hh = H;
  hl = L;
  rotr(hh, hl, 29);
  out.hi = (hh ^ H) >>> 0;
  out.lo = (hl ^ L) >>> 0;
}
