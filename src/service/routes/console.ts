// The web console's files under /console/ (aux routes: no request id, no
// authentication; the page's API calls carry the credentials). Names carry
// a content hash, so each file is cached for good; a client that accepts
// gzip gets the stored gzip bytes, any other the inflated ones.

import type { Hono, MiddlewareHandler } from 'hono';
import type { ServiceEnv } from '../context.js';
import type { ConsoleBuild, ConsoleFile } from '../console/console-build.js';
import { base64Bytes } from '../../util/base64.js';

export const CONSOLE_PREFIX = '/console/';

/**
 * Headers of the console's page: it runs only its own scripts, talks only
 * to this origin, and is never framed (clickjacking a Drop button).
 */
export const CONSOLE_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** True when Accept-Encoding takes gzip (not refused with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/** True when If-None-Match names `etag` (or is `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((t) => {
    const s = t.trim();
    return s === '*' || s === etag || s === `W/${etag}`;
  });
}

async function inflate(gz: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const body = new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** One file's handler: its bytes decoded once, inflated once on first need. */
function serveFile(f: ConsoleFile): (req: Request) => Promise<Response> {
  let gz: Uint8Array<ArrayBuffer> | null = null;
  let plain: Promise<Uint8Array<ArrayBuffer>> | null = null;
  return async (req) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    const headers: Record<string, string> = {
      'Content-Type': f.type,
      'Cache-Control': IMMUTABLE,
      ETag: f.etag,
      Vary: 'Accept-Encoding',
      'X-Content-Type-Options': 'nosniff',
    };
    if (etagMatches(req.headers.get('If-None-Match') ?? undefined, f.etag)) return new Response(null, { status: 304, headers });
    gz ??= base64Bytes(f.gzip);
    if (acceptsGzip(req.headers.get('Accept-Encoding') ?? undefined)) {
      headers['Content-Encoding'] = 'gzip';
      headers['Content-Length'] = String(gz.length);
      // encodeBody: the Workers runtime would otherwise gzip the gzip bytes
      // again; other runtimes ignore the member, as a dictionary's unknown keys are.
      const init = { status: 200, headers, encodeBody: 'manual' } as ResponseInit;
      return new Response(method === 'HEAD' ? null : gz, init);
    }
    plain ??= inflate(gz);
    const body = await plain;
    headers['Content-Length'] = String(body.length);
    return new Response(method === 'HEAD' ? null : body, { status: 200, headers });
  };
}

/** Mounts the console's files; `/` itself is the aux route's (routes/aux.ts). */
export function consoleRoutes(app: Hono<ServiceEnv>, cors: MiddlewareHandler<ServiceEnv>, build: ConsoleBuild): void {
  for (const f of build.files) {
    const serve = serveFile(f);
    app.all(f.path, cors, (c) => serve(c.req.raw));
  }
}
