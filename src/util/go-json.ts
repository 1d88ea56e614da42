// JSON text exactly as Go's encoding/json (Go 1.21, which built zq v1.18.0)
// writes it: <, > and & escaped as \u003c, \u003e, \u0026 (HTML-safe);
// \" \\ \n \r \t as short escapes; other control characters as \u00XX
// (so \b and \f too); U+2028 and U+2029 escaped; text that is not valid
// Unicode (in JS, a lone surrogate) as \ufffd; nothing else escaped.

const HEX = '0123456789abcdef';

// Printable ASCII that needs no escape.
const PLAIN = /^[\x20\x21\x23-\x25\x27-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/;

/** A JSON string literal for `s`, as Go writes one. */
export function goJsonQuote(s: string): string {
  if (PLAIN.test(s)) return '"' + s + '"';
  let out = '"';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let esc: string;
    if (c < 0x80) {
      if (c >= 0x20 && c !== 0x22 && c !== 0x5c && c !== 0x3c && c !== 0x3e && c !== 0x26) continue;
      if (c === 0x22) esc = '\\"';
      else if (c === 0x5c) esc = '\\\\';
      else if (c === 0x0a) esc = '\\n';
      else if (c === 0x0d) esc = '\\r';
      else if (c === 0x09) esc = '\\t';
      else esc = '\\u00' + HEX[c >> 4]! + HEX[c & 0xf]!;
    } else if (c === 0x2028 || c === 0x2029) {
      esc = '\\u202' + HEX[c & 0xf]!;
    } else if (c >= 0xd800 && c < 0xe000) {
      // A well-formed pair passes; a lone surrogate is not text Go could hold.
      const d = s.charCodeAt(i + 1);
      if (c < 0xdc00 && d >= 0xdc00 && d < 0xe000) {
        i++;
        continue;
      }
      esc = '\\ufffd';
    } else {
      continue;
    }
    out += s.slice(from, i) + esc;
    from = i + 1;
  }
  return out + s.slice(from) + '"';
}

// In JSON.stringify's output: a two-character escape (kept but for \b and
// \f), the escape of a lone surrogate, or a character Go escapes and JS does not.
const FIX = /\\[^u]|\\ud[89a-f][0-9a-f]{2}|[<>&\u2028\u2029]/g;

function fix(m: string): string {
  if (m.length === 1) return '\\u' + m.charCodeAt(0).toString(16).padStart(4, '0');
  if (m.length > 2) return '\\ufffd';
  if (m === '\\b') return '\\u0008';
  if (m === '\\f') return '\\u000c';
  return m;
}

/**
 * Go's json.Marshal of plain data (strings, numbers, booleans, null, arrays,
 * objects), or json.MarshalIndent's layout when `indent` is given.
 */
export function goJson(value: unknown, indent?: string | number): string {
  return JSON.stringify(value, null, indent).replace(FIX, fix);
}
