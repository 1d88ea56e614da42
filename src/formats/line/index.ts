// Line: one string value per input line (input only).
export { LineDecoder, MAX_LINE } from './line-decoder.js';
