// Numbering things in the order they are first seen, by identity: the
// distinct types of a run's values, or the buffers their bodies lie in.

/** Numbers things in the order first seen (most often the one asked for last). */
export class FirstSeen<T> {
  /** The things seen, each at its number. */
  readonly items: T[] = [];
  readonly #index = new Map<T, number>();
  #last: T | null = null;
  #lastIndex = 0;

  /**
   * Numbering that starts from `items`, each keeping its place as its
   * number. They may repeat (a run's types, decoded into one context from
   * several): a repeated one is then found at its first place.
   */
  constructor(items: readonly T[] = []) {
    this.items.push(...items);
    for (let k = items.length - 1; k >= 0; k--) this.#index.set(items[k]!, k);
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
