// Go's strconv.FormatFloat(x, 'f', -1, bits): the shortest digits that read
// back as the same float of that width, written without an exponent.

const NUM = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** FormatFloat(x, 'f', -1, 32 or 64); float16 values print as float32, as in Zed. */
export function formatFloatFixed(x: number, bits: 32 | 64): string {
  if (x !== x) return 'NaN';
  if (x === Infinity) return '+Inf';
  if (x === -Infinity) return '-Inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  let s: string;
  if (bits === 64) s = String(x);
  else {
    x = Math.fround(x);
    s = x.toPrecision(9);
    for (let p = 1; p < 9; p++) {
      const t = x.toPrecision(p);
      if (Math.fround(Number(t)) === x) {
        s = t;
        break;
      }
    }
  }
  const m = NUM.exec(s);
  if (m === null) return s;
  const int = m[2]!;
  let digits = int + (m[3] ?? '');
  const point = int.length + Number(m[4] ?? '0');
  digits = digits.replace(/0+$/, '');
  if (digits === '') digits = '0';
  let out: string;
  if (point <= 0) out = '0.' + '0'.repeat(-point) + digits;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = digits.slice(0, point) + '.' + digits.slice(point);
  out = out.replace(/^0+(?=\d)/, '');
  return m[1] + out;
}
