// Reading a request's path and query parameters and its Zed-Commit header as
// Zed's service/request.go does: path segments are matched still encoded and
// form-decoded (`+` is a space), booleans follow strconv.ParseBool, and the
// commit header is JSON with case-insensitive keys.

import { InvalidError } from '../errors/index.js';
import type { Ctx } from './context.js';

/** The raw (still percent-encoded) path segments of the request. */
function rawSegments(c: Ctx): string[] {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  let end = url.indexOf('?', start);
  if (end < 0) end = url.length;
  const hash = url.indexOf('#', start);
  if (hash >= 0 && hash < end) end = hash;
  return url.slice(start, end).split('/');
}

/** Go's url.QueryUnescape: `+` is a space, %XX a byte; a bad escape is an error. */
export function formDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw new InvalidError(`invalid URL escape in path segment "${s}"`);
  }
}

/** The route's `:name` segment, taken raw from the URL so `%2F` stays inside it. */
export function rawPathParam(c: Ctx, name: string): string {
  const pattern = c.req.routePath.split('/');
  const segs = rawSegments(c);
  const i = pattern.indexOf(`:${name}`);
  const raw = i < 0 ? undefined : segs[i];
  if (raw === undefined) throw new InvalidError(`no arg "${name}" in path`);
  return raw;
}

/** A path parameter, form-decoded as Zed's StringFromPath does. */
export function pathParam(c: Ctx, name: string): string {
  return formDecode(rawPathParam(c, name));
}

const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** Go's %q for the ASCII text a query parameter usually is. */
function goQuote(s: string): string {
  return JSON.stringify(s);
}

/** A boolean query parameter; absent or empty is false (Zed's BoolFromQuery, quirky message kept). */
export function boolQuery(c: Ctx, name: string): boolean {
  const s = c.req.query(name) ?? '';
  if (s === '') return false;
  if (TRUE.has(s)) return true;
  if (FALSE.has(s)) return false;
  throw new InvalidError(`invalid query param ${goQuote(s)}: strconv.ParseBool: parsing ${goQuote(s)}: invalid syntax`);
}

/** The commit metadata of a write (lake-api.md §3.5). */
export interface CommitMessage {
  readonly author: string;
  readonly body: string;
  /** ZSON text of the commit's meta value; empty for none. */
  readonly meta: string;
}

/** Go's encoding/json wording for the common ways a header is not JSON. */
function goJsonError(text: string, e: unknown): string {
  const t = text.trim();
  if (t === '') return 'unexpected end of JSON input';
  const c = t[0]!;
  if (!'{["-0123456789tfn'.includes(c)) return `invalid character '${c}' looking for beginning of value`;
  const lit = c === 'n' ? 'null' : c === 't' ? 'true' : c === 'f' ? 'false' : null;
  if (lit !== null) {
    for (let i = 1; i < lit.length; i++) {
      if (i >= t.length) return 'unexpected end of JSON input';
      if (t[i] !== lit[i]) return `invalid character '${t[i]}' in literal ${lit} (expecting '${lit[i]}')`;
    }
  }
  return e instanceof Error ? e.message : String(e);
}

export function commitMessage(c: Ctx): CommitMessage {
  const text = c.req.header('Zed-Commit') ?? '';
  const msg = { author: '', body: '', meta: '' };
  if (text === '') return msg;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new InvalidError(`load endpoint encountered invalid JSON in Zed-Commit header: ${goJsonError(text, e)}`);
  }
  if (parsed === null) return msg;
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    const what = Array.isArray(parsed) ? 'array' : typeof parsed;
    throw new InvalidError(`load endpoint encountered invalid JSON in Zed-Commit header: json: cannot unmarshal ${what} into Go value of type api.CommitMessage`);
  }
  for (const [k, v] of Object.entries(parsed)) {
    const key = k.toLowerCase();
    if (key !== 'author' && key !== 'body' && key !== 'meta') continue;
    if (v === null) continue;
    if (typeof v !== 'string') {
      throw new InvalidError(
        `load endpoint encountered invalid JSON in Zed-Commit header: json: cannot unmarshal ${typeof v} into Go struct field CommitMessage.${key} of type string`,
      );
    }
    msg[key] = v;
  }
  return msg;
}
