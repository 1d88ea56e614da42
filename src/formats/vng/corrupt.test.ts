// Bad VNG input: truncation at every length, broken headers (with Zed's
// messages), corrupt sections, and a seeded fuzz of random mutations. Every
// input must end in values or a FormatError, quickly; never another error.
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../errors/index.js';
import { TypeContext } from '../../zed/index.js';
import { formatValue } from '../../zson/index.js';
import { VngDecoder, encodeVng, openVng, openVngBytes } from './index.js';
import { fuzzDecoder } from '../../../test/support/fuzz.js';
import { countingSource, rng, zsonValues } from './test-helpers.js';

function vng(text: string): Uint8Array {
  return encodeVng(zsonValues(text, new TypeContext()));
}

function decodeWhole(b: Uint8Array): unknown {
  const d = new VngDecoder(new TypeContext());
  return [...d.push(b), ...d.end()];
}

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('no error');
}

/** Values of many kinds, with compressed columns: the fuzzer's seeds. */
function seeds(): Uint8Array[] {
  const rows: string[] = [];
  for (let i = 0; i < 120; i++) {
    rows.push(
      `{ts:${i * 1000},s:"${'abc'.repeat(i % 9)}",d:"${['x', 'y', 'z'][i % 3]}",n:${i % 5 === 0 ? 'null(int64)' : i},` +
        `a:[${i},${i + 1}],m:|{"k${i % 4}":${i}}|,u:${i % 2 === 0 ? `"${i}"` : i}((int64,string)),r:{p:${i}.5,q:null(ip)}}`,
    );
    if (i % 17 === 0) rows.push(`${i}`, `error("e${i}")`, `<{a:int64}>`, `10.0.0.${i % 256}`);
  }
  return [vng(rows.join('\n')), vng('1 1 1'), vng('{a:"hello",b:[{x:1},{x:null(int64)}]}\n{a:"world",b:null([{x:int64}])}'), vng('')];
}

