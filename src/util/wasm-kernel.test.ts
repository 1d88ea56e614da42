import { describe, expect, it } from 'vitest';
import { VNG_SHRED_WASM } from '../formats/vng/vng-shred-wasm.js';
import { base64Bytes } from './base64.js';
import { WasmKernel } from './wasm-kernel.js';

interface Exports {
  readonly memory: WebAssembly.Memory;
}

describe('WasmKernel', () => {
  it('makes one instance per thread, again after drop', () => {
    let setups = 0;
    const k = new WasmKernel<Exports>(VNG_SHRED_WASM, () => setups++);
    expect(k.current).toBeNull();
    const a = k.exports();
    expect(a?.memory).toBeInstanceOf(WebAssembly.Memory);
    expect(k.exports()).toBe(a);
    expect(k.current).toBe(a);
    k.drop();
    expect(k.current).toBeNull();
    const b = k.exports();
    expect(b).not.toBe(a);
    expect(setups).toBe(2);
  });

  it('has none when the module cannot be made, or its setup fails, until it is handed one', () => {
    const bad = new WasmKernel<Exports>(btoa('not wasm'));
    expect(bad.exports()).toBeNull();
    expect(bad.exports()).toBeNull();
    bad.setModule(new WebAssembly.Module(base64Bytes(VNG_SHRED_WASM)));
    expect(bad.exports()?.memory).toBeInstanceOf(WebAssembly.Memory);
    const failing = new WasmKernel<Exports>(VNG_SHRED_WASM, () => {
      throw new Error('no room');
    });
    expect(failing.exports()).toBeNull();
    expect(failing.current).toBeNull();
  });
});
