// Zed's type inference for a CSV field (zio/csvio/reader.go convertString):
// empty is null, then whatever Go's strconv.ParseFloat(s, 64) accepts is a
// float64, then whatever strconv.ParseBool accepts is a bool, else a string.

const HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/;
const INF = /^([+-]?)inf(?:inity)?$/i;

const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** strconv.ParseFloat(s, 64): the number, or undefined when Go reports an error (syntax or overflow). */
export function parseGoFloat(s: string): number | undefined {
  // Fast path, no allocation: a plain decimal ([+-] digits [. digits] [e [+-] digits]).
  const n = s.length;
  let i = 0;
  let c = s.charCodeAt(0);
  if (c === 0x2b || c === 0x2d) c = s.charCodeAt(++i);
  let digits = 0;
  while (c >= 0x30 && c <= 0x39) {
    digits++;
    c = s.charCodeAt(++i);
  }
  if (c === 0x2e) {
    c = s.charCodeAt(++i);
    while (c >= 0x30 && c <= 0x39) {
      digits++;
      c = s.charCodeAt(++i);
    }
  }
  if (digits > 0 && (c === 0x65 || c === 0x45)) {
    c = s.charCodeAt(++i);
    if (c === 0x2b || c === 0x2d) c = s.charCodeAt(++i);
    let exp = 0;
    while (c >= 0x30 && c <= 0x39) {
      exp++;
      c = s.charCodeAt(++i);
    }
    if (exp === 0) return undefined;
  }
  if (i === n) {
    if (digits === 0) return undefined;
    const x = Number(s);
    // Go reports ErrRange on overflow; underflow to zero is not an error.
    return Number.isFinite(x) ? x : undefined;
  }
  return parseSpecial(s, i);
}

/** The forms off the fast path: digit separators, Inf, NaN and hex floats. `stop` is where the fast scan stopped. */
function parseSpecial(s: string, stop: number): number | undefined {
  const c = s.charCodeAt(0);
  const lead = c === 0x2b || c === 0x2d ? s.charCodeAt(1) : c;
  const letter = lead | 0x20;
  // Every other form starts (after a sign) with a digit, '.', i or n.
  if (!((lead >= 0x30 && lead <= 0x39) || lead === 0x2e || letter === 0x69 || letter === 0x6e)) return undefined;
  if (s.includes('_')) {
    // Underscores may only separate digits (strconv underscoreOK).
    return underscoreOK(s) ? parseGoFloat(s.replace(/_/g, '')) : undefined;
  }
  if (letter === 0x69 /* i */) {
    const inf = INF.exec(s);
    return inf === null ? undefined : inf[1] === '-' ? -Infinity : Infinity;
  }
  if (letter === 0x6e /* n */) return s.length === 3 && s.toLowerCase() === 'nan' ? NaN : undefined;
  if (lead === 0x30 && (s.charCodeAt(stop) | 0x20) === 0x78 /* 0x */) {
    const hex = HEX.exec(s);
    return hex === null ? undefined : parseHexFloat(hex);
  }
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
  // Every accepted form starts with 0, 1, t, T, f or F.
  const c = s.charCodeAt(0) | 0x20;
  if (c !== 0x74 && c !== 0x66 && c !== 0x30 && c !== 0x31) return undefined;
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
