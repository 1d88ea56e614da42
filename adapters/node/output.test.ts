import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidError, TypeContext, UnsupportedError, type Batch } from '../../src/index.js';
import { parseZsonValue } from '../../src/zson/index.js';
import { parseFlags } from './flags.js';
import { outputFlags } from './output-flags.js';
import { encoderFor, planOutput, writeOutput } from './output.js';

function plan(argv: string[], defaultFormat = 'zng', tty = false) {
  return planOutput(parseFlags(outputFlags(defaultFormat), argv).flags, defaultFormat, tty);
}

describe('planOutput', () => {
  it('keeps -f and the encoder flags as given', () => {
    const p = plan(['-f', 'csv', '-pretty', '2', '-zng.compress=false', '-zng.framethresh', '100']);
    expect(p).toEqual({ format: 'csv', encoderOptions: { pretty: 2, compress: false, frameThreshold: 100 }, file: null, split: null, splitSize: 0 });
  });

  it('turns -z and -j into line-oriented ZSON and JSON, -Z and -J into formatted', () => {
    expect(plan(['-z'])).toMatchObject({ format: 'zson', encoderOptions: { pretty: 0 } });
    expect(plan(['-Z'])).toMatchObject({ format: 'zson', encoderOptions: { pretty: 4 } });
    expect(plan(['-j'])).toMatchObject({ format: 'json', encoderOptions: { pretty: 0 } });
    expect(plan(['-J', '-pretty', '2'])).toMatchObject({ format: 'json', encoderOptions: { pretty: 2 } });
  });

  it('refuses the shortcuts with an -f other than the command default', () => {
    expect(() => plan(['-j', '-f', 'csv'])).toThrow(new InvalidError('cannot use -j or -J with -f, -z, or -Z'));
    expect(() => plan(['-J', '-z'])).toThrow('cannot use -j or -J with -f, -z, or -Z');
    expect(() => plan(['-z', '-f', 'json'])).toThrow('cannot use -z or -Z with -f');
    // -f naming the default is no conflict.
    expect(plan(['-z', '-f', 'lake'], 'lake').format).toBe('zson');
  });

  it('writes ZSON instead of binary ZNG to a terminal unless -B, -o or -split', () => {
    expect(plan([], 'zng', true)).toMatchObject({ format: 'zson', encoderOptions: { pretty: 0 } });
    expect(plan(['-o', '-'], 'zng', true).format).toBe('zson');
    expect(plan(['-B'], 'zng', true).format).toBe('zng');
    expect(plan(['-o', 'out.zng'], 'zng', true).format).toBe('zng');
    expect(plan(['-split', 'dir'], 'zng', true).format).toBe('zng');
    expect(plan([], 'zng', false).format).toBe('zng');
  });

  it('takes "-o -" as stdout and keeps -split', () => {
    expect(plan(['-o', '-']).file).toBeNull();
    expect(plan(['-o', 'x.zng', '-split', 'd'])).toMatchObject({ file: 'x.zng', split: 'd' });
  });
});

describe('encoderFor', () => {
  it('refuses an unknown format and says so', () => {
    expect(() => encoderFor(plan(['-f', 'nope']))).toThrow(new InvalidError('unknown format: nope'));
  });

  it('refuses a format it cannot write', () => {
    expect(() => encoderFor(plan(['-f', 'line']))).toThrow(new UnsupportedError('line: output format not supported yet'));
  });

  it('marks the given branch as HEAD in the lake format', () => {
    const ctx = new TypeContext();
    const meta = (branch: string) =>
      `{pool:{ts:2024-07-19T19:28:22Z,name:"logs",id:0x132870564f00de22d252b3438c656691c87842c2(=ksuid.KSUID),layout:{order:"asc"(=order.Which),keys:[["ts"](=field.Path)](=field.List)}(=order.SortKey),seek_stride:65536,threshold:524288000}(=pools.Config),branch:{ts:2024-07-19T19:28:22Z,name:"${branch}",commit:0x1111111111111111111111111111111111111111(=ksuid.KSUID)}(=branches.Config)}(=lake.BranchMeta)`;
    const text = encoderFor(plan([], 'lake'), 'dev').write([parseZsonValue(meta('main'), ctx), parseZsonValue(meta('dev'), ctx)]);
    const lines = String(text).split('\n');
    expect(lines[0]).toMatch(/^logs@main commit \w{27}$/);
    expect(lines[1]).toMatch(/^logs@dev commit \w{27} \(HEAD\)$/);
  });
});

describe('writeOutput', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zlake-output-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('encodes every batch to the -o file', async () => {
    const ctx = new TypeContext();
    const file = join(dir, 'out.zson');
    const p = plan(['-z', '-o', file]);
    async function* batches(): AsyncGenerator<Batch> {
      yield [parseZsonValue('{a:1}', ctx)];
      yield [parseZsonValue('{a:2}', ctx), parseZsonValue('"x"', ctx)];
    }
    await writeOutput(batches(), p, encoderFor(p));
    expect(readFileSync(file, 'utf8')).toBe('{a:1}\n{a:2}\n"x"\n');
  });
});
