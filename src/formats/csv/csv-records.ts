// Splits CSV text into records of fields, streaming across chunks, with the
// semantics of Zed's reader (Zed's quote repair in front of Go's
// encoding/csv with TrimLeadingSpace):
//   - a record without any '"' needs no CSV syntax beyond the delimiter: it
//     is split directly, the fast path for machine-written files;
//   - a record with a '"' goes through Zed's quote repair (quote-repair.ts),
//     which finds its fields and decodes them as encoding/csv would;
//   - "\r\n" ends a record like "\n", a "\r" right before end of input is
//     dropped, and empty lines are skipped (they still count as lines).
// Records come out in input order with the 1-based line they start on.

import { QuoteRepair } from './quote-repair.js';
import { isSpace, trimLeft } from './space.js';

const CR = 0x0d;

export class CsvRecords {
  private readonly delim: string;
  private readonly trimLeading: boolean;
  private readonly repair: QuoteRepair;
  /** The start of an unfinished record without quotes so far. */
  private pending = '';
  /** Inside a record with quotes: the repair holds its text. */
  private repairing = false;
  /** The line the next record starts on. */
  private line = 1;
  /** Records completed by the current call, and the lines they start on. */
  private fields: string[][] = [];
  private lines: number[] = [];

  /** `delim` is one character other than '"', "\r" and "\n". */
  constructor(delim: string) {
    this.delim = delim;
    this.trimLeading = !isSpace(delim.charCodeAt(0));
    this.repair = new QuoteRepair(delim);
  }

  /** Feeds text; returns the records it completed. */
  push(text: string): { fields: string[][]; lines: number[] } {
    let s = text;
    let i = 0;
    // Where the search for a record end may start: the pending text has none.
    let searchFrom = 0;
    if (this.repairing) {
      const end = this.repair.scan(s, 0);
      if (end < 0) return this.take();
      this.repaired();
      i = end;
    } else if (this.pending !== '') {
      searchFrom = this.pending.length;
      s = this.pending + s;
      this.pending = '';
    }
    const n = s.length;
    // The next '"' at or after i (n when there is none), found once per span.
    let quote = s.indexOf('"', searchFrom);
    if (quote < 0) quote = n;
    while (i < n) {
      let nl = s.indexOf('\n', searchFrom > i ? searchFrom : i);
      searchFrom = 0;
      if (quote < i) {
        quote = s.indexOf('"', i);
        if (quote < 0) quote = n;
      }
      if (nl < 0) nl = n;
      if (quote < nl) {
        this.repair.reset();
        const end = this.repair.scan(s, i);
        if (end < 0) {
          this.repairing = true;
          return this.take();
        }
        this.repaired();
        i = end;
        continue;
      }
      if (nl === n) {
        this.pending = s.slice(i);
        break;
      }
      this.plain(s, i, nl);
      i = nl + 1;
    }
    return this.take();
  }

  /** Ends the input; returns the last record if one was unfinished. */
  end(): { fields: string[][]; lines: number[] } {
    if (this.repairing) {
      this.repair.finish();
      this.repaired();
    } else if (this.pending !== '') {
      const s = this.pending;
      this.pending = '';
      this.plain(s, 0, s.length);
    }
    return this.take();
  }

  /** A record without quotes, s[start:end] before its newline. */
  private plain(s: string, start: number, end: number): void {
    if (end > start && s.charCodeAt(end - 1) === CR) end--;
    const line = this.line++;
    if (end === start) return;
    const fields = s.slice(start, end).split(this.delim);
    if (this.trimLeading) {
      for (let k = 0; k < fields.length; k++) {
        const f = fields[k]!;
        if (f.length > 0 && isSpace(f.charCodeAt(0))) fields[k] = trimLeft(f);
      }
    }
    this.fields.push(fields);
    this.lines.push(line);
  }

  /** Takes the record the repair just finished. */
  private repaired(): void {
    this.repairing = false;
    this.fields.push(this.repair.fields());
    this.lines.push(this.line);
    this.line += 1 + this.repair.extraLines;
  }

  private take(): { fields: string[][]; lines: number[] } {
    const fields = this.fields;
    const lines = this.lines;
    this.fields = [];
    this.lines = [];
    return { fields, lines };
  }
}
