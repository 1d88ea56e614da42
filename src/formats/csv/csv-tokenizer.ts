// Splits CSV text into records of fields, streaming across chunks, exactly as
// Zed v1.18.0 reads CSV: its quote-repairing pre-pass (zio/csvio/preprocess.go)
// followed by Go's encoding/csv with TrimLeadingSpace. Both passes are fused
// into one state machine over characters:
//   - "\r\n" becomes "\n" everywhere and a "\r" just before end of input is
//     dropped (encoding/csv readLine);
//   - a '"' anywhere in a field opens a quoted run that ends at a '"' not
//     followed by another ('""' is a literal quote); text outside the runs is
//     kept, so `"value"2` reads as `value2`; a run left open at end of input
//     closes there;
//   - a field that had quotes is trimmed of white space on both ends; other
//     fields lose leading white space unless the delimiter is itself a space;
//   - completely empty lines are skipped.

/** A record of fields and the 1-based line it started on. */
export interface CsvRecord {
  readonly fields: string[];
  readonly line: number;
}

const enum State {
  Field,
  Quoted,
  QuoteSeen,
}

/** unicode.IsSpace for one UTF-16 unit (every Unicode space is in the BMP). */
export function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0x85) return false;
  return (
    c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

function trimLeft(s: string): string {
  let i = 0;
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i === 0 ? s : s.slice(i);
}

function trimBoth(s: string): string {
  let j = s.length;
  while (j > 0 && isSpace(s.charCodeAt(j - 1))) j--;
  let i = 0;
  while (i < j && isSpace(s.charCodeAt(i))) i++;
  return i === 0 && j === s.length ? s : s.slice(i, j);
}

export class CsvTokenizer {
  private readonly delim: number;
  private readonly trimLeading: boolean;
  private state = State.Field;
  private field = '';
  private quoted = false;
  private fields: string[] = [];
  /** Characters seen in the current record (0 at the start of a line means an empty line). */
  private seen = 0;
  private line = 1;
  private startLine = 1;
  private pendingCR = false;

  /** `delim` is one character; it may not be '"', '\r' or '\n' (as in encoding/csv). */
  constructor(delim: string) {
    const c = delim.charCodeAt(0);
    if (delim.length !== 1 || c === 0x22 || c === 0x0d || c === 0x0a) {
      throw new Error('csv: invalid field or comment delimiter');
    }
    this.delim = c;
    this.trimLeading = !isSpace(c);
  }

  /** Feeds text; calls `emit` with each completed record. */
  push(text: string, emit: (r: CsvRecord) => void): void {
    let i = 0;
    const n = text.length;
    if (this.pendingCR && n > 0) {
      this.pendingCR = false;
      if (text.charCodeAt(0) !== 0x0a) this.char(0x0d, '\r', emit);
    }
    // Runs of ordinary characters are appended with one slice.
    let run = -1;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      const plain =
        c !== 0x22 && c !== 0x0a && c !== 0x0d && c !== this.delim && this.state !== State.QuoteSeen;
      if (plain) {
        if (run < 0) run = i;
        continue;
      }
      if (run >= 0) {
        this.field += text.slice(run, i);
        this.seen += i - run;
        run = -1;
      }
      if (c === 0x0d) {
        if (i + 1 === n) {
          this.pendingCR = true;
          continue;
        }
        if (text.charCodeAt(i + 1) === 0x0a) continue;
      }
      this.char(c, text[i]!, emit);
    }
    if (run >= 0) {
      this.field += text.slice(run, n);
      this.seen += n - run;
    }
  }

  /** Ends the input; calls `emit` with the last record if any. */
  end(emit: (r: CsvRecord) => void): void {
    // A '\r' right before end of input is dropped (encoding/csv readLine).
    this.pendingCR = false;
    if (this.seen > 0) {
      this.endField();
      this.endRecord(emit);
    }
  }

  private char(c: number, ch: string, emit: (r: CsvRecord) => void): void {
    this.seen++;
    switch (this.state) {
      case State.Quoted:
        if (c === 0x22) this.state = State.QuoteSeen;
        else {
          if (c === 0x0a) this.line++;
          this.field += ch;
        }
        return;
      case State.QuoteSeen:
        if (c === 0x22) {
          this.field += '"';
          this.state = State.Quoted;
          return;
        }
        this.state = State.Field;
        break;
      case State.Field:
        break;
    }
    if (c === 0x22) {
      this.quoted = true;
      this.state = State.Quoted;
    } else if (c === this.delim) {
      this.endField();
    } else if (c === 0x0a) {
      this.line++;
      if (this.seen === 1) {
        // An empty line.
        this.seen = 0;
        this.startLine = this.line;
        return;
      }
      this.endField();
      this.endRecord(emit);
    } else {
      this.field += ch;
    }
  }

  private endField(): void {
    const f = this.field;
    this.fields.push(this.quoted ? trimBoth(f) : this.trimLeading ? trimLeft(f) : f);
    this.field = '';
    this.quoted = false;
    this.state = State.Field;
  }

  private endRecord(emit: (r: CsvRecord) => void): void {
    const rec = { fields: this.fields, line: this.startLine };
    this.fields = [];
    this.seen = 0;
    this.startLine = this.line;
    emit(rec);
  }
}
