// Input format auto-detection: Zed's order, its failure message, the bounded
// look-ahead, and the registry hook through which new formats join.
import { describe, expect, it } from 'vitest';
import {
  DETECT_LIMIT,
  DETECT_OVERFLOW,
  Detector,
  detectFormat,
  formatByName,
  type Decoder,
  type FormatEntry,
  type FormatName,
} from '../../src/formats/index.js';
import { FormatError } from '../../src/errors/index.js';
import { TypeContext, TypeString, Value } from '../../src/zed/index.js';
import { encodeAll, zsonValues } from '../support/formats.js';

const te = new TextEncoder();

/** Detects `text` fed whole, one byte at a time and in pieces of 5; all must agree. */
function detectAll(input: string | Uint8Array, opts: ConstructorParameters<typeof Detector>[0] = {}): FormatName {
  const bytes = typeof input === 'string' ? te.encode(input) : input;
  const whole = detectFormat(bytes, opts);
  for (const size of [1, 5]) {
    const d = new Detector(opts);
    let got: FormatName | null = null;
    for (let i = 0; i < bytes.length && got === null; i += size) got = d.push(bytes.subarray(i, i + size));
    expect(got ?? d.end()).toBe(whole);
  }
  return whole;
}

function failure(input: string, opts: ConstructorParameters<typeof Detector>[0] = {}): string[] {
  try {
    detectFormat(te.encode(input), opts);
  } catch (e) {
    const lines = (e as Error).message.split('\n\t');
    expect(lines[0]).toBe('format detection error');
    return lines.slice(1);
  }
  throw new Error('detection did not fail');
}

const ZEEK = [
  '#separator \\x09',
  '#set_separator\t,',
  '#empty_field\t(empty)',
  '#unset_field\t-',
  '#path\tconn',
  '#fields\tn\ts',
  '#types\tint\tstring',
  '1\tx',
  '',
].join('\n');

const ZJSON = '{"type":{"kind":"record","id":30,"fields":[{"name":"a","type":{"kind":"primitive","name":"int64"}}]},"value":["1"]}\n';

describe('format detection', () => {
  it('detection picks each text format Zed detects, fed whole or in pieces', () => {
    expect(detectAll('{a:1}\n{a:2}\n')).toBe('zson');
    expect(detectAll('{"a":1}\n{"a":2}\n')).toBe('json');
    expect(detectAll('[1,2]\n')).toBe('json');
    expect(detectAll('a,b\n1,2\n')).toBe('csv');
    expect(detectAll('a\tb\n1\t2\n')).toBe('tsv');
    expect(detectAll(ZEEK)).toBe('zeek');
    // ZJSON is also JSON and ZSON: it goes first.
    expect(detectAll(ZJSON)).toBe('zjson');
  });

  it('detection picks ZNG from its bytes', () => {
    const zng = encodeAll('zng', zsonValues('{a:1,b:"x"}\n[1,2]\n'));
    expect(detectAll(zng)).toBe('zng');
  });

  it('detection gives empty input to the Zeek reader, which reads nothing, as Zed does', () => {
    expect(detectFormat(new Uint8Array(0))).toBe('zeek');
  });

  it('detection waits for ten JSON values or the end before it calls input JSON', () => {
    const d = new Detector();
    const line = te.encode('{"a":1}\n');
    for (let i = 0; i < 9; i++) expect(d.push(line)).toBe(null);
    expect(d.push(line)).toBe('json');
    const short = new Detector();
    expect(short.push(te.encode('{"a":1}\n{"a":2}\n'))).toBe(null);
    expect(short.end()).toBe('json');
  });

  it('detection fails with Zed\'s message, one line per format in alphabetical order', () => {
    const lines = failure('This is not a detectable format.');
    expect(lines.map((l) => l.slice(0, l.indexOf(':')))).toEqual([
      'arrows', 'csv', 'json', 'line', 'parquet', 'tsv', 'vng', 'zeek', 'zjson', 'zng', 'zson',
    ]);
    const byName = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')), l]));
    expect(byName.get('arrows')).toBe('arrows: schema message length exceeds 1 MiB');
    expect(byName.get('csv')).toBe('csv: line 1: EOF');
    expect(byName.get('json')).toBe("json: invalid character 'T' looking for beginning of value");
    expect(byName.get('line')).toBe('line: auto-detection not supported');
    expect(byName.get('parquet')).toBe('parquet: auto-detection requires seekable input');
    expect(byName.get('tsv')).toBe('tsv: line 1: EOF');
    expect(byName.get('vng')).toBe('vng: auto-detection requires seekable input');
    expect(byName.get('zeek')).toBe('zeek: line 1: bad types/fields definition in zeek header');
    expect(byName.get('zjson')).toBe(
      `zjson: line 1: malformed ZJSON: bad type object: "This is not a detectable format.": unpacker error parsing JSON: invalid character 'T' looking for beginning of value`,
    );
    expect(byName.get('zng')).toBe('zng: malformed zng record');
    expect(byName.get('zson')).toBe('zson: ZSON syntax error');
  });

  it('detection says which delimiter CSV and TSV missed on a complete first line', () => {
    const lines = failure('This is not a detectable format.\n');
    expect(lines).toContain("csv: line 1: delimiter ',' not found");
    expect(lines).toContain("tsv: line 1: delimiter '\\t' not found");
  });

  it('detection gives up at the look-ahead limit on a stream, as Zed does on stdin', () => {
    const input = ' \n'.repeat(3000) + '0\n';
    const lines = failure(input, { limit: 4096 });
    expect(lines).toContain(`json: ${DETECT_OVERFLOW}`);
    expect(lines).toContain(`zson: ${DETECT_OVERFLOW}`);
    expect(lines).toContain("csv: line 1: delimiter ',' not found");
    expect(lines).toContain('arrows: schema message length exceeds 1 MiB');
  });

  it('detection looks further ahead in a file than in a stream', () => {
    // zio/anyio/ztests/huge.yaml: blank lines past the stream limit, then a value.
    const input = te.encode(' \n'.repeat((DETECT_LIMIT >> 1) + 1024) + '0\n');
    expect(input.length).toBeGreaterThan(DETECT_LIMIT);
    expect(detectFormat(input, { seekable: true })).toBe('json');
  });
});

