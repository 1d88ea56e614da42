// Floats as ZSON writes them (zson/formatter.go formatPrimitive): integral
// values in int64 range as "<int>.", everything else as Go's
// strconv.FormatFloat(f, 'g', -1, bits): the shortest digits that read back
// to the same float of that width, exponent form ("1e-05", "1.5e+06") when
// the decimal exponent is below -4 or at least 6. float16 values are printed
// as float32, as Zed decodes them to float32.

const TWO63 = 9223372036854775808;
const TWO53 = 9007199254740992;

/** Formats a float of the given width; `x` is rounded to float32 first unless bits is 64. */
export function formatFloat(x: number, bits: 16 | 32 | 64): string {
  if (bits !== 64) x = Math.fround(x);
  // Go: f == float64(int64(f)); int64 conversion of out-of-range values
  // (including NaN and ±Inf) yields MinInt64 on amd64, so they fail the test.
  if (Number.isInteger(x) && x >= -TWO63 && x < TWO63) {
    // %d prints every digit; JS would round large values to shortest digits.
    return (x > -TWO53 && x < TWO53 ? String(x) : BigInt(x).toString()) + '.';
  }
  if (x !== x) return 'NaN';
  if (x === Infinity) return '+Inf';
  if (x === -Infinity) return '-Inf';
  if (bits === 64) {
    const a = x < 0 ? -x : x;
    // In [1e-4, 1e6) Go's %g picks fixed notation, as does JS's shortest form.
    if (a >= 1e-4 && a < 1e6) return String(x);
    return goExponent(x.toExponential());
  }
  return layout(shortest32(x));
}

/** Rewrites JS exponent form ("1.5e-7") as Go's ("1.5e-07"). */
function goExponent(s: string): string {
  const e = s.indexOf('e');
  return s.length - e === 3 ? s.slice(0, e + 2) + '0' + s.slice(e + 2) : s;
}

/**
 * The shortest exponent form ("d.ddde±x") of a decimal that reads back as the
 * float32 `f` (finite, non-zero); of equally near candidates, the even one,
 * as Go's Ryū implementation (strconv/ftoaryu.go) picks.
 */
function shortest32(f: number): string {
  for (let p = 1; p <= 9; p++) {
    const s = f.toExponential(p - 1);
    const d = Number(s);
    if (Math.fround(d) === f) {
      // toExponential rounds halves up; Go rounds them to even.
      const t = f.toExponential(p);
      if (t.charCodeAt(t.indexOf('e') - 1) === 0x35 && exactly(f, t)) {
        const down = stepLastDigit(s, -1);
        if (lastDigit(down) % 2 === 0 && Math.fround(Number(down)) === f) return down;
      }
      return s;
    }
    // Just above a power of two the gap below f is half the gap above, so the
    // nearest p-digit decimal may fall short while the next one up reads back.
    if (Math.abs(d) < Math.abs(f)) {
      const up = stepLastDigit(s, 1);
      if (Math.fround(Number(up)) === f) return up;
    }
  }
  return f.toExponential(8);
}

function lastDigit(s: string): number {
  return s.charCodeAt(s.indexOf('e') - 1) - 48;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** True when the exponent-form decimal `t` is exactly the float32 `f`. */
function exactly(f: number, t: string): boolean {
  const e = t.indexOf('e');
  const neg = t.charCodeAt(0) === 45;
  const digits = t.slice(neg ? 1 : 0, e).replace('.', '');
  const k = Number(t.slice(e + 1)) - (digits.length - 1);
  f32[0] = Math.abs(f);
  const bits = u32[0]!;
  const biased = bits >>> 23;
  const m = biased === 0 ? bits & 0x7fffff : (bits & 0x7fffff) | 0x800000;
  const q = biased === 0 ? -149 : biased - 150;
  // digits * 10^k == m * 2^q, compared as integers.
  let left = BigInt(digits);
  let right = BigInt(m);
  if (k >= 0) left *= 10n ** BigInt(k);
  else right *= 10n ** BigInt(-k);
  if (q >= 0) right *= 2n ** BigInt(q);
  else left *= 2n ** BigInt(-q);
  return left === right;
}

/** Adds `delta` (±1) units in the last mantissa digit of an exponent-form string. */
function stepLastDigit(s: string, delta: 1 | -1): string {
  const e = s.indexOf('e');
  const neg = s.charCodeAt(0) === 45;
  const width = s.slice(neg ? 1 : 0, e).replace('.', '').length;
  let n = BigInt(s.slice(neg ? 1 : 0, e).replace('.', '')) + BigInt(delta);
  let exp = Number(s.slice(e + 1));
  let digits = n.toString();
  if (digits.length > width) {
    // 9.99 + 1 unit = 10.0: one digit more, so shift the exponent.
    digits = digits.slice(0, width);
    exp++;
  } else if (digits.length < width) {
    // 1.00 - 1 unit = 0.999: take the 9s one place down.
    n = n * 10n + 9n;
    digits = n.toString().padStart(width, '9');
    exp--;
  }
  const mant = digits.length > 1 ? digits[0] + '.' + digits.slice(1) : digits;
  return (neg ? '-' : '') + mant + 'e' + (exp < 0 ? '-' : '+') + Math.abs(exp);
}

/** Lays out an exponent-form decimal the way Go's %g does with shortest digits. */
function layout(s: string): string {
  const e = s.indexOf('e');
  const exp = Number(s.slice(e + 1));
  if (exp < -4 || exp >= 6) return goExponent(s);
  const neg = s.charCodeAt(0) === 45;
  const digits = s.slice(neg ? 1 : 0, e).replace('.', '');
  let out: string;
  if (exp < 0) {
    out = '0.' + '0'.repeat(-exp - 1) + digits;
  } else if (digits.length <= exp + 1) {
    out = digits + '0'.repeat(exp + 1 - digits.length);
  } else {
    out = digits.slice(0, exp + 1) + '.' + digits.slice(exp + 1);
  }
  return neg ? '-' + out : out;
}
