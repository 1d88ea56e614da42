// parse_uri and parse_zson (function/parse.go at v1.18.0). parse_uri follows
// Go's net/url.Parse (scheme, opaque, userinfo, host, port, path, query,
// fragment, with its error texts); parse_zson reads the first ZSON (or JSON)
// value of a string.

import { ParseError, ZedError } from '../../errors/index.js';
import { decodeUtf8, encodeUtf8 } from '../../util/utf8.js';
import { ZsonParser } from '../../zson/index.js';
import {
  Builder,
  NullValue,
  TypeString,
  TypeUint16,
  Value,
  encodeUint,
  underlying,
  type RecordType,
  type TypeContext,
} from '../../zed/index.js';
import type { FunctionDef } from './registry.js';

class UrlError extends Error {}

interface Url {
  scheme: string;
  opaque: string;
  user: string | null;
  password: string | null;
  host: string;
  path: string;
  rawQuery: string;
  fragment: string;
}

const HOST_OK = /[A-Za-z0-9\-._~!$&'()*+,;=:[\]<>"]/;

/** Go's url.unescape for the given mode ('host' rejects characters hosts may not hold). */
function unescape(s: string, mode: 'path' | 'host' | 'user' | 'fragment' | 'query'): string {
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '%') {
      if (!/^%[0-9A-Fa-f]{2}/.test(s.slice(i))) throw new UrlError(`invalid URL escape ${JSON.stringify(s.slice(i, i + 3))}`);
      i += 2;
    } else if (mode === 'host' && c.charCodeAt(0) < 0x80 && !HOST_OK.test(c)) {
      throw new UrlError(`invalid character ${JSON.stringify(c)} in host name`);
    }
  }
  const t = mode === 'query' ? s.replace(/\+/g, ' ') : s;
  if (!t.includes('%')) return t;
  const bytes: number[] = [];
  const enc = encodeUtf8(t);
  for (let i = 0; i < enc.length; i++) {
    if (enc[i] === 0x25) {
      bytes.push(parseInt(String.fromCharCode(enc[i + 1]!, enc[i + 2]!), 16));
      i += 2;
    } else {
      bytes.push(enc[i]!);
    }
  }
  return decodeUtf8(Uint8Array.from(bytes));
}

function validOptionalPort(p: string): boolean {
  return p === '' || /^:[0-9]*$/.test(p);
}

function parseHost(host: string): string {
  if (host.startsWith('[')) {
    const i = host.lastIndexOf(']');
    if (i < 0) throw new UrlError("missing ']' in host");
    const colonPort = host.slice(i + 1);
    if (!validOptionalPort(colonPort)) throw new UrlError(`invalid port ${JSON.stringify(colonPort)} after host`);
  } else {
    const i = host.lastIndexOf(':');
    if (i >= 0 && !validOptionalPort(host.slice(i))) {
      throw new UrlError(`invalid port ${JSON.stringify(host.slice(i))} after host`);
    }
  }
  return unescape(host, 'host');
}

/** Go's url.Parse, without the parts parse_uri does not report. */
export function parseUrl(raw: string): Url {
  const hash = raw.indexOf('#');
  const rest0 = hash < 0 ? raw : raw.slice(0, hash);
  const u: Url = { scheme: '', opaque: '', user: null, password: null, host: '', path: '', rawQuery: '', fragment: '' };
  try {
    if (/[\x00-\x1f\x7f]/.test(rest0)) throw new UrlError('net/url: invalid control character in URL');
    let rest = rest0;
    const m = /^([A-Za-z][A-Za-z0-9+\-.]*)?:/.exec(rest);
    if (rest.startsWith(':')) throw new UrlError('missing protocol scheme');
    if (m !== null && m[1] !== undefined) {
      u.scheme = m[1].toLowerCase();
      rest = rest.slice(m[0].length);
    }
    if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) {
      rest = rest.slice(0, -1);
    } else {
      const q = rest.indexOf('?');
      if (q >= 0) {
        u.rawQuery = rest.slice(q + 1);
        rest = rest.slice(0, q);
      }
    }
    if (!rest.startsWith('/')) {
      if (u.scheme !== '') {
        u.opaque = rest;
        return finish(u, raw, hash);
      }
      const seg = rest.split('/')[0]!;
      if (seg.includes(':')) throw new UrlError('first path segment in URL cannot contain colon');
    }
    if ((u.scheme !== '' || !rest.startsWith('///')) && rest.startsWith('//')) {
      let authority = rest.slice(2);
      rest = '';
      const i = authority.indexOf('/');
      if (i >= 0) {
        rest = authority.slice(i);
        authority = authority.slice(0, i);
      }
      const at = authority.lastIndexOf('@');
      u.host = parseHost(at < 0 ? authority : authority.slice(at + 1));
      if (at >= 0) {
        const info = authority.slice(0, at);
        if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(info)) throw new UrlError('net/url: invalid userinfo');
        const colon = info.indexOf(':');
        if (colon < 0) {
          u.user = unescape(info, 'user');
        } else {
          u.user = unescape(info.slice(0, colon), 'user');
          u.password = unescape(info.slice(colon + 1), 'user');
        }
      }
    }
    u.path = unescape(rest, 'path');
  } catch (e) {
    if (e instanceof UrlError) throw new UrlError(`parse ${JSON.stringify(rest0)}: ${e.message}`);
    throw e;
  }
  return finish(u, raw, hash);
}

