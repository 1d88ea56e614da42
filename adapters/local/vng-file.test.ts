// VNG random access over a real file: positioned reads through the local
// filesystem (the way an adapter gives the reader its bytes), and a
// blob-style ranged get over the same reads.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TypeContext } from '../../src/zed/index.js';
import { encodeVng, openVng, rangeSource } from '../../src/formats/vng/index.js';
import { zsonText, zsonValues } from '../../src/formats/vng/test-helpers.js';

const input = `{x:1,y:2,s:"foo"}
{x:3,y:4}
{x:3,y:4,s:"bar"}
{x:3,y:4}
{s:"baz",w:{y:5}}
`;

describe('VNG random access over a file', () => {
  it('reads a real file through positioned reads, and a blob-style ranged get', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zlake-vng-'));
    try {
      const path = join(dir, 'x.vng');
      writeFileSync(path, encodeVng(zsonValues(input, new TypeContext())));
      const fh = await open(path, 'r');
      try {
        let reads = 0;
        const src = {
          async readAt(offset: number, length: number) {
            reads++;
            const buf = new Uint8Array(length);
            const { bytesRead } = await fh.read(buf, 0, length, offset);
            return buf.subarray(0, bytesRead);
          },
        };
        const obj = await openVng(src);
        expect(zsonText(await obj.project(['s']).toArray())).toBe('{s:"foo"}\n{s:error("missing")}\n{s:"bar"}\n{s:error("missing")}\n{s:"baz"}\n');
        expect(reads).toBeGreaterThan(1);
        const blob = rangeSource(async (o, l) => src.readAt(o, l), '"x.vng"');
        expect((await (await openVng(blob)).scan().toArray()).length).toBe(5);
        const gone = rangeSource(async () => null, '"gone.vng"');
        await expect(openVng(gone)).rejects.toThrow('VNG object "gone.vng" not found');
      } finally {
        await fh.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

});
