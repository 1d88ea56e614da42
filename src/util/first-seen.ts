// Numbering things in the order they are first seen, by identity: the
// distinct types of a run's values, or the buffers their bodies lie in.

/** Numbers things in the order first seen (most often the one asked for last). */
export class FirstSeen<T> {
  /** The things seen, each at its number. */
  readonly items: T[] = [];
  readonly #index = new Map<T, number>();
  #last: T | null = null;
  #lastIndex = 0;

  /** Numbering that starts from `items`, numbered in their order (each distinct). */
  constructor(items: readonly T[] = []) {
    for (const x of items) this.indexOf(x);
  }

  /** The number of `x`, the next one when it is new. */
  indexOf(x: T): number {
    if (x === this.#last) return this.#lastIndex;
    let k = this.#index.get(x);
    if (k === undefined) {
      k = this.items.length;
      this.items.push(x);
      this.#index.set(x, k);
    }
    this.#last = x;
    this.#lastIndex = k;
    return k;
  }
}
