// The table output format (zq -f table).
export { TableEncoder } from './table-encoder.js';
export { TabWriter } from './tab-writer.js';
