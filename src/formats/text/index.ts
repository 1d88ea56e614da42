// The text output format (zq -f text) and the Zeek value text it shares with table.
export { TextFormatEncoder } from './text-encoder.js';
export { formatZeekValue, formatZeekString, formatZeekTime } from './zeek-value.js';
export { formatFloatFixed } from './go-float.js';
