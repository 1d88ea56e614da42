// The mutation fuzzer (test/support/fuzz.ts) on the ZNG reader, and on
// decoders that misbehave on purpose, to show it catches them.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../src/errors/index.js';
import { ZngDecoder, ZngEncoder } from '../../src/formats/zng/index.js';
import { TypeContext, TypeString, Value } from '../../src/zed/index.js';
import { fuzzDecoder, FuzzFailure, mutate } from '../support/fuzz.js';
import { concatBytes, seededRandom, zsonValues } from '../support/formats.js';

const te = new TextEncoder();

/** Values of many types, so the mutants hit many decoding paths. */
const CORPUS = [
  '{a:1,b:"x",c:[1,2,3],d:10.0.0.1,e:2024-01-02T03:04:05Z,f:1.5(float32)}',
  '{g:|{"k":-1}|,h:%HEADS(enum(HEADS,TAILS)),i:error("boom"),j:<{x:int64}>,k:-9223372036854775808}',
  '{u:1((int64,string)),s:|["a","b"]|,n:null({a:int64}),p:80(port=uint16),by:0x00ff}',
  '[1,"two",3.0]',
  '"a string that repeats, a string that repeats, a string that repeats"',
  '{a:2,b:"y",c:[],d:::1,e:1970-01-01T00:00:00Z,f:-0.5(float32)}',
].join('\n');

function zng(compress: boolean): Uint8Array {
  const enc = new ZngEncoder({ compress, frameThreshold: 96 });
  const values = zsonValues(CORPUS);
  const parts = [enc.write(values.slice(0, 3)), enc.write(values.slice(3)), enc.end()];
  return concatBytes(parts.map((p) => (typeof p === 'string' ? te.encode(p) : p)));
}

describe('fuzzing the ZNG reader', () => {
  for (const compress of [false, true]) {
    it(`ZNG reader ends every mutant of a ${compress ? 'compressed' : 'plain'} stream in values or a FormatError`, () => {
      for (const seed of [1, 2]) {
        const report = fuzzDecoder(zng(compress), () => new ZngDecoder(new TypeContext()), { seed, runs: 400 });
        expect(report.clean + Object.values(report.errors).reduce((a, b) => a + b, 0)).toBe(400);
        // Mutants must really break things: most runs end in an error.
        expect(Object.keys(report.errors).length).toBeGreaterThan(1);
        expect(report.slowestMs).toBeLessThan(2000);
      }
    });
  }
});

describe('the fuzzer', () => {
  it('mutate is deterministic for a seed and changes the input', () => {
    const input = te.encode('0123456789abcdef'.repeat(4));
    const a = seededRandom(9);
    const b = seededRandom(9);
    const ms = Array.from({ length: 20 }, () => mutate(input, a));
    expect(Array.from({ length: 20 }, () => mutate(input, b))).toEqual(ms);
    expect(ms.filter((m) => m.length !== input.length || m.some((x, i) => x !== input[i])).length).toBeGreaterThan(15);
  });

  it('the fuzzer reports a decoder that throws something other than a clear error', () => {
    const sloppy = () => ({
      push: (c: Uint8Array): Value[] => {
        if (c.includes(0x21)) throw new TypeError('cannot read properties of undefined');
        return [];
      },
      end: (): Value[] => [],
    });
    expect(() => fuzzDecoder(te.encode('hello world'), sloppy, { runs: 300 })).toThrow(FuzzFailure);
    try {
      fuzzDecoder(te.encode('hello world'), sloppy, { runs: 300, seed: 5 });
    } catch (e) {
      expect((e as FuzzFailure).message).toMatch(/^fuzz: seed 5, mutant \d+: not a clear error: TypeError/);
      expect((e as FuzzFailure).input.includes(0x21)).toBe(true);
    }
  });

  it('the fuzzer accepts values and FormatErrors, and counts them', () => {
    const strict = () => {
      let n = 0;
      return {
        push: (c: Uint8Array): Value[] => {
          n += c.length;
          return [new Value(TypeString, c.slice())];
        },
        end: (): Value[] => {
          if (n % 2 === 1) throw new FormatError(`odd length ${n}`);
          return [];
        },
      };
    };
    const r = fuzzDecoder(te.encode('abcdef'), strict, { runs: 100, seed: 3 });
    expect(r.clean).toBeGreaterThan(0);
    expect(r.errors['odd length #']).toBe(100 - r.clean);
    expect(r.values).toBeGreaterThan(0);
  });

  it('the fuzzer refuses a valid input its decoder cannot read', () => {
    const broken = () => ({
      push: (): Value[] => {
        throw new FormatError('nope');
      },
      end: (): Value[] => [],
    });
    expect(() => fuzzDecoder(te.encode('x'), broken)).toThrow('fuzz: the valid input does not decode: nope');
  });

  it('the fuzzer\'s watchdog kills a decoder stuck in a loop instead of hanging', () => {
    const root = resolve(import.meta.dirname, '../..');
    const r = spawnSync(resolve(root, 'node_modules/.bin/bun'), ['test/formats/fuzz-hang.fixture.ts'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stdout).not.toContain('not reached');
    expect(r.signal === 'SIGKILL' || r.status === 137).toBe(true);
    expect(r.stderr).toMatch(/fuzz: decoder hung on seed 1, mutant \d+ \(over 400 ms\); killing the test process/);
  });
});
