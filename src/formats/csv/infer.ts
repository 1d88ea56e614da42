// Zed's type inference for a CSV field (zio/csvio/reader.go convertString):
// empty is null, then whatever Go's strconv.ParseFloat(s, 64) accepts is a
// float64, then whatever strconv.ParseBool accepts is a bool, else a string.

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/;
const INF = /^([+-]?)inf(?:inity)?$/i;

const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** strconv.ParseFloat(s, 64): the number, or undefined when Go reports an error (syntax or overflow). */
export function parseGoFloat(s: string): number | undefined {
  const c = s.charCodeAt(0);
  // Fast rejection: every accepted form starts with a sign, digit, '.', i, I, n or N.
  if (!((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e || (c | 0x20) === 0x69 || (c | 0x20) === 0x6e)) {
    return undefined;
  }
  if (s.includes('_')) {
    // Underscores may only separate digits (strconv underscoreOK).
    if (!underscoreOK(s)) return undefined;
    s = s.replace(/_/g, '');
  }
  if (DECIMAL.test(s)) {
    const x = Number(s);
    // Go reports ErrRange on overflow; underflow to zero is not an error.
    return Number.isFinite(x) ? x : undefined;
  }
  const inf = INF.exec(s);
  if (inf !== null) return inf[1] === '-' ? -Infinity : Infinity;
  if (s.length === 3 && s.toLowerCase() === 'nan') return NaN;
  const hex = HEX.exec(s);
  if (hex !== null) return parseHexFloat(hex);
  return undefined;
}

function parseHexFloat(m: RegExpExecArray): number | undefined {
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  const ih = int;
  const fh = frac;
  if (ih.length + fh.length === 0) return undefined;
  const mant = BigInt('0x' + (ih + fh || '0'));
  const exp = Number(m[4]) - 4 * fh.length;
  const x = Number(mant) * 2 ** exp;
  if (!Number.isFinite(x)) return undefined;
  return m[1] === '-' ? -x : x;
}

/** strconv.ParseBool(s): the bool, or undefined. */
export function parseGoBool(s: string): boolean | undefined {
  if (TRUE.has(s)) return true;
  if (FALSE.has(s)) return false;
  return undefined;
}

/** strconv's underscoreOK: each '_' sits between digits (a base prefix counts as one). */
function underscoreOK(s: string): boolean {
  let i = s.charCodeAt(0) === 0x2b || s.charCodeAt(0) === 0x2d ? 1 : 0;
  let saw = '^';
  let hex = false;
  if (s.length - i >= 2 && s[i] === '0' && 'bBoOxX'.includes(s[i + 1]!)) {
    hex = s[i + 1] === 'x' || s[i + 1] === 'X';
    i += 2;
    saw = '0';
  }
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i) | 0x20;
    if ((c >= 0x30 && c <= 0x39) || (hex && c >= 0x61 && c <= 0x66)) {
      saw = '0';
    } else if (s[i] === '_') {
      if (saw !== '0') return false;
      saw = '_';
    } else {
      if (saw === '_') return false;
      saw = '!';
    }
  }
  return saw !== '_';
}
