// Arrow IPC streams with LZ4-compressed buffers, as apache-arrow writes them
// once lz4js's compressor is its LZ4 frame codec (it has none of its own).
// A decoder already registered (zlake's, see src/formats/arrow) is kept.
import { CompressionType, RecordBatchStreamWriter, compressionRegistry, type Table } from 'apache-arrow';
import { compress } from 'lz4js';

export function lz4ArrowStream(t: Table): Uint8Array {
  const codec = compressionRegistry.get(CompressionType.LZ4_FRAME);
  compressionRegistry.set(CompressionType.LZ4_FRAME, { ...codec, encode: (b: Uint8Array) => compress(b) });
  const w = new RecordBatchStreamWriter({ compressionType: CompressionType.LZ4_FRAME });
  w.writeAll(t.batches);
  return w.toUint8Array(true);
}
