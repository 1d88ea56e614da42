// The JSON parser predicts each object's shape from the last object parsed
// at the same place (json-parser.ts): records of a stream, parsed by one
// parser, must come out as each does parsed alone by a parser of its own.
// Random records from a small vocabulary of keys, some near-misses of
// others (a prefix, a longer key, one spelled with an escape, a key that
// needs quoting), nested records and arrays of them, values of changing
// types, duplicate keys, and fields in another order or left out.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/support/formats.js';
import { TypeContext } from '../../zed/index.js';
import { formatValue } from '../../zson/index.js';
import { NdjsonDecoder } from '../ndjson/index.js';

const KEYS = ['ts', 'id', 'uid', 'u', 'uidx', 'a\\u0062', 'ab', 'k"q', 'caf\u00e9', 'x y'];

function record(r: () => number, depth: number): string {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const fields: string[] = [];
  const n = Math.floor(r() * 5);
  // Mostly one layout, so that predictions hold, now and then another.
  const base = r() < 0.7 ? ['ts', 'uid', 'id'] : [];
  for (const k of [...base, ...Array.from({ length: n }, () => pick(KEYS))]) {
    const v = r();
    let value: string;
    if (k === 'id' && depth < 2 && v < 0.6) value = record(r, depth + 1);
    else if (depth < 2 && v < 0.1) value = `[${Array.from({ length: Math.floor(r() * 3) }, () => record(r, depth + 1)).join(',')}]`;
    else if (v < 0.3) value = String(Math.floor(r() * 100));
    else if (v < 0.5) value = JSON.stringify(`s${Math.floor(r() * 10)}`);
    else if (v < 0.6) value = 'null';
    else if (v < 0.7) value = 'true';
    else if (v < 0.8) value = (r() * 10).toFixed(2);
    else value = JSON.stringify('x'.repeat(Math.floor(r() * 80)));
    fields.push(`${JSON.stringify(k).replace('\\\\u0062', '\\u0062')}:${value}`);
  }
  return `{${fields.join(',')}}`;
}

function decode(lines: readonly string[], ctx: TypeContext, fields?: readonly string[]): string[] {
  const d = new NdjsonDecoder(ctx, fields);
  const vals = [...d.push(new TextEncoder().encode(lines.join('\n'))), ...d.end()];
  return vals.map((v) => formatValue(v));
}

describe('JSON shape prediction', () => {
  it('parses a stream of records as it parses each alone, in 300 random streams', () => {
    const r = seededRandom(20261127);
    let records = 0;
    for (let c = 0; c < 300; c++) {
      const lines = Array.from({ length: 1 + Math.floor(r() * 40) }, () => record(r, 0));
      const together = decode(lines, new TypeContext());
      const alone = lines.map((l) => decode([l], new TypeContext())[0]!);
      expect({ c, together }).toEqual({ c, together: alone });
      records += lines.length;
    }
    expect(records).toBeGreaterThan(5000);
  });

  it('parses a stream with a projection (the demanded top-level fields) as it parses each record alone', () => {
    const r = seededRandom(20261128);
    for (const fields of [['ts', 'id'], ['uid'], ['k"q', 'x y', 'ab']]) {
      let kept = 0;
      for (let c = 0; c < 150; c++) {
        const lines = Array.from({ length: 1 + Math.floor(r() * 40) }, () => record(r, 0));
        const together = decode(lines, new TypeContext(), fields);
        const alone = lines.map((l) => decode([l], new TypeContext(), fields)[0]!);
        expect({ fields, c, together }).toEqual({ fields, c, together: alone });
        kept += together.filter((t) => t !== '{}').length;
      }
      expect(kept).toBeGreaterThan(300);
    }
  });
});
