// The aux routes (Zed's routerAux): `/`, `/status`, `/version`, `/metrics`.
// Any method, exact paths, CORS, but no request id and no authentication.

import type { Hono, MiddlewareHandler } from 'hono';
import type { ServiceEnv } from '../context.js';
import { goJson } from '../../util/go-json.js';
import { capabilities, parseRevisionOrThrow, type ApiRevision } from '../revision.js';
import { API_VERSION_HEADER } from '../middleware/revision.js';

const INDEX_PAGE = `
<!DOCTYPE html>
<html>
  <title>Zed lake service</title>
  <body style="padding:10px">
    <h2>zlake serve</h2>
    <p>A <a href="https://zed.brimdata.io/docs/commands/zed#213-serve">Zed lake service</a> is listening on this host/port.</p>
    <p>If you're a <a href="https://zui.brimdata.io/">Zui</a> user, connect to this host/port from Zui app in the graphical desktop interface in your operating system (not a web browser).</p>
    <p>If your goal is to perform command line operations against this Zed lake, use the <a href="https://zed.brimdata.io/docs/commands/zed"><code>zed</code></a> command.</p>
  </body>
</html>`;

export interface AuxOptions {
  readonly rootContent?: string;
  readonly revision: ApiRevision;
  readonly metrics: () => string;
}

/** `bytes=a-b` of a body of `size` bytes as [start, end), or null when not satisfiable. */
function range(header: string, size: number): [number, number] | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (m === null) return null;
  const [, a, b] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const n = Math.min(Number(b), size);
    return n === 0 ? null : [size - n, size];
  }
  const start = Number(a);
  const end = b === '' ? size : Math.min(Number(b) + 1, size);
  return start >= size || start >= end ? null : [start, end];
}

export function auxRoutes(app: Hono<ServiceEnv>, cors: MiddlewareHandler<ServiceEnv>, opts: AuxOptions): void {
  const page = new TextEncoder().encode(opts.rootContent ?? INDEX_PAGE);

  // The root page is served like a static file: Range and HEAD work.
  app.all('/', cors, (c) => {
    const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Accept-Ranges': 'bytes' };
    const r = c.req.header('Range');
    if (r !== undefined) {
      const span = range(r, page.length);
      if (span === null) {
        return new Response('invalid range: failed to overlap\n', {
          status: 416,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Range': `bytes */${page.length}` },
        });
      }
      return new Response(page.slice(span[0], span[1]), {
        status: 206,
        headers: { ...headers, 'Content-Range': `bytes ${span[0]}-${span[1] - 1}/${page.length}` },
      });
    }
    return new Response(page, { status: 200, headers });
  });

  app.all('/status', cors, () => new Response('ok', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }));

  // Always JSON, whatever Accept says; the version is the revision served,
  // or the one the request names (an unknown one is a 400, as on the API routes).
  app.all('/version', cors, (c) => {
    const h = c.req.header(API_VERSION_HEADER);
    const rev = h !== undefined && h.trim() !== '' ? parseRevisionOrThrow(h) : opts.revision;
    return new Response(`${goJson({ version: capabilities(rev).revision })}\n`, {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  app.all('/metrics', cors, () => new Response(opts.metrics(), { status: 200, headers: { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' } }));
}
