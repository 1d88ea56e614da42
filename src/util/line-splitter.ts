// Splits a byte stream into lines for the line-oriented readers (NDJSON,
// Zeek): complete lines are handed over as ranges of the chunk itself; only a
// line cut by a chunk boundary is copied, into a reused carry buffer.

/** Receives one line, `buf[start:end]`, without its "\n". The view is valid only during the call. */
export type LineHandler = (buf: Uint8Array, start: number, end: number) => void;

export class LineSplitter {
  private carry = new Uint8Array(0);
  private carryLen = 0;

  /** Bytes held of an unfinished line. */
  get pending(): number {
    return this.carryLen;
  }

  /** Calls `onLine` for each line `chunk` completes; keeps the unfinished tail. */
  push(chunk: Uint8Array, onLine: LineHandler): void {
    let i = this.finishHeld(chunk, onLine);
    for (;;) {
      const nl = chunk.indexOf(10, i);
      if (nl < 0) break;
      onLine(chunk, i, nl);
      i = nl + 1;
    }
    if (i < chunk.length) this.append(chunk.subarray(i));
  }

  /**
   * For readers that find line ends themselves (NDJSON): completes the held
   * line with the start of `chunk`, if a line is held, and hands it to
   * `onLine`; returns where the rest of `chunk` starts (its length when the
   * whole chunk went to the held line). Then `hold` keeps what they leave.
   */
  finishHeld(chunk: Uint8Array, onLine: LineHandler): number {
    if (this.carryLen === 0) return 0;
    const nl = chunk.indexOf(10);
    if (nl < 0) {
      this.append(chunk);
      return chunk.length;
    }
    this.append(chunk.subarray(0, nl));
    const n = this.carryLen;
    this.carryLen = 0;
    onLine(this.carry, 0, n);
    return nl + 1;
  }

  /** Holds `b`, the start of a line not yet finished (copied). */
  hold(b: Uint8Array): void {
    this.append(b);
  }

  /** The unfinished last line at the end of the input (a view), emptying the splitter. */
  takeRest(): Uint8Array {
    const n = this.carryLen;
    this.carryLen = 0;
    return this.carry.subarray(0, n);
  }

  private append(b: Uint8Array): void {
    const need = this.carryLen + b.length;
    if (need > this.carry.length) {
      const next = new Uint8Array(Math.max(need * 2, 1024));
      next.set(this.carry.subarray(0, this.carryLen));
      this.carry = next;
    }
    this.carry.set(b, this.carryLen);
    this.carryLen = need;
  }
}
