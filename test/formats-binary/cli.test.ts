// `zlake zq` with Parquet and Arrow IPC, as a user runs it: the built binary,
// real files, real pipes.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, zlake } from '../support/zlake.js';

const input = '{a:1,s:"one",t:2024-01-02T03:04:05Z,r:{ip:10.0.0.1}}\n{a:2,s:"two",t:2024-01-02T03:04:06Z,r:{ip:10.0.0.2}}\n';
const back = '{a:1,s:"one",t:2024-01-02T03:04:05Z,r:{ip:"10.0.0.1"}}\n{a:2,s:"two",t:2024-01-02T03:04:06Z,r:{ip:"10.0.0.2"}}\n';

describe('zlake zq -f arrows / -i arrows', () => {
  it('writes an Arrow IPC stream that zq reads back, detected or named', () => {
    const w = zlake(['zq', '-f', 'arrows', '-'], input);
    expect(w.status).toBe(0);
    expect(w.stdoutBytes.subarray(0, 4)).toEqual(Buffer.from([0xff, 0xff, 0xff, 0xff]));
    expect(zlake(['zq', '-z', '-'], w.stdoutBytes)).toMatchObject({ status: 0, stdout: back });
    expect(zlake(['zq', '-z', '-i', 'arrows', '-'], w.stdoutBytes)).toMatchObject({ status: 0, stdout: back });
    const dir = tempDir();
    writeFileSync(join(dir, 'x.arrows'), w.stdoutBytes);
    expect(zlake(['zq', '-z', 'count()', 'x.arrows'], '', dir)).toMatchObject({ status: 0, stdout: '2(uint64)\n' });
  });

  it('gives Zed\'s writer errors', () => {
    expect(zlake(['zq', '-f', 'arrows', '-'], '{a:1} {b:2}')).toMatchObject({
      status: 1,
      stderr: "arrowio: encountered multiple types (consider 'fuse'): {a:int64} and {b:int64}\n",
    });
    expect(zlake(['zq', '-f', 'arrows', '-'], '1\n')).toMatchObject({ status: 1, stderr: 'arrowio: not a record: 1\n' });
    expect(zlake(['zq', '-f', 'arrows', '-'], '{}\n')).toMatchObject({ status: 1, stderr: 'arrowio: unsupported type: empty record\n' });
  });

  it('names the format for a truncated stream', () => {
    const w = zlake(['zq', '-f', 'arrows', '-'], input);
    const r = zlake(['zq', '-z', '-i', 'arrows', '-'], w.stdoutBytes.subarray(0, w.stdoutBytes.length - 20));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/arrows: truncated stream: incomplete message at offset \d+/);
  });
});

describe('zlake zq -f parquet / -i parquet', () => {
  it('writes a Parquet file that zq detects on read, and reads it from stdin with -i parquet', () => {
    const dir = tempDir();
    expect(zlake(['zq', '-f', 'parquet', '-o', 'x.parquet', '-'], input, dir).status).toBe(0);
    const bytes = readFileSync(join(dir, 'x.parquet'));
    expect(bytes.subarray(0, 4).toString()).toBe('PAR1');
    expect(bytes.subarray(bytes.length - 4).toString()).toBe('PAR1');
    expect(zlake(['zq', '-z', 'x.parquet'], '', dir)).toMatchObject({ status: 0, stdout: back });
    expect(zlake(['zq', '-z', '-i', 'parquet', '-'], bytes)).toMatchObject({ status: 0, stdout: back });
  });

  it('writes one file per type with -split', () => {
    const dir = tempDir();
    expect(zlake(['zq', '-o', 'out', '-split', '.', '-f', 'parquet', '-'], '{s:"hello"}\n{x:1}\n', dir).status).toBe(0);
    const files = readdirSync(dir).filter((f) => f.endsWith('.parquet')).sort();
    expect(files).toEqual(['out-0.parquet', 'out-1.parquet']);
    expect(zlake(['zq', '-z', 'sort this', ...files], '', dir)).toMatchObject({ status: 0, stdout: '{s:"hello"}\n{x:1}\n' });
  });

  it('gives Zed\'s writer errors', () => {
    const cases: [string, string][] = [
      ['{a:1} {b:2}', "parquetio: encountered multiple types (consider 'fuse'): {a:int64} and {b:int64}"],
      ['1', 'parquetio: not a record: 1'],
      ['{}', 'parquetio: unsupported type: empty record'],
      ['{a:1s}', 'parquetio: unsupported type: not implemented: support for DURATION'],
      ['{a:1.(float16)}', 'parquetio: unsupported type: not implemented: support for FLOAT16'],
    ];
    for (const [zson, msg] of cases) expect(zlake(['zq', '-f', 'parquet', '-'], `${zson}\n`)).toMatchObject({ status: 1, stderr: `${msg}\n` });
  });

  it('names the format for input that is not Parquet', () => {
    const r = zlake(['zq', '-z', '-i', 'parquet', '-'], '{a:1}\n');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('parquet: not a Parquet file');
  });
});
