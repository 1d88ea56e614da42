// The text inside ZSON string literals: JSON escapes in double-quoted strings
// (zson.md §2.3.1) and the indentation folding of backtick strings (zson.md
// §2.3). Errors use the words of Zed's zson/lexer.go.

/** Reports an error at an offset of the text; never returns. */
export type Fail = (reason: string, at: number) => never;

function hex4(s: string, at: number, stop: number, fail: Fail): number {
  if (at + 4 > stop) fail('parse error: string literal: short \\u escape', at - 2);
  let v = 0;
  for (let k = 0; k < 4; k++) {
    const c = s.charCodeAt(at + k);
    let d: number;
    if (c >= 48 && c <= 57) d = c - 48;
    else if (c >= 97 && c <= 102) d = c - 87;
    else if (c >= 65 && c <= 70) d = c - 55;
    else fail('parse error: string literal: invalid hex digits in \\u escape', at - 2);
    v = v * 16 + d;
  }
  return v;
}

/**
 * Decodes the escapes of the string literal body `s[start:stop]`. A \u
 * escape of a high surrogate pairs with a following escaped low surrogate;
 * an unpaired surrogate becomes U+FFFD. `\'` is accepted, as Zed does.
 */
export function unescapeString(s: string, start: number, stop: number, fail: Fail): string {
  let out = '';
  let run = start;
  let i = start;
  while (i < stop) {
    if (s.charCodeAt(i) !== 92) {
      i++;
      continue;
    }
    out += s.slice(run, i);
    const e = s.charCodeAt(i + 1);
    i += 2;
    switch (e) {
      case 34: // "
      case 92: // \
      case 47: // /
      case 39: // '
        out += String.fromCharCode(e);
        break;
      case 98:
        out += '\b';
        break;
      case 102:
        out += '\f';
        break;
      case 110:
        out += '\n';
        break;
      case 114:
        out += '\r';
        break;
      case 116:
        out += '\t';
        break;
      case 117: {
        const u = hex4(s, i, stop, fail);
        i += 4;
        if (u >= 0xd800 && u <= 0xdbff && s.charCodeAt(i) === 92 && s.charCodeAt(i + 1) === 117) {
          const lo = hex4(s, i + 2, stop, fail);
          if (lo >= 0xdc00 && lo <= 0xdfff) {
            out += String.fromCharCode(u, lo);
            i += 6;
            break;
          }
        }
        out += u >= 0xd800 && u <= 0xdfff ? '\ufffd' : String.fromCharCode(u);
        break;
      }
      default:
        fail(`parse error: string literal: illegal escape (\\${String.fromCharCode(e)})`, i - 2);
    }
    run = i;
  }
  return out + s.slice(run, stop);
}

function isGoSpace(c: number): boolean {
  // Go's regexp \s: tab, newline, form feed, carriage return and space.
  return c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
}

/**
 * A backtick string's text as Zed reads it without `=>`: each newline and
 * the whitespace after it become one newline, and a leading newline is dropped.
 */
export function foldIndentation(raw: string): string {
  if (raw.indexOf('\n') < 0) return raw;
  let out = '';
  let run = 0;
  for (let i = raw.indexOf('\n'); i >= 0; i = raw.indexOf('\n', i)) {
    out += raw.slice(run, i) + '\n';
    i++;
    while (i < raw.length && isGoSpace(raw.charCodeAt(i))) i++;
    run = i;
  }
  out += raw.slice(run);
  return out.charCodeAt(0) === 10 ? out.slice(1) : out;
}
