// Run by fuzz.test.ts in a child process (bun runs TypeScript as is): a
// decoder that spins on one mutant must be killed by the fuzzer's watchdog.
import { fuzzDecoder } from '../support/fuzz.js';

const spin = (c: Uint8Array) => {
  if (c.length === 2) for (;;);
  return [];
};
fuzzDecoder(Uint8Array.of(1, 2, 3), () => ({ push: spin, end: () => [] }), { runs: 50, timeLimitMs: 200 });
console.log('not reached');