/** A toy binary format: "TOY!" then one string value per byte that follows. */
class ToyDecoder implements Decoder {
  private seen = 0;
  private out: Value[] = [];
  push(chunk: Uint8Array): Value[] {
    for (const b of chunk) {
      if (this.seen++ < 4) continue;
      this.out.push(new Value(TypeString, Uint8Array.of(b)));
    }
    const out = this.out;
    this.out = [];
    return out;
  }
  end(): Value[] {
    if (this.seen < 4) throw new FormatError('toy: too short');
    return [];
  }
}

function toyEntry(kind: 'trial' | 'seekable', rank: number): FormatEntry {
  const check = (p: Uint8Array, end: string) => {
    if (p.length < 4) return end === 'partial' ? 'more' : 'vng: short file';
    return p[0] === 0x54 && p[1] === 0x4f && p[2] === 0x59 && p[3] === 0x21 ? null : 'vng: not a toy';
  };
  const base = { name: 'vng' as const, mediaType: 'application/x-toy', extension: 'toy', binary: true, decoder: () => new ToyDecoder() };
  return kind === 'trial' ? { ...base, detect: { kind, rank, check } } : { ...base, detect: { kind, rank, check } };
}

describe('the detection hook', () => {
  const others = (['zson', 'json', 'csv', 'line'] as const).map((n) => formatByName(n)!);

  it('a format added to the table with a detect hook is detected in its rank', () => {
    const formats = [...others, toyEntry('trial', 5)];
    expect(detectAll('TOY!ab', { formats })).toBe('vng');
    // Ranked after JSON, it loses to JSON on JSON input and wins on its own.
    const late = [...others, toyEntry('trial', 65)];
    expect(detectAll('{"a":1}', { formats: late })).toBe('json');
    expect(detectAll('TOY!ab', { formats: late })).toBe('vng');
  });

  it('a seekable format is tried only when the input is a file, and listed otherwise', () => {
    const formats = [...others, toyEntry('seekable', 10)];
    expect(detectAll('TOY!{a:1}', { formats, seekable: true })).toBe('vng');
    const lines = failure('TOY!{a:1}', { formats });
    expect(lines).toContain('vng: auto-detection requires seekable input');
    expect(lines).toContain('line: auto-detection not supported');
  });

  it('a failed check gives the format\'s own line in the message', () => {
    const formats = [...others, toyEntry('seekable', 10)];
    expect(failure('nope nope', { formats, seekable: true })).toContain('vng: not a toy');
  });

  it('a trial decoder is fed the prefix once, then each chunk, never the whole prefix again', () => {
    let fed = 0;
    const counting: FormatEntry = {
      ...toyEntry('trial', 1),
      decoder: () => {
        const d = new ToyDecoder();
        return {
          push: (c) => {
            fed += c.length;
            return d.push(c);
          },
          end: () => d.end(),
        };
      },
      detect: { kind: 'trial', rank: 1, want: 1000 },
    };
    const det = new Detector({ formats: [counting] });
    const bytes = te.encode('TOY!' + 'x'.repeat(500));
    for (let i = 0; i < bytes.length; i++) det.push(bytes.subarray(i, i + 1));
    expect(det.end()).toBe('vng');
    expect(fed).toBe(bytes.length);
  });

  it('decoders in the real table construct with an empty type context', () => {
    for (const name of ['zson', 'json', 'csv', 'tsv', 'zeek', 'zjson', 'zng', 'line'] as const) {
      expect(formatByName(name)!.decoder!(new TypeContext(), {})).toBeDefined();
    }
  });
});
