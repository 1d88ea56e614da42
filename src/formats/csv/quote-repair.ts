// Zed's quote repair for one CSV record (zio/csvio/preprocess.go) and the
// field decoding Go's encoding/csv then does on its output:
//   - a '"' anywhere in a field opens a quoted run that ends at a '"' not
//     followed by another ('""' stays an escaped quote); text outside the
//     runs is kept, so `"value"2` reads as `value2`, and a run left open at
//     end of input closes there;
//   - a field that had a run is written quoted as a whole, without its
//     leading white space (trailing white space stays);
//   - quirk: when such a field ends in "\r", the "\r" is dropped and the
//     record ends there, whatever followed (preprocess.go rewrites the ending
//     to "\r\n");
//   - other fields are written as they are, less their leading white space
//     when the delimiter is not itself a space (encoding/csv
//     TrimLeadingSpace), and "\r\n" ends a record like "\n".
// The scan is resumable: a record may arrive in any number of pieces. Zed's
// repair writes a field with runs as one quoted CSV field, in which
// encoding/csv reads '""' as '"' and delimiters and newlines as text; so
// here each '""' kept from a run becomes '"' and the field is final.
// (Every other '"' opened or closed a run, so none is left unpaired.)

import { isSpace, trimLeft } from './space.js';

const QUOTE = 0x22;
const NL = 0x0a;
const CR = 0x0d;

const enum State {
  /** Outside a quoted run. */
  Field,
  /** Inside a quoted run. */
  Run,
  /** Inside a run, just after a '"' (an escaped quote or the run's end). */
  RunQuote,
}

export class QuoteRepair {
  private readonly delim: number;
  private readonly trimLeading: boolean;
  private state = State.Field;
  /** The current field so far ('""' pairs kept). */
  private scratch = '';
  private hasRun = false;
  /** The record's fields so far. */
  private readonly contents: string[] = [];
  /** The current field's runs hold an escaped quote. */
  private escaped = false;
  private lines = 0;

  constructor(delim: string) {
    this.delim = delim.charCodeAt(0);
    this.trimLeading = !isSpace(this.delim);
  }

  /** Starts a new record. */
  reset(): void {
    this.state = State.Field;
    this.scratch = '';
    this.hasRun = false;
    this.contents.length = 0;
    this.escaped = false;
    this.lines = 0;
  }

  /** The record's fields (a new array; valid once the record ended). */
  fields(): string[] {
    return this.contents.slice();
  }

  /** Newlines inside quoted runs: the record spans this many lines more than one. */
  get extraLines(): number {
    return this.lines;
  }

  /**
   * Scans `text` from `from`, continuing the record. Returns the index just
   * past the record's end, or -1 when `text` ran out first (all of it is
   * consumed; pass the next piece with `from` 0).
   */
  scan(text: string, from: number): number {
    const n = text.length;
    const delim = this.delim;
    let i = from;
    let run = i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (this.state === State.Run) {
        if (c === QUOTE) {
          this.scratch += text.slice(run, i);
          this.state = State.RunQuote;
          run = ++i;
        } else if (c === NL) {
          // encoding/csv turns "\r\n" into "\n" inside quoted fields too.
          if (i > run) {
            if (text.charCodeAt(i - 1) === CR) {
              this.scratch += text.slice(run, i - 1);
              run = i;
            }
          } else if (this.scratch.charCodeAt(this.scratch.length - 1) === CR) {
            this.scratch = this.scratch.slice(0, -1);
          }
          this.lines++;
          i++;
        } else {
          i++;
        }
        continue;
      }
      if (this.state === State.RunQuote) {
        if (c === QUOTE) {
          this.scratch += '""';
          this.escaped = true;
          this.state = State.Run;
          run = ++i;
          continue;
        }
        // The run ended just before c, which is read as outside any run.
        this.state = State.Field;
      }
      if (c === QUOTE) {
        this.scratch += text.slice(run, i);
        this.hasRun = true;
        this.state = State.Run;
        run = ++i;
      } else if (c === delim) {
        this.scratch += text.slice(run, i);
        i++;
        if (this.endField(false)) return i;
        run = i;
      } else if (c === NL) {
        this.scratch += text.slice(run, i);
        this.endField(true);
        return i + 1;
      } else {
        i++;
      }
    }
    this.scratch += text.slice(run, n);
    return -1;
  }

  /** Ends the input inside this record: an open run closes, the last field ends. */
  finish(): void {
    this.state = State.Field;
    this.endField(true);
  }

  /** Ends the current field; returns true when the record ends with it. */
  private endField(last: boolean): boolean {
    let f = this.scratch;
    this.scratch = '';
    let ends = last;
    if (this.hasRun) {
      this.hasRun = false;
      if (f.length > 1 && f.charCodeAt(f.length - 1) === CR) {
        f = f.slice(0, -1);
        ends = true;
      }
      f = trimLeft(f);
      if (this.escaped) {
        this.escaped = false;
        f = f.replaceAll('""', '"');
      }
    } else {
      if (last && f.charCodeAt(f.length - 1) === CR) f = f.slice(0, -1);
      if (this.trimLeading) f = trimLeft(f);
    }
    this.contents.push(f);
    return ends;
  }
}
