// Compressed Arrow IPC record batches (the BodyCompression of Message.fbs),
// which Zed's reader accepts: LZ4 frames decode with lz4js, registered in
// apache-arrow's codec table on first use; ZSTD has no codec here, and
// apache-arrow's "codec not found" error says so. Each buffer's claimed size
// is bounded by what LZ4 can expand (255 to 1), so corrupt input cannot ask
// for a huge allocation.

import { CompressionType, compressionRegistry } from 'apache-arrow';
import { decompress, decompressBound } from 'lz4js';

export function registerArrowCodecs(): void {
  if (compressionRegistry.get(CompressionType.LZ4_FRAME) !== null) return;
  compressionRegistry.set(CompressionType.LZ4_FRAME, {
    decode(data: Uint8Array): Uint8Array {
      const bound = Math.min(decompressBound(data), data.length * 255 + 64);
      return decompress(data, bound);
    },
  });
}
