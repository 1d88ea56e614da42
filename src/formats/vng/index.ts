// VNG, Zed's columnar format (docs/formats/vng.md; layout as Zed v1.18.0's
// vng package writes it): the zq reader and writer, and random-access reads
// that fetch only the columns a projection needs.
export { VngDecoder, type VngDecoderOptions } from './decoder.js';
export { VngEncoder, encodeVng, type VngEncoderOptions } from './encoder.js';
export type { SpanRef, ValueSpans } from './shred-wasm.js';
export { openVng, openVngBytes, VngObject, type VngOpenOptions, type VngScanOptions } from './object.js';
export { VngScan } from './scan.js';
export { bytesSource, rangeSource, type SegmentCacheView, type VngSource } from './source.js';
export { hasVngMagic, parseHeader, HEADER_SIZE, VNG_VERSION, type VngHeader } from './header.js';
export { metaLength, type Meta, type Segment } from './metadata.js';
export type { ProjectionPath } from './projection.js';
export { leafPathsOf, openColumns, VngColumns, VngColumnSet, ColumnCursor } from './columns.js';
export { segmentHash, type SegmentChecks } from './checksums.js';
export { CodedColumn, codeColumn, ElementDictionary } from './coded-column.js';
export { ElementColumn, elementColumn } from './element-column.js';
export { NumberColumn, numberColumn, numberKindOf, type NumberKind } from './number-column.js';
