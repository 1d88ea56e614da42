// A binary heap with Go's container/heap algorithm (up, down, Push, Pop,
// Fix), so that operators whose output order among equal elements depends on
// the heap (top) order them as Zed does.

export class Heap<T> {
  readonly items: T[] = [];

  /** `less(a, b)` true when a must come out before b. */
  constructor(private readonly less: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(x: T): void {
    this.items.push(x);
    this.up(this.items.length - 1);
  }

  pop(): T | undefined {
    const h = this.items;
    const n = h.length - 1;
    if (n < 0) return undefined;
    this.swap(0, n);
    this.down(0, n);
    return h.pop();
  }

  /** Restores the order after the element at `i` changed. */
  fix(i: number): void {
    if (!this.down(i, this.items.length)) this.up(i);
  }

  private swap(i: number, j: number): void {
    const h = this.items;
    const t = h[i]!;
    h[i] = h[j]!;
    h[j] = t;
  }

  private up(j: number): void {
    const h = this.items;
    for (;;) {
      const i = (j - 1) >> 1;
      if (i === j || j <= 0 || !this.less(h[j]!, h[i]!)) break;
      this.swap(i, j);
      j = i;
    }
  }

  private down(i0: number, n: number): boolean {
    const h = this.items;
    let i = i0;
    for (;;) {
      const j1 = 2 * i + 1;
      if (j1 >= n || j1 < 0) break;
      let j = j1;
      const j2 = j1 + 1;
      if (j2 < n && this.less(h[j2]!, h[j1]!)) j = j2;
      if (!this.less(h[j]!, h[i]!)) break;
      this.swap(i, j);
      i = j;
    }
    return i > i0;
  }
}
