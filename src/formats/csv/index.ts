// CSV and TSV (a CSV delimiter option): reader, writer, and the record
// flattening the tabular writers share.
export { CsvDecoder, csvFirstLine, isCsvDelimiter, type CsvDecoderOptions } from './csv-decoder.js';
export { CsvEncoder, type CsvEncoderOptions } from './csv-encoder.js';
export { Flattener, type FlatShape, type Leaf } from './flatten.js';
export { concrete, type Concrete } from './under.js';
