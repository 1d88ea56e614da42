// ZSON text: parsing and formatting of values, types and primitives. The
// format Decoder/Encoder wrappers live in src/formats/zson.
export { ZsonParser } from './parser.js';
export { ValueSplitter } from './splitter.js';
export { parseZsonValue, parseZsonType } from './parse.js';
export { parsePrimitive, parseTime, parseDuration } from './primitive-parse.js';
export {
  formatPrimitive,
  formatPrimitiveBody,
  appendPrimitive,
  formatBytes,
  formatIntBody,
  formatUintBody,
  formatFloat,
  formatTime,
  formatDuration,
  quoteString,
} from './primitive-format.js';
export { quoteName, quoteTypeName, quoteJsonString, isIdentifier, isTypeName } from './quote.js';
export { formatType, formatTypeValue } from './type-format.js';
export { ZsonFormatter, formatValue, type ZsonFormatterOptions } from './formatter.js';
export { TextBuffer } from './text-buffer.js';
