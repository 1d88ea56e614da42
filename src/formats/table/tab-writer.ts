// Elastic tabstops as Go's text/tabwriter aligns them with the settings zq's
// table writer uses (minwidth 0, padding 1, pad with spaces, no flags): cells
// are tab-terminated, a line's last cell is not aligned, and a column block
// is a run of consecutive lines that have a cell in that column. Lines are
// buffered until flush, as tabwriter buffers them.

/** Width of a cell: its code points (tabwriter counts runes). */
function width(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // The second half of a surrogate pair adds nothing.
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

export class TabWriter {
  private lines: string[][] = [];
  private widths: number[] = [];

  constructor(private readonly padding = 1) {}

  /** Adds one line of cells (the last cell is the unaligned tail). */
  line(cells: string[]): void {
    this.lines.push(cells);
  }

  /** Formats and returns all buffered lines, each ending in "\n". */
  flush(): string {
    const out: string[] = [];
    this.widths = [];
    this.format(out, 0, this.lines.length);
    this.lines = [];
    return out.join('');
  }

  // tabwriter.Writer.format: recursively finds column blocks.
  private format(out: string[], line0: number, line1: number): void {
    const column = this.widths.length;
    for (let t = line0; t < line1; t++) {
      if (column >= this.lines[t]!.length - 1) continue;
      this.write(out, line0, t);
      line0 = t;
      let w = 0;
      for (; t < line1; t++) {
        const cells = this.lines[t]!;
        if (column >= cells.length - 1) break;
        const cw = width(cells[column]!) + this.padding;
        if (cw > w) w = cw;
      }
      this.widths.push(w);
      this.format(out, line0, t);
      this.widths.pop();
      line0 = t;
    }
    this.write(out, line0, line1);
  }

  private write(out: string[], line0: number, line1: number): void {
    for (let i = line0; i < line1; i++) {
      const cells = this.lines[i]!;
      let s = '';
      for (let j = 0; j < cells.length; j++) {
        const c = cells[j]!;
        s += c;
        if (j < this.widths.length) s += ' '.repeat(this.widths[j]! - width(c));
      }
      out.push(s + '\n');
    }
  }
}
