// zlake zq as a user runs it: a real process, real files, real stdin.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir, zlake } from '../support/zlake.js';

const sample = '{a:1,b:"x"}\n{a:2,b:"y"}\n';

describe('zlake zq', () => {
  it('passes ZSON through with -z for "*", "pass" and a file-only argument', () => {
    expect(zlake(['zq', '-z', '*', '-'], sample)).toMatchObject({ status: 0, stdout: sample });
    expect(zlake(['zq', '-z', 'pass', '-'], sample)).toMatchObject({ status: 0, stdout: sample });
    const dir = tempDir();
    writeFileSync(join(dir, 'in.zson'), sample);
    expect(zlake(['zq', '-z', 'in.zson'], '', dir)).toMatchObject({ status: 0, stdout: sample });
  });

  it('reads several files in order, each in its own format', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.zson'), '{a:1}\n');
    writeFileSync(join(dir, 'b.json'), '{"a":2}\n');
    expect(zlake(['zq', '-z', '*', 'a.zson', 'b.json'], '', dir)).toMatchObject({ status: 0, stdout: '{a:1}\n{a:2}\n' });
  });

  it('accepts Go flag syntax: -f=zson, -pretty=2, --z', () => {
    expect(zlake(['zq', '-f=zson', '-pretty=0', '-'], '{a:1}')).toMatchObject({ status: 0, stdout: '{a:1}\n' });
    expect(zlake(['zq', '--z', '-'], '{a:1}')).toMatchObject({ status: 0, stdout: '{a:1}\n' });
    expect(zlake(['zq', '-f', 'zson', '-pretty', '2', '-'], '{a:1}').stdout).toBe('{\n  a: 1\n}\n');
  });

  it('writes JSON with -j and pretty JSON with -J', () => {
    expect(zlake(['zq', '-j', '-'], '{a:1,b:[1,2]}').stdout).toBe('{"a":1,"b":[1,2]}\n');
    expect(zlake(['zq', '-J', '-'], '{a:1}').stdout).toBe('{\n    "a": 1\n}\n');
  });

  it('round-trips through ZNG on disk with -o', () => {
    const dir = tempDir();
    const z = zlake(['zq', '-f', 'zng', '-o', 'out.zng', '-'], sample, dir);
    expect(z.status).toBe(0);
    const bytes = readFileSync(join(dir, 'out.zng'));
    expect(bytes[bytes.length - 1]).toBe(0xff); // end-of-stream marker
    expect(zlake(['zq', '-z', 'out.zng'], '', dir)).toMatchObject({ status: 0, stdout: sample });
  });

  it('writes ZNG to a pipe by default', () => {
    const r = zlake(['zq', '-'], sample);
    expect(r.status).toBe(0);
    expect(r.stdoutBytes[r.stdoutBytes.length - 1]).toBe(0xff);
    expect(zlake(['zq', '-z', '-'], r.stdoutBytes).stdout).toBe(sample);
  });

  it('reads gzip-compressed input', () => {
    expect(zlake(['zq', '-z', '-'], gzipSync(sample)).stdout).toBe(sample);
  });

  it('takes the query from -I files', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'q.zed'), 'pass\n');
    expect(zlake(['zq', '-z', '-I', 'q.zed', '-'], sample, dir)).toMatchObject({ status: 0, stdout: sample });
  });

  it('splits output by type with -split', () => {
    const dir = tempDir();
    const r = zlake(['zq', '-z', '-split', 'out', '-'], '{_path:"conn",a:1}\n{b:2}\n{_path:"conn",a:3}\n', dir);
    expect(r.status).toBe(0);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['1.zson', 'conn.zson']);
    expect(readFileSync(join(dir, 'out', 'conn.zson'), 'utf8')).toBe('{_path:"conn",a:1}\n{_path:"conn",a:3}\n');
  });

  it('prints search stats with -s', () => {
    const r = zlake(['zq', '-z', '-s', '-'], sample);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^\{bytes_read:\d+,bytes_matched:\d+,records_read:2,records_matched:2\}\n$/);
  });

  it('names stdin in input errors and exits non-zero without partial output', () => {
    const r = zlake(['zq', '-z', '-i', 'zson', '-'], '{a:1}\n{a:');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/^stdio:stdin: /);
    expect(r.stdout).not.toContain('{a:\n');
  });

  it('reports broken gzip input as an input error, not a crash', () => {
    const r = zlake(['zq', '-z', '-'], Uint8Array.of(0x1f, 0x8b, 0x08, 0x00, 0x67, 0x61, 0x72));
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('stdio:stdin: gzip: unexpected end of file\n');
  });

  it('names the line and column of malformed JSON', () => {
    const r = zlake(['zq', '-z', '-i', 'json', '-'], '{"a":1}\n{"a":2,"b":}\n');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^stdio:stdin: .* at line 2, column 12\n$/);
    expect(r.stdout).toBe('{a:1}\n');
  });

  it('reports a format detection error for garbage', () => {
    const r = zlake(['zq', '-z', '-'], 'Garbage!\n');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/stdin: format detection error/);
  });

  it('rejects conflicting output flags as zq does', () => {
    const r = zlake(['zq', '-j', '-z', '-'], sample);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('cannot use -j or -J with -f, -z, or -Z');
  });

  it('rejects an unknown flag with a usage message', () => {
    const r = zlake(['zq', '-nope', '-'], sample);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('flag provided but not defined: -nope');
  });

  it('explains a lone argument that is neither a file nor a sourced query', () => {
    const r = zlake(['zq', 'nosuchfile.zson']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('could not invoke zq with a single argument because:');
    expect(existsSync('nosuchfile.zson')).toBe(false);
  });

  it('checks -aggmem and -sortmem, and keeps collect() within -aggmem', () => {
    expect(zlake(['zq', '-aggmem', '1B', '-z', 'collect(this)', '-'], '{a:1}\n')).toMatchObject({ status: 0, stdout: 'null\n' });
    expect(zlake(['zq', '-aggmem', '3B', '-z', 'collect(this)', '-'], '1 2 3 4\n')).toMatchObject({ status: 0, stdout: '[2,3,4]\n' });
    expect(zlake(['zq', '-aggmem', '0', '-'], '{a:1}\n')).toMatchObject({ status: 1, stderr: 'aggmem value must be greater than zero\n' });
    expect(zlake(['zq', '-sortmem', '0', '-'], '')).toMatchObject({ status: 1, stderr: 'sortmem value must be greater than zero\n' });
    const bad = zlake(['zq', '-sortmem', 'lots', '-'], '');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^invalid value "lots" for flag -sortmem: units: unknown unit in lots\n/);
    // A sort over its -sortmem spills, and still sorts.
    expect(zlake(['zq', '-sortmem', '1B', '-z', 'sort -r this', '-'], '1 3 2\n')).toMatchObject({ status: 0, stdout: '3\n2\n1\n' });
  });

  it('with -e=false reports and skips an input that does not open, but stops at an error inside one', () => {
    const dir = tempDir();
    const rec = '{_path:"conn",ts:1970-01-01T00:00:01Z}\n';
    writeFileSync(join(dir, 'good.zson'), rec);
    writeFileSync(join(dir, 'garbage.zson'), 'This is not a detectable format.\n');
    writeFileSync(join(dir, 'badline.zson'), `${rec}${rec}{_path:"conn"} (1)\n${rec}`);
    const skipped = zlake(['zq', '-z', '-e=false', '*', 'good.zson', 'garbage.zson', 'missing.zson'], '', dir);
    expect(skipped.status).toBe(0);
    expect(skipped.stdout).toBe(rec);
    expect(skipped.stderr).toMatch(/^garbage\.zson: format detection error\n(\t.*\n)+missing\.zson: file does not exist\n$/);
    // The bad line is ZSON's error, not a reason to read the file as CSV.
    const stopped = zlake(['zq', '-z', '-e=false', '*', 'good.zson', 'badline.zson'], '', dir);
    expect(stopped).toMatchObject({ status: 1, stdout: rec, stderr: 'badline.zson: no such type name: "1"\n' });
    expect(zlake(['zq', '-z', '*', 'good.zson', 'garbage.zson'], '', dir).status).toBe(1);
  });

  it('splits output into files of at least -splitsize bytes', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'in.zson'), '0\n1\n2\n');
    expect(zlake(['zq', '-z', '-split', 'four', '-splitsize', '4B', 'in.zson'], '', dir).status).toBe(0);
    expect(readdirSync(join(dir, 'four')).sort()).toEqual(['0.zson', '1.zson']);
    expect(readFileSync(join(dir, 'four', '0.zson'), 'utf8')).toBe('0\n1\n');
    expect(readFileSync(join(dir, 'four', '1.zson'), 'utf8')).toBe('2\n');
    expect(zlake(['zq', '-z', '-split', 'one', '-splitsize', '6B', '-o', 'prefix', 'in.zson'], '', dir).status).toBe(0);
    expect(readdirSync(join(dir, 'one'))).toEqual(['prefix-0.zson']);
  });

  it('runs a lone query whose user operator reads a file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'test.zson'), '{} {} {} {}');
    writeFileSync(join(dir, 'countfile.zed'), 'op countfile(): (\n  file test.zson | count()\n)\n');
    expect(zlake(['zq', '-z', '-I', 'countfile.zed', 'countfile()'], '', dir)).toMatchObject({ status: 0, stdout: '4(uint64)\n' });
  });

  it('runs a lone expression that is not a filter (a yield, once analyzed) on null', () => {
    expect(zlake(['zq', '-z', '<(uint16,string)>("foo")'])).toMatchObject({ status: 0, stdout: '"foo"((uint16,string))\n' });
    expect(zlake(['zq', '-z', '1+1'])).toMatchObject({ status: 0, stdout: '2\n' });
    // A filter is not a yield: the argument must name a file.
    expect(zlake(['zq', '-z', 'x==1']).stderr).toContain('does not begin with a source');
  });

  it('reads a named pipe as a stream, value by value', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const p = spawn(process.execPath, [BIN, 'zq', '-i', 'json', '-unbuffered', '-z', 'fifo'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (b: Buffer) => {
      out += b.toString();
    });
    const writer = createWriteStream(fifo);
    writer.write('1\n');
    // The value comes out while the pipe is still open.
    for (let i = 0; i < 600 && out === ''; i++) await new Promise((ok) => setTimeout(ok, 100));
    expect(out).toBe('1\n');
    writer.end('2\n');
    const code = await new Promise<number | null>((ok) => p.once('exit', ok));
    expect(code).toBe(0);
    expect(out).toBe('1\n2\n');
  });
});
