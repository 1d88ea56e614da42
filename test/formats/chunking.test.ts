// Every reader in the format table gives the same values for an input fed
// whole, one byte at a time and in random chunk sizes (several seeds).
// Inputs: a corpus encoded by each format's own writer (so formats added to
// the table later are covered), plus hand-written inputs whose tokens are
// likely to straddle a chunk boundary.
import { beforeAll, describe, expect, it } from 'vitest';
import { allFormats, formatByName } from '../../src/formats/index.js';
import { TypeContext } from '../../src/zed/index.js';
import { decodeChunked, encodeAll, randomSizes, useLocalEngines, zsonLines, zsonValues } from '../support/formats.js';

const te = new TextEncoder();

/** Records of one shape, which every writer that takes records can write. */
const RECORDS = [
  '{s:"plain",n:1,f:1.5,b:true,t:2024-01-02T03:04:05.123456789Z,ip:10.0.0.1}',
  '{s:"quote \\" comma , tab \\t newline \\n",n:-2,f:-0.25,b:false,t:1970-01-01T00:00:00Z,ip:::1}',
  '{s:"zoé 🚀 日本",n:0,f:1e+100,b:true,t:2262-04-11T23:47:16.854775807Z,ip:192.168.1.1}',
  '{s:null(string),n:null(int64),f:null(float64),b:null(bool),t:null(time),ip:null(ip)}',
].join('\n');

/** Values of any type, for the writers that take anything. */
const ANY = [
  RECORDS,
  '[1,2,3]',
  '|["a","b"]|',
  '|{"k":{x:1}}|',
  '"a string"',
  '{nested:{a:{b:[{c:1(uint8)}]}},u:1((int64,string))}',
  'error("boom")',
  '<{a:int64}>',
].join('\n');

/** Inputs written by hand, per format name. */
const HAND: Record<string, string[]> = {
  csv: [
    'a,b,c\n1,"x, ""y""\nz",true\n"ab"cd, "q" ,\r\n\n-2.5e3,T,\n',
    '"@timestamp",value\n"Aug 17, 2021 @ 06:13:56",1\n',
  ],
  tsv: ['a\tb\n 1\t"x\ty"\n2\t\n'],
  line: ['first\r\nsecond\n\nthird 🚀', ''],
  json: [
    '{"a":"zoé 🚀","b":[1,2.5,-3e2,true,null],"c":{"d":"\\u00e9\\n"}}\n[1,2]\n"s" 12 -0.5e-3 true null',
    '[{"a":1},{"a":"x"}]',
  ],
  ndjson: ['{"a":1}\n\n{"a":"zoé","b":[1,2]}\r\n{"c":{"d":null}}'],
  zeek: [
    [
      '#separator \\x09',
      '#set_separator\t,',
      '#empty_field\t(empty)',
      '#unset_field\t-',
      '#path\tconn',
      '#fields\tts\tid.orig_h\tid.orig_p\tproto\tdur\ttags\tnote',
      '#types\ttime\taddr\tport\tenum\tinterval\tset[string]\tstring',
      '1700000000.123456\t10.1.2.3\t443\ttcp\t1.5\tb,a\tcaf\\xc3\\xa9',
      '1700000001.000000\t::1\t-\tudp\t0.000001\t(empty)\t-',
      '',
    ].join('\n'),
  ],
  zjson: [
    '{"type":{"kind":"record","id":30,"fields":[{"name":"a","type":{"kind":"primitive","name":"string"}}]},"value":["zoé"]}\n' +
      '{"type":{"kind":"ref","id":30},"value":[null]}\n',
  ],
  zson: ['{a:"zoé 🚀",b:[1,2],c:|{"k":1}|}\n{a:null(string),b:null([int64]),c:null(|{string:int64}|)}\n"x" 1 2.5 10.0.0.0/8'],
};

/** Records of plain types, for writers with a narrower type mapping. */
const SIMPLE = '{a:1,s:"x",f:1.5,b:true}\n{a:null(int64),s:"zoé 🚀",f:-2.,b:false}\n{a:3,s:null(string),f:null(float64),b:null(bool)}';

/** The corpora a writer is offered, widest first; it writes the first it can hold. */
const CORPORA = [ANY, RECORDS, SIMPLE];

function inputsFor(name: string): Uint8Array[] {
  const f = formatByName(name)!;
  const out: Uint8Array[] = (HAND[name] ?? []).map((s) => te.encode(s));
  if (f.encoder !== undefined) {
    for (const corpus of CORPORA) {
      try {
        out.push(encodeAll(name, zsonValues(corpus)));
        break;
      } catch {
        // What a writer cannot hold is the round-trip test's business.
      }
    }
  }
  return out;
}

function decodeWith(name: string, bytes: Uint8Array, sizes: readonly number[]): string[] {
  const dec = formatByName(name)!.decoder!(new TypeContext(), {});
  return zsonLines(decodeChunked(dec, bytes, sizes));
}

const readers = allFormats().filter((f) => f.decoder !== undefined);

describe('readers fed in chunks', () => {
  beforeAll(useLocalEngines);

  it('every text reader this brief names is in the table', () => {
    const names = readers.map((f) => f.name);
    for (const n of ['csv', 'tsv', 'line', 'zeek', 'json', 'ndjson', 'zjson']) expect(names).toContain(n);
  });

  for (const f of readers) {
    it(`${f.name} reader gives the same values whole, in 1-byte and in random chunks`, () => {
      const inputs = inputsFor(f.name);
      expect(inputs.length).toBeGreaterThan(0);
      for (const bytes of inputs) {
        const whole = decodeWith(f.name, bytes, [bytes.length || 1]);
        if (bytes.length > 0) expect(whole.length).toBeGreaterThan(0);
        expect(decodeWith(f.name, bytes, [1])).toEqual(whole);
        for (const seed of [1, 2, 3, 42]) {
          expect(decodeWith(f.name, bytes, randomSizes(seed, bytes.length, 13))).toEqual(whole);
        }
      }
    });
  }

  it('hand-written inputs decode to the values Zed gives', () => {
    expect(decodeWith('csv', te.encode(HAND.csv![0]!), [1])).toEqual([
      '{a:1.,b:"x, \\"y\\"\\nz",c:true}',
      '{a:"abcd",b:"q ",c:null}',
      '{a:-2500.,b:true,c:null}',
    ]);
    expect(decodeWith('line', te.encode(HAND.line![0]!), [1])).toEqual(['"first"', '"second"', '""', '"third 🚀"']);
    expect(decodeWith('tsv', te.encode(HAND.tsv![0]!), [1])).toEqual(['{a:" 1",b:"x\\ty"}', '{a:2.,b:null}']);
  });
});
