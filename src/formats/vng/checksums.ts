// Checksums of a VNG file's segments, for the lake's column copies: VNG
// has none, and a byte changed inside an uncompressed segment would
// otherwise read as another value. A file written with checksums carries,
// after its data section (where VNG readers do not look), a trailer:
//
//   "ZSUM" | count (uint32 LE) | count × (segment offset, hash) (uint32 LE each)
//
// with the offset relative to the data section and the hash (segmentHash)
// of the segment's stored bytes. A reader given the table checks each
// segment as it is fetched (SegmentSet), so a damaged one is a FormatError
// before any of its bytes is used.

import { FormatError } from '../../errors/index.js';
import { fmix32 } from '../../zed/index.js';
import type { VngHeader } from './header.js';
import { HEADER_SIZE } from './header.js';
import type { VngSource } from './source.js';

const MAGIC = [0x5a, 0x53, 0x55, 0x4d]; // "ZSUM"
/** Bytes read at the trailer's start in the hope of taking in all of it. */
const TRAILER_PREFETCH = 16 * 1024;

/** Segment offset (in the data section) → hash of its stored bytes. */
export type SegmentChecks = ReadonlyMap<number, number>;

/** A 32-bit hash of `b` (MurmurHash3's mixing over little-endian words), about 3 GB/s. */
export function segmentHash(b: Uint8Array): number {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const n = b.length;
  const words = n & ~3;
  let h = n ^ 0x5bd1e995;
  let i = 0;
  for (; i < words; i += 4) {
    let k = Math.imul(dv.getInt32(i, true), 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  for (; i < n; i++) {
    h ^= Math.imul(b[i]!, 0xcc9e2d51);
    h = Math.imul((h << 15) | (h >>> 17), 0x1b873593);
  }
  return fmix32(h);
}

/** The trailer for segments stored one after another as `parts` (empty ones take no part). */
export function checksumTrailer(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(8 + 8 * parts.length);
  const dv = new DataView(out.buffer);
  out.set(MAGIC);
  dv.setUint32(4, parts.length, true);
  let offset = 0;
  parts.forEach((p, k) => {
    dv.setUint32(8 + 8 * k, offset, true);
    dv.setUint32(12 + 8 * k, segmentHash(p), true);
    offset += p.length;
  });
  return out;
}

/**
 * The checks of a VNG file from its trailer; null when it has none (a file
 * written without, as Zed writes them). A trailer cut short or of another
 * size than it says is a FormatError.
 */
export async function readChecks(source: VngSource, header: VngHeader): Promise<SegmentChecks | null> {
  const at = HEADER_SIZE + header.metaSize + header.dataSize;
  let b = await source.readAt(at, TRAILER_PREFETCH);
  if (b.length < 8 || MAGIC.some((m, k) => b[k] !== m)) return null;
  const count = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(4, true);
  const size = 8 + 8 * count;
  if (b.length < size) b = await source.readAt(at, size);
  if (b.length !== size) throw new FormatError(`VNG checksum trailer at offset ${at}: ${b.length} bytes, not ${size}`);
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const checks = new Map<number, number>();
  for (let k = 0; k < count; k++) checks.set(dv.getUint32(8 + 8 * k, true), dv.getUint32(12 + 8 * k, true));
  return checks;
}

/** Throws when the stored bytes of the segment at `offset` do not have the hash the table says. */
export function checkSegmentHash(checks: SegmentChecks, offset: number, stored: Uint8Array, base: number): void {
  const want = checks.get(offset);
  if (want === undefined) throw new FormatError(`VNG segment at offset ${base + offset} has no checksum`);
  if (segmentHash(stored) !== want) throw new FormatError(`VNG segment at offset ${base + offset} is damaged: its checksum does not match`);
}
