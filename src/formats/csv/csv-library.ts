// The one place the CSV parsing library (csv-parse) is called, through its
// synchronous API (no Node streams). That build uses the global Buffer, which
// Node, Bun, Deno (for npm packages) and Workers (nodejs_compat, see
// wrangler.toml) all provide; its "browser" build bundles an old Buffer
// polyfill that assigns __proto__, which Deno forbids, so it is not used.
// We hand it canonical CSV text only (see quote-repair.ts): every quote in it
// is RFC 4180 quoting, so it is used to split fields and unescape "".

import { parse } from 'csv-parse/sync';
import { InternalError } from '../../errors/index.js';

/** Options for a canonical text with one delimiter and "\n" between records. */
function optionsFor(delim: string) {
  return {
    delimiter: delim,
    quote: '"',
    escape: '"',
    record_delimiter: '\n',
    // Records are checked against the header by the reader, with Zed's message.
    relax_column_count: true,
    // The reader already dropped empty lines (Go's encoding/csv rule).
    skip_empty_lines: false,
    ltrim: false,
    rtrim: false,
    bom: false,
    cast: false,
  } as const;
}

export class CsvLibrary {
  private readonly options: ReturnType<typeof optionsFor>;
  private readonly utf8 = new TextEncoder();

  constructor(delim: string) {
    this.options = optionsFor(delim);
  }

  /**
   * Splits `text` (canonical records, each ending in "\n") into records of
   * fields. A failure here is a bug in the canonical form, not bad input.
   */
  records(text: string): string[][] {
    try {
      // Bytes: the library would copy a string into a Buffer first.
      return parse(this.utf8.encode(text), this.options);
    } catch (e) {
      throw new InternalError(`csv: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
  }
}
