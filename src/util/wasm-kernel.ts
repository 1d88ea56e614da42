// One of our WebAssembly kernels (wasm/, built by scripts/build-wasm.mjs):
// one instance per thread, made on first use from the compiled module a
// Worker hands over (Workers compile no WebAssembly from bytes), or else
// from the module's bytes. Where neither can be had, there is none, and
// the caller does without (or fails, for a kernel it cannot do without).

import { base64Bytes } from './base64.js';

export class WasmKernel<E> {
  #module: WebAssembly.Module | null = null;
  #instance: E | null = null;
  /** Set once making an instance failed (a Worker without the module). */
  #unavailable = false;

  /** `setup` readies a new instance (and may throw, leaving none). */
  constructor(
    private readonly base64: string,
    private readonly setup: (exports: E) => void = () => {},
  ) {}

  /** Gives the compiled module (a Worker's import). */
  setModule(m: WebAssembly.Module): void {
    this.#module = m;
    this.#instance = null;
    this.#unavailable = false;
  }

  /** The thread's instance's exports, made on first use; null when none can be made. */
  exports(): E | null {
    if (this.#instance !== null || this.#unavailable) return this.#instance;
    try {
      this.#module ??= new WebAssembly.Module(base64Bytes(this.base64));
      const x = new WebAssembly.Instance(this.#module, {}).exports as unknown as E;
      this.setup(x);
      this.#instance = x;
    } catch {
      this.#unavailable = true;
    }
    return this.#instance;
  }

  /** The instance, if one was made (and not dropped). */
  get current(): E | null {
    return this.#instance;
  }

  /** Lets the instance go (its memory with it); the next call makes another. */
  drop(): void {
    this.#instance = null;
  }
}
