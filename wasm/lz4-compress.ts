// The LZ4 block compressor whose output Zed writes (src/formats/lz4-block.ts
// uses it through lz4-wasm.ts), in AssemblyScript, compiled to WebAssembly
// by scripts/build-wasm.mjs: the fast greedy matcher of github.com/pierrec/lz4
// v4.1.18 (internal/lz4block CompressBlock), which zngio and Zed's VNG writer
// both use. Its choices (a 16-bit hash of six bytes, three candidates per
// step, backward extension, skipping faster through incompressible input)
// decide every byte of a block, and so the sizes of ZNG files and lake
// objects. The table holds the low 16 bits of the last position of each
// hash, zeroed per block (pierrec keeps a bitmap of the entries a block set
// and reads others as 0, which is the same). Bytes are read eight at a time,
// which decides nothing differently.
// Memory: the hash table (65,536 u16 entries) at 0; the caller places the
// input and the output past it (HEAP, 128 KiB) and grows memory to fit.
const MIN_MATCH: i32 = 4;
const WIN_SIZE: i32 = 1 << 16;
const WIN_MASK: i32 = WIN_SIZE - 1;
const MF_LIMIT: i32 = 10 + MIN_MATCH;
const ADAPT_SKIP_LOG: i32 = 7;
const PRIME6: u64 = 227718039650203;

@inline function hash6(x: u64): i32 {
  return <i32>(((x << 16) * PRIME6) >> 48);
}
@inline function getT(h: i32): i32 { return <i32>load<u16>(<usize>(h << 1)); }
@inline function setT(h: i32, v: i32): void { store<u16>(<usize>(h << 1), <u16>v); }
@inline function cand(h: i32, si: i32): i32 {
  const i = getT(h) + (si & ~WIN_MASK);
  return i >= si ? i - WIN_SIZE : i;
}
@inline function ld32(p: i32): u32 { return load<u32>(<usize>p); }
@inline function ld64(p: i32): u64 { return load<u64>(<usize>p); }
@inline function matches(si: i32, ref: i32, w: u32, src: i32): bool {
  const offset = si - ref;
  return ref >= 0 && offset > 0 && offset < WIN_SIZE && ld32(src + ref) == w;
}

/**
 * Compresses src[0:n] into dst[0:cap]; returns the block's length, or 0 when
 * it does not fit or nothing matched (then the caller stores it as is).
 */
export function compress(src: i32, n: i32, dst: i32, cap: i32): i32 {
  memory.fill(0, 0, WIN_SIZE * 2);
  let si: i32 = 0;
  let di: i32 = 0;
  let anchor: i32 = 0;
  const sn = n - MF_LIMIT;
  while (si < sn) {
    const x = ld64(src + si);
    const w0 = <u32>x;
    const x1 = <u32>(x >> 8);
    const h = hash6(x);
    const h2 = hash6(x >> 8);
    const ref = cand(h, si);
    const ref2 = cand(h2, si + 1);
    setT(h, si & WIN_MASK);
    setT(h2, (si + 1) & WIN_MASK);
    let offset = si - ref;
    if (!matches(si, ref, w0, src)) {
      const x2 = <u32>(x >> 16);
      const h3 = hash6(x >> 16);
      const ref3 = cand(h3, si + 2);
      si += 1;
      offset = si - ref2;
      if (!matches(si, ref2, x1, src)) {
        si += 1;
        offset = si - ref3;
        setT(h3, si & WIN_MASK);
        if (!matches(si, ref3, x2, src)) {
          si += 2 + ((si - anchor) >> ADAPT_SKIP_LOG);
          continue;
        }
      }
    }
    // A match of at least four bytes at si, `offset` back: extended
    // backwards over the literals, then forwards eight bytes at a time.
    const found = si;
    let lLen = si - anchor;
    let tOff = si - offset - 1;
    while (lLen > 0 && tOff >= 0 && load<u8>(<usize>(src + si - 1)) == load<u8>(<usize>(src + tOff))) {
      si--;
      tOff--;
      lLen--;
    }
    const matchStart = si + MIN_MATCH;
    si = found + MIN_MATCH;
    while (si + 8 <= sn) {
      const d = ld64(src + si) ^ ld64(src + si - offset);
      if (d != 0) {
        si += <i32>(ctz(d) >> 3);
        break;
      }
      si += 8;
    }
    let mLen = si - matchStart;
    if (di >= cap) return 0;
    const token = mLen < 15 ? mLen : 15;
    if (lLen < 15) {
      store<u8>(<usize>(dst + di), <u8>(token | (lLen << 4)));
    } else {
      store<u8>(<usize>(dst + di), <u8>(token | 0xf0));
      di++;
      let l = lLen - 15;
      for (; l >= 255 && di < cap; l -= 255) store<u8>(<usize>(dst + di++), 255);
      if (di >= cap) return 0;
      store<u8>(<usize>(dst + di), <u8>l);
    }
    di++;
    if (di + lLen > cap) return 0;
    if (di + lLen + 8 <= cap) {
      // Eight bytes at a time (a few past the literals, overwritten next).
      for (let k: i32 = 0; k < lLen; k += 8) store<u64>(<usize>(dst + di + k), ld64(src + anchor + k));
    } else memory.copy(<usize>(dst + di), <usize>(src + anchor), <usize>lLen);
    di += lLen + 2;
    anchor = si;
    if (di > cap) return 0;
    store<u8>(<usize>(dst + di - 2), <u8>(offset & 0xff));
    store<u8>(<usize>(dst + di - 1), <u8>(offset >>> 8));
    if (mLen >= 15) {
      for (mLen -= 15; mLen >= 255 && di < cap; mLen -= 255) store<u8>(<usize>(dst + di++), 255);
      if (di >= cap) return 0;
      store<u8>(<usize>(dst + di++), <u8>mLen);
    }
    if (si >= sn) break;
    setT(hash6(ld64(src + si - 2)), (si - 2) & WIN_MASK);
  }
  if (anchor == 0) return 0;
  if (di >= cap) return 0;
  let lLen = n - anchor;
  if (lLen < 15) {
    store<u8>(<usize>(dst + di), <u8>(lLen << 4));
  } else {
    store<u8>(<usize>(dst + di), 0xf0);
    di++;
    for (lLen -= 15; lLen >= 255 && di < cap; lLen -= 255) store<u8>(<usize>(dst + di++), 255);
    if (di >= cap) return 0;
    store<u8>(<usize>(dst + di), <u8>lLen);
  }
  di++;
  if (di >= anchor) return 0;
  if (di + n - anchor > cap) return 0;
  memory.copy(<usize>(dst + di), <usize>(src + anchor), <usize>(n - anchor));
  return di + n - anchor;
}
