// Number and bool text as Go's strconv reads it (ParseFloat, ParseBool).
// Every place where Zed turns text into a float calls strconv.ParseFloat:
// casts and coercion (runtime/sam/expr), CSV inference (zio/csvio), Zeek
// fields and times (zio/zeekio), ZSON and ZJSON primitives (zson/builder.go).
// So all of them take the same forms: decimal with optional fraction and
// exponent, hexadecimal with a binary exponent (0x1p-2), `_` between digits
// (1_000), and Inf, Infinity and NaN in any case (Inf signed).

const PLUS = 0x2b;
const MINUS = 0x2d;
const DOT = 0x2e;
const UNDERSCORE = 0x5f;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * strconv.ParseFloat(s, bits): the value, or undefined where Go returns an
 * error (a syntax error, or a value beyond the type's range, which Go
 * reports with ±Inf). With 32 bits the value is the nearest float32.
 */
export function parseGoFloat(s: string, bits: 32 | 64 = 64): number | undefined {
  const x = parseGoFloatOrInf(s, bits);
  if (x === Infinity || x === -Infinity) return isInfinityText(s) ? x : undefined;
  return x;
}

/** Why strconv.ParseFloat(s, bits) fails, in Go's words, for text that parseGoFloat refused. */
export function goFloatError(s: string, bits: 32 | 64 = 64): 'invalid syntax' | 'value out of range' {
  return parseGoFloatOrInf(s, bits) === undefined ? 'invalid syntax' : 'value out of range';
}

/** As strconv.ParseFloat: undefined for a syntax error, ±Infinity beyond the range. */
function parseGoFloatOrInf(s: string, bits: 32 | 64): number | undefined {
  return isDecimalFloatText(s) ? decimalValue(s, bits) : parseOtherForms(s, bits);
}

/**
 * True when `s` is plain decimal float text, the common form, checked
 * without allocating: [+-] (digits [. digits] | . digits) [(e|E) [+-] digits].
 */
export function isDecimalFloatText(s: string): boolean {
  const n = s.length;
  let i = 0;
  let c = s.charCodeAt(0);
  if (c === PLUS || c === MINUS) c = s.charCodeAt(++i);
  let digits = 0;
  while (isDigit(c)) {
    digits++;
    c = s.charCodeAt(++i);
  }
  if (c === DOT) {
    c = s.charCodeAt(++i);
    while (isDigit(c)) {
      digits++;
      c = s.charCodeAt(++i);
    }
  }
  if (digits === 0) return false;
  if ((c | 0x20) === 0x65 /* e */) {
    c = s.charCodeAt(++i);
    if (c === PLUS || c === MINUS) c = s.charCodeAt(++i);
    let exp = 0;
    while (isDigit(c)) {
      exp++;
      c = s.charCodeAt(++i);
    }
    if (exp === 0) return false;
  }
  return i === n;
}

/** The forms other than plain decimal: digit separators, hex floats, Inf and NaN. */
function parseOtherForms(s: string, bits: 32 | 64): number | undefined {
  const c0 = s.charCodeAt(0);
  const signed = c0 === PLUS || c0 === MINUS ? 1 : 0;
  const lead = s.charCodeAt(signed);
  // Every form starts (after a sign) with a digit, '.', i or n: words such
  // as CSV's "tcp" leave here without a copy or a regexp.
  const letter = lead | 0x20;
  const word = letter === 0x69 || letter === 0x6e;
  if (!(isDigit(lead) || lead === DOT || word)) return undefined;
  if (s.includes('_')) return underscoreOK(s) ? parseGoFloatOrInf(s.replace(/_/g, ''), bits) : undefined;
  if (lead === 0x30 && (s.charCodeAt(signed + 1) | 0x20) === 0x78 /* x */) return hexValue(s, signed, bits);
  return word ? parseGoSpecialFloat(s) : undefined;
}

/**
 * strconv's special forms alone: Inf or Infinity (any case, optional sign)
 * and NaN (any case, no sign); undefined for anything else.
 */
export function parseGoSpecialFloat(s: string): number | undefined {
  const n = s.length;
  if (n < 3 || n > 9) return undefined;
  const c0 = s.charCodeAt(0);
  const signed = c0 === PLUS || c0 === MINUS ? 1 : 0;
  const word = s.toLowerCase();
  if (word.endsWith('nan')) return n === 3 ? NaN : undefined;
  const rest = signed === 1 ? word.slice(1) : word;
  if (rest !== 'inf' && rest !== 'infinity') return undefined;
  return c0 === MINUS ? -Infinity : Infinity;
}

function isInfinityText(s: string): boolean {
  const c0 = s.charCodeAt(0);
  return ((c0 === PLUS || c0 === MINUS ? s.charCodeAt(1) : c0) | 0x20) === 0x69;
}

/** strconv's underscoreOK: each '_' stands between digits (a base prefix counts as one). */
function underscoreOK(s: string): boolean {
  let i = s.charCodeAt(0) === PLUS || s.charCodeAt(0) === MINUS ? 1 : 0;
  let saw = '^';
  let hex = false;
  if (s.length - i >= 2 && s.charCodeAt(i) === 0x30) {
    const p = s.charCodeAt(i + 1) | 0x20;
    if (p === 0x62 || p === 0x6f || p === 0x78) {
      hex = p === 0x78;
      i += 2;
      saw = '0';
    }
  }
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const l = c | 0x20;
    if (isDigit(c) || (hex && l >= 0x61 && l <= 0x66)) {
      saw = '0';
    } else if (c === UNDERSCORE) {
      if (saw !== '0') return false;
      saw = '_';
    } else {
      if (saw === '_') return false;
      saw = '!';
    }
  }
  return saw !== '_';
}

