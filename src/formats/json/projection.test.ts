// JSON and NDJSON decoders given the top-level fields a query uses: records
// keep only those fields, the values left out are still checked (bad JSON
// there gives the error it gives without a projection), and the result does
// not depend on where the chunks of the input break.
import { describe, expect, it } from 'vitest';
import { TypeContext, type Value } from '../../zed/index.js';
import { formatValue } from '../../zson/index.js';
import { NdjsonDecoder } from '../ndjson/index.js';
import { JsonDecoder } from './json-decoder.js';

const enc = new TextEncoder();

function decode(kind: 'json' | 'ndjson', input: string, fields: readonly string[] | undefined, chunk: number): string[] {
  const ctx = new TypeContext();
  const d = kind === 'json' ? new JsonDecoder(ctx, fields) : new NdjsonDecoder(ctx, fields);
  const bytes = enc.encode(input);
  const out: Value[] = [];
  for (let off = 0; off < bytes.length; off += chunk) out.push(...d.push(bytes.subarray(off, off + chunk)));
  out.push(...d.end());
  return out.map((v) => formatValue(v));
}

function error(kind: 'json' | 'ndjson', input: string, fields: readonly string[] | undefined, chunk: number): string {
  try {
    decode(kind, input, fields, chunk);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return 'no error';
}

const LINES = [
  '{"a":1,"skip":"x\\"y\\\\z\\u00e9","b":{"c":[1,2,{"d":null}]},"n":-1.5e-3}',
  '{"skip":[true,false,null,{"k":"v"},[]],"a":"s"}',
  '{"b":{},"skip":{},"a":0}',
  '{"a":[1,2],"skip":12345678901234567890,"z":"last"}',
  '{}',
  '[1,2,{"a":3,"skip":4}]',
  '"top"',
  '{"skip":"\u00e9\u4e2d","a":true}',
];

describe('JSON with a projection', () => {
  for (const kind of ['json', 'ndjson'] as const) {
    it(`${kind}: keeps only the named top-level fields, whatever the chunking`, () => {
      const input = `${LINES.join('\n')}\n`;
      const all = decode(kind, input, undefined, input.length);
      const kept = decode(kind, input, ['a', 'b'], input.length);
      expect(kept).toEqual([
        '{a:1,b:{c:[1,2,{d:null}]}}',
        '{a:"s"}',
        '{b:{},a:0}',
        '{a:[1,2]}',
        '{}',
        all[5],
        '"top"',
        '{a:true}',
      ]);
      // Nested records and arrays keep everything.
      expect(all[5]).toBe('[1,2,{a:3,skip:4}]');
      for (const chunk of [1, 2, 3, 7, 16]) expect(decode(kind, input, ['a', 'b'], chunk)).toEqual(kept);
      expect(decode(kind, input, [], input.length)).toEqual(['{}', '{}', '{}', '{}', '{}', all[5], '"top"', '{}']);
    });

    it(`${kind}: bad JSON in a left-out value gives the error it gives in full`, () => {
      const bad = [
        '{"a":1,"skip":tru}',
        '{"a":1,"skip":01}',
        '{"a":1,"skip":"\\x"}',
        '{"a":1,"skip":[1,]}',
        '{"a":1,"skip":{"k" 1}}',
        '{"a":1,"skip":1.}',
        '{"a":1,"skip":"open',
        '{"a":1,"skip":-}',
        '{"a":1,"skip":nul',
      ];
      let errors = 0;
      for (const line of bad) {
        const want = error(kind, `${line}\n`, undefined, 1000);
        if (want === 'no error') {
          // What the reader takes beyond JSON (01, 1.) it takes with a projection too (the record whole).
          const whole = decode(kind, `${line}\n`, undefined, 1000);
          for (const chunk of [1000, 1, 5]) expect([line, chunk, decode(kind, `${line}\n`, ['a'], chunk)]).toEqual([line, chunk, whole]);
          continue;
        }
        errors++;
        for (const chunk of [1000, 1, 5]) expect([line, chunk, error(kind, `${line}\n`, ['a'], chunk)]).toEqual([line, chunk, want]);
      }
      expect(errors).toBe(bad.length - 2);
    });
  }
});
