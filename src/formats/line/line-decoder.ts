// The Line reader (zq -i line, zio/lineio): each line of the input becomes a
// string value, without its "\n" or a "\r" before it; a last line without a
// newline counts. It is never auto-detected.

import type { Decoder } from '../codec.js';
import { FormatError } from '../../errors/index.js';
import { LineSplitter } from '../../util/line-splitter.js';
import { TypeString, Value } from '../../zed/index.js';

/** bufio.Scanner's buffer in zio/lineio: no line may reach 25 MiB. */
export const MAX_LINE = 25 * 1024 * 1024;

export class LineDecoder implements Decoder {
  private readonly lines = new LineSplitter();
  private out: Value[] = [];
  private readonly onLine = (buf: Uint8Array, start: number, end: number): void => {
    if (end - start >= MAX_LINE) throw tooLong();
    // bufio.ScanLines drops a "\r" before the newline.
    if (end > start && buf[end - 1] === 0x0d) end--;
    this.out.push(new Value(TypeString, buf.slice(start, end)));
  };
  private failed: unknown = undefined;

  push(chunk: Uint8Array): Value[] {
    if (this.failed !== undefined) throw this.failed;
    try {
      this.lines.push(chunk, this.onLine);
      if (this.lines.pending >= MAX_LINE) throw tooLong();
    } catch (err) {
      this.failed = err;
      if (this.out.length === 0) throw err;
    }
    return this.take();
  }

  end(): Value[] {
    if (this.failed !== undefined) throw this.failed;
    const rest = this.lines.takeRest();
    if (rest.length > 0) this.onLine(rest, 0, rest.length);
    return this.take();
  }

  private take(): Value[] {
    const out = this.out;
    this.out = [];
    return out;
  }
}

function tooLong(): FormatError {
  return new FormatError('bufio.Scanner: token too long');
}
