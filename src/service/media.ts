// Media types <-> formats for content negotiation (lake-api.md §3). The table
// is the format registry: a format is offered for responses when the registry
// has an encoder for it and the API revision lists it, and for request bodies
// when it has a decoder. Formats still missing from the registry fail as
// unknown MIME types do, never with a wrong body.

import { InvalidError } from '../errors/index.js';
import { allFormats, type FormatEntry, type FormatName } from '../formats/index.js';
import type { Capabilities } from './revision.js';

/** The formats that have an HTTP media type (table and text share text/plain and are CLI-only). */
const HTTP_FORMATS: ReadonlySet<FormatName> = new Set<FormatName>([
  'arrows',
  'csv',
  'json',
  'line',
  'ndjson',
  'parquet',
  'tsv',
  'vng',
  'zeek',
  'zjson',
  'zng',
  'zson',
]);

/** The registry entry of an HTTP format with this media type (a scan of a dozen entries). */
function lookup(mediaType: string): FormatEntry | undefined {
  return allFormats().find((f) => f.mediaType === mediaType && HTTP_FORMATS.has(f.name));
}

/** The registry entry of an HTTP format name, if the registry has one. */
export function httpFormat(name: string): FormatEntry | undefined {
  return HTTP_FORMATS.has(name as FormatName) ? allFormats().find((f) => f.name === name) : undefined;
}

// Go's mime.isTokenChar: visible ASCII except the tspecials ()<>@,;:\"/[]?=
const TSPECIALS = new Set('()<>@,;:\\"/[]?='.split(''));

function tokenLength(s: string, at: number): number {
  let i = at;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || TSPECIALS.has(s[i]!)) break;
    i++;
  }
  return i - at;
}

/**
 * The lower-cased media type of a header value, as Go's mime.ParseMediaType
 * finds it; parameters are ignored (Zed ignores their errors too). Throws
 * Go's message for a value that is not a media type.
 */
export function parseMediaType(value: string): string {
  const semi = value.indexOf(';');
  const base = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase();
  const n = tokenLength(base, 0);
  if (n === 0) throw new InvalidError('mime: no media type');
  if (n === base.length) return base;
  if (base[n] !== '/') throw new InvalidError('mime: expected slash after first token');
  const m = tokenLength(base, n + 1);
  if (m === 0) throw new InvalidError('mime: expected token after slash');
  if (n + 1 + m !== base.length) throw new InvalidError('mime: unexpected content after media subtype');
  return base;
}

export type Direction = 'request' | 'response';

function offered(f: FormatEntry, dir: Direction, caps: Capabilities): boolean {
  if (dir === 'response') return f.encoder !== undefined && caps.responseFormats.has(f.name);
  return f.decoder !== undefined && caps.requestFormats.has(f.name);
}

/**
 * Zed's api.MediaTypeToFormat: the format a header value names, or `dflt`
 * for an absent, empty or `* / *` value. Throws `unsupported MIME type: <type>`
 * for a type this revision (or the registry, so far) does not offer.
 */
export function mediaTypeToFormat(value: string | null | undefined, dflt: string, dir: Direction, caps: Capabilities): string {
  const s = (value ?? '').trim();
  if (s === '') return dflt;
  const typ = parseMediaType(s);
  if (typ === '*/*') return dflt;
  const f = lookup(typ);
  if (f === undefined || !offered(f, dir, caps)) {
    // NDJSON has a media type but no request reader in Zed: its own message.
    if (f !== undefined && f.name === 'ndjson' && dir === 'request') throw new InvalidError('no such format: "ndjson"');
    throw new InvalidError(`unsupported MIME type: ${typ}`);
  }
  return f.name;
}

/**
 * The response format for an Accept header (lake-api.md §3.2): the first
 * comma-separated piece that names an offered format, `* / *` or nothing wins;
 * q-values are ignored.
 */
export function negotiateAccept(accept: string | null | undefined, dflt: string, caps: Capabilities): string {
  for (const piece of (accept ?? '').split(',')) {
    try {
      return mediaTypeToFormat(piece, dflt, 'response', caps);
    } catch {
      // Not usable: try the next piece.
    }
  }
  throw new InvalidError('could not find supported MIME type in Accept header');
}

/** The media type a response in `format` is labelled with. */
export function formatToMediaType(format: string): string {
  const f = httpFormat(format);
  if (f === undefined) throw new InvalidError(`unknown format type: ${format}`);
  return f.mediaType;
}

/**
 * The format of a request body: the Content-Type's, or `dflt` when it is
 * absent, `* / *` or the form type curl sends by default.
 */
export function requestFormat(contentType: string | null | undefined, dflt: string, caps: Capabilities): string {
  const s = (contentType ?? '').trim();
  if (s !== '') {
    try {
      if (parseMediaType(s) === 'application/x-www-form-urlencoded') return dflt;
    } catch {
      // Reported below with Go's message.
    }
  }
  return mediaTypeToFormat(s, dflt, 'request', caps);
}
