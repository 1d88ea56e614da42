// What bytes a string column's values hold, ASCII case folded: each byte,
// and each pair of bytes side by side in one value. A term some pair of
// whose bytes (or, alone, whose byte) no value holds occurs in none of
// them, so a search may pass the column by: a column of times, addresses
// or numbers as strings never holds a word. Made while a search reads the
// column, and kept with its object's columns for the next.

/** ASCII case folding of one byte. */
function fold(c: number): number {
  return c >= 65 && c <= 90 ? c | 0x20 : c;
}

export class StringPairs {
  /** Bit (a << 8 | b) for each folded pair a, b. */
  readonly #pairs = new Int32Array(2048);
  /** Bit a for each folded byte a. */
  readonly #bytes = new Int32Array(8);

  /** Adds the bytes of one value, b[s:e]. */
  add(b: Uint8Array, s: number, e: number): void {
    if (s >= e) return;
    const pairs = this.#pairs;
    const bytes = this.#bytes;
    let prev = fold(b[s]!);
    bytes[prev >>> 5]! |= 1 << (prev & 31);
    for (let i = s + 1; i < e; i++) {
      const c = fold(b[i]!);
      const k = (prev << 8) | c;
      pairs[k >>> 5]! |= 1 << (k & 31);
      bytes[c >>> 5]! |= 1 << (c & 31);
      prev = c;
    }
  }

  /** Whether a value may hold `term` (folded bytes, not empty): false when one of its pairs or bytes is in none. */
  mayHold(term: Uint8Array): boolean {
    for (let i = 0; i < term.length; i++) {
      const c = term[i]!;
      if ((this.#bytes[c >>> 5]! & (1 << (c & 31))) === 0) return false;
      if (i === 0) continue;
      const k = (term[i - 1]! << 8) | c;
      if ((this.#pairs[k >>> 5]! & (1 << (k & 31))) === 0) return false;
    }
    return true;
  }

  get byteLength(): number {
    return this.#pairs.byteLength + this.#bytes.byteLength;
  }
}