function finish(u: Url, raw: string, hash: number): Url {
  if (hash >= 0) {
    try {
      u.fragment = unescape(raw.slice(hash + 1), 'fragment');
    } catch (e) {
      if (e instanceof UrlError) throw new UrlError(`parse ${JSON.stringify(raw)}: ${e.message}`);
      throw e;
    }
  }
  return u;
}

/** Go's url.ParseQuery, dropping malformed pairs; keys in sorted order. */
function parseQuery(q: string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const part of q.split('&')) {
    if (part === '' || part.includes(';')) continue;
    const eq = part.indexOf('=');
    let k: string;
    let v: string;
    try {
      k = unescape(eq < 0 ? part : part.slice(0, eq), 'query');
      v = eq < 0 ? '' : unescape(part.slice(eq + 1), 'query');
    } catch {
      continue;
    }
    const list = m.get(k);
    if (list === undefined) m.set(k, [v]);
    else list.push(v);
  }
  return new Map([...m].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

/** Go's URL.Hostname and URL.Port. */
function splitHostPort(hostPort: string): [string, string] {
  let host = hostPort;
  let port = '';
  const colon = host.lastIndexOf(':');
  if (colon >= 0 && validOptionalPort(host.slice(colon))) {
    port = host.slice(colon + 1);
    host = host.slice(0, colon);
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return [host, port];
}

function uriType(zctx: TypeContext): RecordType {
  const q = zctx.lookupMap(TypeString, zctx.lookupArray(TypeString));
  const names = ['scheme', 'opaque', 'user', 'password', 'host', 'port', 'path', 'query', 'fragment'];
  return zctx.lookupRecord(names.map((name) => ({ name, type: name === 'port' ? TypeUint16 : name === 'query' ? q : TypeString })));
}

function str(s: string | null): Uint8Array | null {
  return s === null || s === '' ? null : encodeUtf8(s);
}

export const parseFunctions: readonly FunctionDef[] = [
  {
    name: 'parse_uri',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      const t = uriType(ectx.zctx);
      const b = new Builder(256);
      return (args) => {
        const v = args[0]!;
        if (underlying(v.type) !== TypeString || v.bytes === null) {
          return ectx.errors.wrap('parse_uri: non-empty string arg required', v);
        }
        let u: Url;
        try {
          u = parseUrl(decodeUtf8(v.bytes));
        } catch (e) {
          if (e instanceof UrlError) return ectx.errors.wrap(`parse_uri: ${e.message}`, v);
          throw e;
        }
        const [host, port] = splitHostPort(u.host);
        let portBody: Uint8Array | null = null;
        if (port !== '') {
          const n = Number(port);
          if (!/^[0-9]+$/.test(port) || n > 65535) return ectx.errors.wrap(`parse_uri: invalid port: ${port}`, v);
          portBody = encodeUint(n);
        }
        b.reset();
        b.append(str(u.scheme));
        b.append(str(u.opaque));
        b.append(str(u.user));
        b.append(u.password === null ? null : encodeUtf8(u.password));
        b.append(str(host));
        b.append(portBody);
        b.append(str(u.path));
        const query = parseQuery(u.rawQuery);
        if (query.size === 0) {
          b.append(null);
        } else {
          b.beginContainer();
          for (const [k, vals] of query) {
            b.append(encodeUtf8(k));
            b.beginContainer();
            for (const x of vals) b.append(encodeUtf8(x));
            b.endContainer();
          }
          b.endContainer();
        }
        b.append(str(u.fragment));
        return new Value(t, b.bytes());
      };
    },
  },
  {
    name: 'parse_zson',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      const parser = new ZsonParser(ectx.zctx);
      return (args) => {
        const v = args[0]!;
        if (underlying(v.type) !== TypeString) return ectx.errors.wrap('parse_zson: string arg required', v);
        if (v.bytes === null) return NullValue;
        parser.setText(decodeUtf8(v.bytes));
        parser.resetNames();
        parser.skipSpace();
        if (parser.atEnd()) return NullValue;
        try {
          return parser.parseTopValue();
        } catch (e) {
          if (e instanceof ParseError) return ectx.errors.wrap(`parse_zson: ${e.reason}`, v);
          if (e instanceof ZedError) return ectx.errors.wrap(`parse_zson: ${e.message}`, v);
          throw e;
        }
      };
    },
  },
];
