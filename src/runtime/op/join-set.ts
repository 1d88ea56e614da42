// The right side of join: its values, sorted by key, read through a cursor,
// and for each left key the run of right values with an equal key (Zed's
// getJoinSet and readJoinSet in runtime/sam/op/join). Right values whose
// key is missing are skipped.

import type { Value } from '../../zed/index.js';
import type { Batch, Evaluator, Stream } from './types.js';
import { isMissing } from './values.js';

/** Returned by JoinSets.find when it needs more of the right input (RightCursor.fill) first. */
export const NEED_MORE = 1;

/** A sorted input read a value at a time, with the key of the value at hand computed once. */
export class RightCursor {
  private readonly it: AsyncIterator<Batch>;
  private batch: Batch = [];
  private pos = 0;
  private key: Value | null = null;
  /** True once the input is used up. */
  eof = false;

  constructor(
    input: Stream,
    private readonly keyOf: Evaluator,
  ) {
    this.it = input[Symbol.asyncIterator]();
  }

  /** Whether a value is at hand (else fill, unless eof). */
  get ready(): boolean {
    return this.pos < this.batch.length;
  }

  get value(): Value {
    return this.batch[this.pos]!;
  }

  /** The key of the value at hand. */
  get valueKey(): Value {
    this.key ??= this.keyOf(this.batch[this.pos]!);
    return this.key;
  }

  next(): void {
    this.pos++;
    this.key = null;
  }

  /** Reads the next non-empty batch, or sets eof. */
  async fill(): Promise<void> {
    for (;;) {
      const r = await this.it.next();
      if (r.done === true) {
        this.eof = true;
        return;
      }
      if (r.value.length > 0) {
        this.batch = r.value;
        this.pos = 0;
        return;
      }
    }
  }

  /** Stops the input early (when the left one ended first). */
  async close(): Promise<void> {
    if (!this.eof) await this.it.return?.();
  }
}

/**
 * Finds each left key's join set, for left keys that come in the order
 * `compare` sorts: a resumable state machine, since the run of equal right
 * keys may span batches of the right input.
 */
export class JoinSets {
  private key: Value | null = null;
  private set: Value[] = [];
  /** True while the set of `key` is still being read. */
  private building = false;

  constructor(
    private readonly right: RightCursor,
    private readonly compare: (a: Value, b: Value) => number,
  ) {}

  /** The right values whose key equals `key`; null for none; NEED_MORE to fill the cursor and call again. */
  find(key: Value): Value[] | null | typeof NEED_MORE {
    if (!this.building) {
      if (this.key !== null && this.compare(key, this.key) === 0) return this.set;
      const found = this.skipTo(key);
      if (found !== true) return found;
      this.key = key;
      this.set = [];
      this.building = true;
    }
    return this.readSet();
  }

  /** Moves the cursor to the first right value whose key is not below `key`: true when equal. */
  private skipTo(key: Value): true | null | typeof NEED_MORE {
    const right = this.right;
    for (;;) {
      if (!right.ready) return right.eof ? null : NEED_MORE;
      const rk = right.valueKey;
      if (isMissingKey(rk)) {
        right.next();
        continue;
      }
      const c = this.compare(key, rk);
      if (c < 0) return null;
      if (c === 0) return true;
      right.next();
    }
  }

  /** Adds right values to the set while their key equals it. */
  private readSet(): Value[] | typeof NEED_MORE {
    const right = this.right;
    for (;;) {
      if (!right.ready) {
        if (!right.eof) return NEED_MORE;
        this.building = false;
        return this.set;
      }
      const rk = right.valueKey;
      if (isMissingKey(rk)) {
        right.next();
        continue;
      }
      if (this.compare(rk, this.key!) !== 0) {
        this.building = false;
        return this.set;
      }
      this.set.push(right.value);
      right.next();
    }
  }
}

export function isMissingKey(key: Value): boolean {
  return key.type.kind === 'error' && isMissing(key);
}
