// What the JSON reader's scanner shares: byte classes (zio/jsonio's lexer
// rules), the incomplete-input signal and the syntax error it throws.

/** Thrown when the input ends inside a value and more input may follow. */
export const INCOMPLETE: unique symbol = Symbol('incomplete JSON value');

/** A JSON syntax error at a byte offset of the parser's input buffer. */
export class JsonSyntaxError {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {}
}

export const UNEXPECTED_END = 'unexpected end of JSON input';

function table(bytes: string | readonly (string | number)[]): Uint8Array {
  const t = new Uint8Array(256);
  for (const c of bytes) t[typeof c === 'number' ? c : c.charCodeAt(0)] = 1;
  return t;
}

/** Bytes that end the plain scan of a string: quote, backslash, controls, non-ASCII. */
export const STR = table(['"', '\\', ...Array.from({ length: 0x20 }, (_, i) => i), ...Array.from({ length: 0x80 }, (_, i) => 0x80 + i)]);
export const WS = table(' \t\n\r');
/** Whitespace inside a value of NDJSON, where a newline ends the value's line. */
export const WS_INLINE = table(' \t\r');
/** Bytes the lexer takes into a number token. */
export const NUM = table('0123456789.eE+-');
/** Bytes allowed right after true/false/null (jsonlexer isValueBoundaryChar). */
export const BOUNDARY = table('[{]}," \n\r\t');
/** Bytes that begin some token (anything else is a lexer error). */
export const TOKEN_START = table('0123456789-"tfn{}[],:');

/** The rest of each literal after its first letter. */
export const TRUE_REST = Uint8Array.of(0x72, 0x75, 0x65);
export const FALSE_REST = Uint8Array.of(0x61, 0x6c, 0x73, 0x65);
export const NULL_REST = Uint8Array.of(0x75, 0x6c, 0x6c);

export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}