/** Decimal text already checked for syntax. */
function decimalValue(s: string, bits: 32 | 64): number {
  const x = Number(s);
  if (bits === 64) return x;
  const f = Math.fround(x);
  if (f === x || x === Infinity || x === -Infinity) return f;
  // Rounding to float64 first and then to float32 goes wrong only when the
  // float64 falls exactly halfway between two float32s: Go rounds the text
  // itself, so the text decides which way.
  const other = float32Neighbour(f, Math.abs(x) > Math.abs(f));
  const halfway = Number.isFinite(f) ? (f + other) / 2 : other + Math.sign(other) * 2 ** 103;
  if (halfway !== x) return f;
  const cmp = compareDecimalToDouble(s, Math.abs(x));
  if (cmp === 0) return f;
  const larger = Math.abs(other) > Math.abs(f) ? other : f;
  const smaller = larger === f ? other : f;
  return cmp > 0 ? larger : smaller;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The float32 next to `f`, away from zero or toward it. */
function float32Neighbour(f: number, away: boolean): number {
  f32[0] = f;
  u32[0] = u32[0]! + (away ? 1 : -1);
  return f32[0]!;
}

/** The sign of |decimal text s| - x, exactly (x > 0, finite). */
function compareDecimalToDouble(s: string, x: number): number {
  const m = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s)!;
  const frac = m[2] ?? '';
  const dexp = Number(m[3] ?? '0') - frac.length;
  let num = BigInt((m[1] ?? '') + frac || '0');
  // x = int * 2^bexp exactly.
  let int = x;
  let bexp = 0;
  while (!Number.isInteger(int)) {
    int *= 2;
    bexp--;
  }
  let den = BigInt(int);
  if (dexp > 0) num *= 10n ** BigInt(dexp);
  else den *= 10n ** BigInt(-dexp);
  num <<= BigInt(-bexp);
  return num > den ? 1 : num < den ? -1 : 0;
}

/** Hex float text `[+-]0x mantissa p exponent` (no underscores) starting at s[at]. */
function hexValue(s: string, at: number, bits: 32 | 64): number | undefined {
  const n = s.length;
  let i = at + 2;
  let mant = '';
  let fracDigits = 0;
  let dot = false;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    const l = c | 0x20;
    if (isDigit(c) || (l >= 0x61 && l <= 0x66)) {
      mant += s[i];
      if (dot) fracDigits++;
    } else if (c === DOT && !dot) {
      dot = true;
    } else {
      break;
    }
  }
  // Go wants at least one digit and, for hex, always an exponent.
  if (mant === '' || (s.charCodeAt(i) | 0x20) !== 0x70 /* p */) return undefined;
  i++;
  const expStart = i;
  if (s.charCodeAt(i) === PLUS || s.charCodeAt(i) === MINUS) i++;
  const digitsStart = i;
  while (i < n && isDigit(s.charCodeAt(i))) i++;
  if (i === digitsStart || i !== n) return undefined;
  const x = binaryToFloat(BigInt('0x' + mant), Number(s.slice(expStart)) - 4 * fracDigits, bits);
  return s.charCodeAt(0) === MINUS ? -x : x;
}

/**
 * mant * 2^exp rounded once to the nearest float of `bits` bits (ties to
 * even, subnormals included), as Go's atofHex rounds; Infinity beyond the range.
 */
function binaryToFloat(mant: bigint, exp: number, bits: 32 | 64): number {
  if (mant === 0n) return 0;
  const precision = bits === 64 ? 53 : 24;
  const minExp = bits === 64 ? -1022 : -126;
  const maxExp = bits === 64 ? 1023 : 127;
  const len = mant.toString(2).length;
  const top = len - 1 + exp;
  if (top > maxExp + 1) return Infinity;
  // Below the normal range each step down loses a bit of precision.
  const keep = top >= minExp ? precision : precision - (minExp - top);
  if (keep < 0) return 0;
  let m = mant;
  let e = exp;
  const drop = len - keep;
  if (drop > 0) {
    const d = BigInt(drop);
    const q = m >> d;
    const r = m - (q << d);
    const half = 1n << (d - 1n);
    m = r > half || (r === half && (q & 1n) === 1n) ? q + 1n : q;
    e += drop;
  }
  const x = scaleByPowerOfTwo(Number(m), e);
  if (bits === 32 && x > MAX_FLOAT32) return Infinity;
  return x;
}

const MAX_FLOAT32 = 3.4028234663852886e38;

/** x * 2^e, exact whenever the result is representable (x below 2^54). */
function scaleByPowerOfTwo(x: number, e: number): number {
  // 2^e alone may not be representable where the product is.
  if (e > 1023) {
    x *= 2 ** 1023;
    e -= 1023;
  } else if (e < -1022) {
    x *= 2 ** -1022;
    e += 1022;
  }
  return x * 2 ** e;
}

/** strconv.ParseBool(s): 1 t T TRUE true True, 0 f F FALSE false False; undefined otherwise. */
export function parseGoBool(s: string): boolean | undefined {
  // Every spelling starts with 0, 1, t, T, f or F: most words leave here.
  const c = s.charCodeAt(0) | 0x20;
  if (c !== 0x74 && c !== 0x66 && c !== 0x30 && c !== 0x31) return undefined;
  switch (s) {
    case '1':
    case 't':
    case 'T':
    case 'TRUE':
    case 'true':
    case 'True':
      return true;
    case '0':
    case 'f':
    case 'F':
    case 'FALSE':
    case 'false':
    case 'False':
      return false;
  }
  return undefined;
}