describe('VNG bad input', () => {
  it('gives Zed header errors', () => {
    expect(errorOf(() => decodeWhole(new Uint8Array(0))).message).toBe('EOF');
    expect(errorOf(() => decodeWhole(new Uint8Array([0x56, 0x4e, 0x47]))).message).toBe('short VNG file: 3 bytes read');
    const good = vng('{a:1}');
    const bad = good.slice();
    bad[1] = 0x41;
    expect(errorOf(() => decodeWhole(bad)).message).toBe('invalid VNG header (no VNG magic at offset 0)');
    const v3 = good.slice();
    v3[4] = 3;
    expect(errorOf(() => decodeWhole(v3)).message).toBe('unsupport VNG version 3: expected version 4');
    const big = good.slice();
    big.set([0, 0, 0, 0x10], 8);
    expect(errorOf(() => decodeWhole(big)).message).toBe(`VNG metadata section too big: ${0x10000000} bytes`);
    for (const b of [new Uint8Array(0), bad, v3, big]) expect(errorOf(() => decodeWhole(b))).toBeInstanceOf(FormatError);
  });

  it('fails on every truncation, naming VNG and the offset', () => {
    for (const file of seeds()) {
      for (let n = 0; n < file.length; n++) {
        const e = errorOf(() => decodeWhole(file.subarray(0, n)));
        expect(e, `truncated to ${n}`).toBeInstanceOf(FormatError);
        if (n >= 16) expect(e.message).toBe(`VNG input truncated: ${n} bytes read, the header at offset 0 says ${file.length}`);
      }
    }
  });

  it('ignores bytes after the object, as Zed reads only what the header describes', () => {
    const file = vng('{a:1}\n{a:2}');
    const more = new Uint8Array(file.length + 5);
    more.set(file);
    expect(decodeWhole(more)).toHaveLength(2);
  });

  it('fails on truncated objects read through random access', async () => {
    const file = seeds()[0]!;
    const obj = await openVng(countingSource(file));
    const cut = countingSource(file.subarray(0, file.length - 10));
    const e = await openVng(cut).then((o) => o.scan().toArray()).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(FormatError);
    expect((e as Error).message).toMatch(/^VNG input truncated: \d+ bytes wanted at offset \d+, \d+ read$/);
    const noMeta = await openVng(countingSource(file.subarray(0, 20)), { prefetch: 0 }).catch((err: unknown) => err);
    expect((noMeta as Error).message).toBe(`VNG input truncated: metadata section at offset 16 needs ${obj.header.metaSize} bytes, got 4`);
  });

  it('reports corrupt metadata and corrupt columns as format errors', () => {
    const file = vng('{a:"x"}\n{a:"y"}\n{a:"x"}');
    const metaSize = file[8]!;
    // A bad type code inside the metadata's ZNG.
    const m = file.slice();
    m[16 + 3] = 0x7f;
    expect(errorOf(() => decodeWhole(m))).toBeInstanceOf(FormatError);
    expect(errorOf(() => decodeWhole(m)).message).toMatch(/^VNG metadata section at offset 16: /);
    // A dictionary selector out of range.
    const d = file.slice();
    d[16 + metaSize] = 9;
    expect(errorOf(() => decodeWhole(d)).message).toBe(
      `corrupt VNG: selector (9) out of range (len 2) in column at offset ${16 + metaSize}`,
    );
  });

  it('survives random mutations: values or a FormatError, in bounded time', () => {
    const rand = rng(20240611);
    const files = seeds();
    let values = 0;
    let errors = 0;
    const t0 = Date.now();
    for (let round = 0; round < 1500; round++) {
      const src = files[round % files.length]!;
      // Half the rounds spare the header and metadata, to reach the columns.
      const keep = round % 2 === 0 ? 0 : Math.min(src.length, 16 + (src[8]! | (src[9]! << 8)));
      const b = mutate(src, rand, keep);
      const start = Date.now();
      for (const read of [decodeWhole, (x: Uint8Array) => openVngBytes(x).project(['s', 'r.p', 'a']).toArraySync()]) {
        try {
          const out = read(b) as { type: unknown }[];
          // What comes out must also be printable, or fail as bad input.
          for (const v of out) {
            try {
              formatValue(v as Parameters<typeof formatValue>[0]);
            } catch (e) {
              if (!(e instanceof FormatError)) throw e;
            }
          }
          values++;
        } catch (e) {
          if (!(e instanceof FormatError)) throw new Error(`round ${round}: ${String(e)}`, { cause: e });
          expect((e as Error).message).not.toBe('');
          errors++;
        }
      }
      expect(Date.now() - start, `round ${round}`).toBeLessThan(2000);
    }
    expect(values).toBeGreaterThan(100);
    expect(errors).toBeGreaterThan(100);
    expect(Date.now() - t0).toBeLessThan(120_000);
  });
});

describe('VNG under the shared decoder fuzzer', () => {
  it('ends every mutant in values or a FormatError, whole or chunked', () => {
    seeds().forEach((file, i) => {
      const report = fuzzDecoder(file, () => new VngDecoder(new TypeContext()), { seed: 100 + i, runs: 250 });
      expect(report.runs).toBe(250);
      expect(report.clean + Object.values(report.errors).reduce((a, b) => a + b, 0)).toBe(250);
    });
  });
});

/** A copy of `src` with a few random byte changes, insertions, deletions or a cut, past `keep`. */
function mutate(src: Uint8Array, rand: (n: number) => number, keep: number): Uint8Array {
  let b = Array.from(src);
  const edits = 1 + rand(4);
  for (let k = 0; k < edits && b.length > keep; k++) {
    const at = keep + rand(b.length - keep);
    switch (rand(6)) {
      case 0:
      case 1:
        b[at] = rand(256);
        break;
      case 2:
        b[at] = b[at]! ^ (1 << rand(8));
        break;
      case 3:
        b.splice(at, 0, rand(256));
        break;
      case 4:
        b.splice(at, 1 + rand(8));
        break;
      default:
        b = b.slice(0, at);
    }
  }
  return Uint8Array.from(b);
}
