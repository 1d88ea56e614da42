// The committed WebAssembly kernels are what their AssemblyScript sources
// compile to: each wasm/NAME.wasm (a Worker's import) and its base64 twin
// in src/ (Node, Deno, Bun) both, so nobody edits wasm/ and ships the old
// module, or edits one artifact and not the other.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types.
import { compileWasm, KERNELS, wasmModuleSource } from '../../scripts/build-wasm.mjs';

interface Kernel {
  readonly source: string;
  readonly wasm: string;
  readonly module: string;
  readonly name: string;
}

describe('scripts/build-wasm.mjs', () => {
  it('names the LZ4 compressor, the VNG shredder and the NDJSON parser', () => {
    expect((KERNELS as Kernel[]).map((k) => k.source)).toEqual(['wasm/lz4-compress.ts', 'wasm/vng-shred.ts', 'wasm/ndjson-parse.ts']);
  });

  for (const k of KERNELS as Kernel[]) {
    it(`built the committed ${k.wasm} and ${k.module} from ${k.source}`, async () => {
      const bytes: Uint8Array = await compileWasm(resolve(k.source));
      expect(bytes.length).toBeGreaterThan(500);
      expect(WebAssembly.validate(bytes as Uint8Array<ArrayBuffer>)).toBe(true);
      expect(Buffer.from(readFileSync(resolve(k.wasm))).equals(Buffer.from(bytes))).toBe(true);
      expect(readFileSync(resolve(k.module), 'utf8')).toBe(wasmModuleSource(bytes, k.source, k.name));
    }, 60_000);
  }
});
