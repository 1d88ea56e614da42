// The web console as the build leaves it (scripts/build-console.mjs writes
// assets.gen.ts): the page served at `/` and the files it loads, each kept
// gzipped in base64 so that every runtime, Workers included, serves them
// from the module itself, with no file access.

export interface ConsoleFile {
  /** The path served, `/console/<name>-<content hash>.<ext>`. */
  readonly path: string;
  /** The Content-Type header. */
  readonly type: string;
  /** The file's bytes, gzipped, in base64. */
  readonly gzip: string;
  /** A strong ETag: the content hash, quoted. */
  readonly etag: string;
}

export interface ConsoleBuild {
  /** The HTML page at `/`: titled "Zed lake service", as Zed's page is. */
  readonly index: string;
  readonly files: readonly ConsoleFile[];
}
