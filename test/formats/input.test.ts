// Opening input streams: gzip by its header, a named or detected format, and
// the detected prefix replayed into the reader so nothing is read twice.
import { describe, expect, it } from 'vitest';
import { readValues, type InputOptions } from '../../src/formats/index.js';
import { FormatError, InvalidError } from '../../src/errors/index.js';
import { TypeContext, type Value } from '../../src/zed/index.js';
import { concatBytes, encodeAll, randomSizes, zsonLines, zsonValues } from '../support/formats.js';

const te = new TextEncoder();

/** A stream of `bytes` in pieces of the given sizes (cycled). */
function streamOf(bytes: Uint8Array, sizes: readonly number[] = [bytes.length || 1]): ReadableStream<Uint8Array> {
  let i = 0;
  let k = 0;
  return new ReadableStream({
    pull(c) {
      if (i >= bytes.length) {
        c.close();
        return;
      }
      const n = sizes[k++ % sizes.length]!;
      c.enqueue(bytes.slice(i, i + n));
      i += n;
    },
  });
}

async function read(bytes: Uint8Array | string, opts: InputOptions = {}, sizes?: readonly number[]): Promise<string[]> {
  const b = typeof bytes === 'string' ? te.encode(bytes) : bytes;
  const out: Value[] = [];
  for await (const batch of readValues(streamOf(b, sizes), new TypeContext(), opts)) out.push(...batch);
  return zsonLines(out);
}

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const r = streamOf(bytes).pipeThrough(new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>).getReader();
  for (let c = await r.read(); !c.done; c = await r.read()) parts.push(c.value);
  return concatBytes(parts);
}

const CSV = 'a,b\n1,"x, y"\n2,z\n';

describe('readValues', () => {
  it('readValues detects the format and replays the prefix, whatever the chunking', async () => {
    const whole = await read(CSV);
    expect(whole).toEqual(['{a:1.,b:"x, y"}', '{a:2.,b:"z"}']);
    expect(await read(CSV, {}, [1])).toEqual(whole);
    expect(await read(CSV, {}, randomSizes(3, CSV.length, 4))).toEqual(whole);
  });

  it('readValues gunzips input that starts with a gzip header, then detects inside', async () => {
    const z = await gzip(te.encode(CSV));
    expect(await read(z)).toEqual(['{a:1.,b:"x, y"}', '{a:2.,b:"z"}']);
    expect(await read(z, {}, [1])).toEqual(['{a:1.,b:"x, y"}', '{a:2.,b:"z"}']);
    const zng = await gzip(encodeAll('zng', zsonValues('{s:"gz"}\n')));
    expect(await read(zng, { format: 'zng' })).toEqual(['{s:"gz"}']);
  });

  it('readValues reads bytes with gzip\'s magic but no deflate header as they are', async () => {
    const odd = concatBytes([Uint8Array.of(0x1f, 0x8b, 0x00), te.encode('tail\n')]);
    expect(await read(odd, { format: 'line' })).toEqual(['"\\u001f\\ufffd\\u0000tail"']);
  });

  it('readValues reports a broken gzip stream as a format error', async () => {
    const z = await gzip(te.encode(CSV.repeat(50)));
    const cut = z.slice(0, z.length >> 1);
    await expect(read(cut)).rejects.toThrow(FormatError);
    await expect(read(cut)).rejects.toThrow(/^gzip: /);
  });

  it('readValues reads a named format and passes the CSV delimiter', async () => {
    expect(await read('a;b\n1;x\n', { format: 'csv', csvDelim: ';' })).toEqual(['{a:1.,b:"x"}']);
    expect(await read('one\ntwo\n', { format: 'line' })).toEqual(['"one"', '"two"']);
    expect(await read('a\tb\n1\t2\n', { format: 'tsv', csvDelim: ';' })).toEqual(['{a:1.,b:2.}']);
  });

  it('readValues refuses an unknown format or one that cannot be read, as Zed words it', async () => {
    await expect(read('x', { format: 'nope' })).rejects.toThrow(new InvalidError('no such format: "nope"'));
    await expect(read('x', { format: 'table' })).rejects.toThrow('no such format: "table"');
  });

  it('readValues refuses a CSV delimiter longer than one character', async () => {
    await expect(read(CSV, { format: 'csv', csvDelim: ';;' })).rejects.toThrow('CSV field delimiter must be exactly one character');
  });

  it('readValues never detects Line: input that only Line could read fails detection', async () => {
    await expect(read('just some words')).rejects.toThrow(/^format detection error\n/);
  });

  it('readValues reads empty input as no values', async () => {
    expect(await read('')).toEqual([]);
  });

  it('readValues passes on the values before a reader error, then the error', async () => {
    const got: string[] = [];
    const it = readValues(streamOf(te.encode('a,b\n1,2\n3,4\n5\n')), new TypeContext(), {});
    await expect(
      (async () => {
        for await (const b of it) got.push(...zsonLines(b));
      })(),
    ).rejects.toThrow('record on line 4: wrong number of fields');
    expect(got).toEqual(['{a:1.,b:2.}', '{a:3.,b:4.}']);
  });
});
