// The committed WebAssembly kernels are what their AssemblyScript source
// compiles to: wasm/lz4-compress.wasm (a Worker's import) and its
// base64 twin (Node, Deno, Bun) both, so nobody edits wasm/ and ships the
// old module, or edits one artifact and not the other.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types.
import { compileWasm, LZ4_MODULE, LZ4_SOURCE, LZ4_WASM, wasmModuleSource } from '../../scripts/build-wasm.mjs';

describe('scripts/build-wasm.mjs', () => {
  it('built the committed LZ4 compressor from wasm/lz4-compress.ts', async () => {
    const bytes: Uint8Array = await compileWasm(resolve(LZ4_SOURCE));
    expect(bytes.length).toBeGreaterThan(500);
    expect(WebAssembly.validate(bytes as Uint8Array<ArrayBuffer>)).toBe(true);
    expect(Buffer.from(readFileSync(resolve(LZ4_WASM))).equals(Buffer.from(bytes))).toBe(true);
    expect(readFileSync(resolve(LZ4_MODULE), 'utf8')).toBe(wasmModuleSource(bytes, LZ4_SOURCE));
  }, 60_000);
});
