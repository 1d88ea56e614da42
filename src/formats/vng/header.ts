// The 16-byte VNG header (Zed v1.18.0 vng/header.go): the magic "VNG\0", then
// little-endian uint32 version, metadata section size and data section size.
// The metadata section (one ZNG value) and the data section follow in order.

import { FormatError } from '../../errors/index.js';

export const VNG_VERSION = 4;
export const HEADER_SIZE = 16;
/** Largest metadata section a reader accepts (vng.MaxMetaSize). */
export const MAX_META_SIZE = 100 * 1024 * 1024;
/** Largest data section: the header holds it in a uint32. */
export const MAX_DATA_SIZE = 0xffffffff;

export interface VngHeader {
  readonly version: number;
  readonly metaSize: number;
  readonly dataSize: number;
}

/** True when `b` starts with the VNG magic (four bytes are enough to sniff). */
export function hasVngMagic(b: Uint8Array): boolean {
  return b.length >= 4 && b[0] === 0x56 && b[1] === 0x4e && b[2] === 0x47 && b[3] === 0;
}

export function serializeHeader(h: VngHeader): Uint8Array {
  const out = new Uint8Array(HEADER_SIZE);
  out.set([0x56, 0x4e, 0x47, 0]);
  const dv = new DataView(out.buffer);
  dv.setUint32(4, h.version, true);
  dv.setUint32(8, h.metaSize, true);
  dv.setUint32(12, h.dataSize, true);
  return out;
}

/**
 * Parses the header at the start of `b`. Errors carry Zed's texts
 * (vng.Header.Deserialize, vng.ReadHeader); the empty input is Zed's "EOF".
 */
export function parseHeader(b: Uint8Array): VngHeader {
  if (b.length === 0) throw new FormatError('EOF');
  if (b.length < HEADER_SIZE) throw new FormatError(`short VNG file: ${b.length} bytes read`);
  if (!hasVngMagic(b)) throw new FormatError('invalid VNG header (no VNG magic at offset 0)', { reason: 'invalid VNG header' });
  const dv = new DataView(b.buffer, b.byteOffset, HEADER_SIZE);
  const version = dv.getUint32(4, true);
  const metaSize = dv.getUint32(8, true);
  const dataSize = dv.getUint32(12, true);
  if (version !== VNG_VERSION) {
    throw new FormatError(`unsupport VNG version ${version}: expected version ${VNG_VERSION}`);
  }
  if (metaSize > MAX_META_SIZE) throw new FormatError(`VNG metadata section too big: ${metaSize} bytes`);
  return { version, metaSize, dataSize };
}
