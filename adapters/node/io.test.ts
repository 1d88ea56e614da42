// openInput's file streams: every byte in order across reads, Node's error
// for a missing file, and the file closed at its end, on cancel and on error.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { iterateStream } from '../../src/index.js';
import { openInput } from './io.js';

const dir = mkdtempSync(join(tmpdir(), 'zlake-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Descriptors this process has open (Linux). */
const openFds = (): number => readdirSync('/proc/self/fd').length;

describe('openInput over a file', () => {
  it('streams every byte in order, over several reads, and closes the file at its end', async () => {
    const bytes = new Uint8Array(2.5 * (1 << 20) + 7).map((_, i) => (i * 31 + (i >> 12)) % 251);
    const path = join(dir, 'big');
    writeFileSync(path, bytes);
    const before = openFds();
    const chunks: Uint8Array[] = [];
    for await (const c of iterateStream(openInput(path))) chunks.push(c);
    expect(chunks.length).toBe(3);
    const got = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      got.set(c, at);
      at += c.length;
    }
    expect(got.length).toBe(bytes.length);
    expect(got.findIndex((x, i) => x !== bytes[i])).toBe(-1);
    // Chunks are arrays of their own, not views of one reused buffer.
    expect(new Set(chunks.map((c) => c.buffer)).size).toBe(3);
    expect(openFds()).toBe(before);
  });

  it('gives an empty file as no chunks', async () => {
    const path = join(dir, 'empty');
    writeFileSync(path, '');
    const chunks = [];
    for await (const c of iterateStream(openInput(path))) chunks.push(c);
    expect(chunks).toEqual([]);
  });

  it("fails the first read of a missing file with Node's error", async () => {
    const reader = openInput(join(dir, 'none')).getReader();
    const e = await reader.read().catch((x: unknown) => x);
    expect((e as { code?: string }).code).toBe('ENOENT');
  });

  it('closes the file when the reader cancels, and when a read fails', async () => {
    const path = join(dir, 'cancel');
    writeFileSync(path, new Uint8Array(3 << 20));
    const before = openFds();
    const reader = openInput(path).getReader();
    expect((await reader.read()).value!.length).toBe(1 << 20);
    expect(openFds()).toBe(before + 1);
    await reader.cancel();
    expect(openFds()).toBe(before);
    // A folder opens but cannot be read: the error closes it.
    const e = await openInput(dir).getReader().read().catch((x: unknown) => x);
    expect((e as { code?: string }).code).toBe('EISDIR');
    expect(openFds()).toBe(before);
  });
});
