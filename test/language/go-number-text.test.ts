// Number and bool text wherever Zed reads it: every such place in Zed
// v1.18.0 calls Go's strconv.ParseFloat or ParseBool (casts and coercion in
// runtime/sam/expr/cast.go and coerce/coerce.go, CSV inference in
// zio/csvio/reader.go, Zeek fields in zio/zeekio/builder.go and times in
// zeekio/time.go, ZJSON and typed ZSON primitives in zson/builder.go), so
// all take hex floats (0x1p-2), `_` between digits and Inf/NaN alike. Before
// one copy of the parser served them all, casts, Zeek and ZJSON refused
// these forms, and the hex parsers lost subnormals such as 0x10p-1078.
import { describe, expect, it } from 'vitest';
import { runQuery } from '../support/run-query.js';

const zeek = (types: string, row: string): string =>
  `#separator \\x09\n#fields\ta\n#types\t${types}\n${row}\n`;

// [what, query, input, input format, output]
const cases: [string, string, string, string, string][] = [
  ['float64() of a hex float', 'yield float64(this)', '"0x1p-2"', 'zson', '0.25\n'],
  ['float64() of a hex float with a fraction', 'yield float64(this)', '"-0X1.8P1"', 'zson', '-3.\n'],
  ['float64() of digits with separators', 'yield float64(this)', '"1_000.5"', 'zson', '1000.5\n'],
  ['float64() of the smallest subnormal in hex', 'yield float64(this)', '"0x10p-1078"', 'zson', '5e-324\n'],
  ['float64() of a misplaced separator', 'yield float64(this)', '"1__0"', 'zson', 'error({message:"cannot cast to float64",on:"1__0"})\n'],
  ['float64() of a hex integer', 'yield float64(this)', '"0x10"', 'zson', 'error({message:"cannot cast to float64",on:"0x10"})\n'],
  ['float64() of signed NaN', 'yield float64(this)', '"-nan"', 'zson', 'error({message:"cannot cast to float64",on:"-nan"})\n'],
  ['float64() of Infinity in capitals', 'yield float64(this)', '"-INFINITY"', 'zson', '-Inf\n'],
  ['float64() of an overflowing number', 'yield float64(this)', '"1e400"', 'zson', 'error({message:"cannot cast to float64",on:"1e400"})\n'],
  ['duration() of a hex float of nanoseconds', 'yield duration(this)', '"0x1p10"', 'zson', '1.024us\n'],
  ['bool() of the ParseBool spellings', 'yield bool(this)', '"T"\n"False"\n"0"', 'zson', 'true\nfalse\nfalse\n'],
  ['CSV infers hex floats and separators as float64', 'yield a', 'a\n0x1p-2\n1_0\n0x1\n', 'csv', '0.25\n10.\n"0x1"\n'],
  ['CSV infers ParseBool spellings as bool', 'yield a', 'a\nT\nFALSE\nyes\n', 'csv', 'true\nfalse\n"yes"\n'],
  ['CSV infers Inf and NaN as float64', 'yield a', 'a\n-Inf\nnan\n+nan\n', 'csv', '-Inf\nNaN\n"+nan"\n'],
  ['a Zeek double in hex', 'yield a', zeek('double', '0x1p-2'), 'zeek', '0.25\n'],
  ['a Zeek double with separators', 'yield a', zeek('double', '1_000'), 'zeek', '1000.\n'],
  ['a Zeek bool as ParseBool reads it', 'yield a', zeek('bool', 'T'), 'zeek', 'true\n'],
  ['a Zeek time as a hex float of seconds', 'yield a', zeek('time', '0x1p4'), 'zeek', '1970-01-01T00:00:16Z\n'],
  ['a ZJSON float64 in hex', 'yield this', zjson('float64', '"0x1p-2"'), 'zjson', '0.25\n'],
  [
    'a ZJSON float32 rounds the text once',
    'yield this',
    zjson('float32', '"1.00000005960464477539062500001"'),
    'zjson',
    '1.0000001(float32)\n',
  ],
];

function zjson(type: string, value: string): string {
  return `{"type":{"kind":"primitive","name":"${type}"},"value":${value}}\n`;
}

describe('number and bool text as Zed reads it (strconv)', () => {
  for (const [what, query, input, format, output] of cases) {
    it(what, async () => {
      expect(await runQuery(query, input, format)).toBe(output);
    });
  }
});
