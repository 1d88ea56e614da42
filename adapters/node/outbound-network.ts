// The network under zlake serve's guarded `get` (src/exec/outbound-guard.ts)
// on node:dns and node:http(s): names resolve through the system resolver
// (getaddrinfo, as fetch does), and each request connects to the address the
// guard checked, by a `lookup` that returns that address whatever the name
// resolves to now. The URL's name stays the Host header and, for https,
// the TLS server name, so certificates are checked against it.

import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { guardedOutbound, type Outbound, type OutboundNetwork } from '../../src/index.js';

/** A lookup that answers `address` for any name (node:net may ask for a list). */
function pinned(address: string): LookupFunction {
  const family = isIP(address);
  return ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options.all === true) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as LookupFunction;
}

function headersOf(h: HeadersInit | undefined): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  new Headers(h).forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

async function bodyBytes(body: BodyInit | null | undefined): Promise<Uint8Array | null> {
  if (body === null || body === undefined) return null;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** The body as fetch gives it: decoded per Content-Encoding. */
function decoded(res: IncomingMessage): Readable {
  switch ((res.headers['content-encoding'] ?? '').toLowerCase().trim()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(createGunzip());
    case 'deflate':
      return res.pipe(createInflate());
    case 'br':
      return res.pipe(createBrotliDecompress());
    default:
      return res;
  }
}

function toResponse(res: IncomingMessage): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  const status = res.statusCode ?? 502;
  if (NULL_BODY.has(status)) {
    res.resume();
    return new Response(null, { status, statusText: res.statusMessage ?? '', headers });
  }
  const stream = decoded(res);
  // A decoder's failure (bad gzip) is the body's; the socket's reaches it through pipe's destroy.
  res.once('error', (e) => stream.destroy(e));
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, statusText: res.statusMessage ?? '', headers });
}

export function nodeNetwork(): OutboundNetwork {
  return {
    async resolve(host, signal) {
      if (isIP(host) !== 0) return [host];
      signal?.throwIfAborted();
      const found = await lookup(host, { all: true, verbatim: true });
      return found.map((a) => a.address);
    },

    async request(url, init, address) {
      const body = await bodyBytes(init.body);
      const headers = headersOf(init.headers);
      if (body !== null) headers['content-length'] = String(body.length);
      const https = url.protocol === 'https:';
      const name = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      return new Promise<Response>((ok, fail) => {
        const req = (https ? httpsRequest : httpRequest)(
          {
            protocol: url.protocol,
            hostname: name,
            port: url.port === '' ? (https ? 443 : 80) : Number(url.port),
            path: `${url.pathname}${url.search}`,
            method: init.method ?? 'GET',
            headers,
            ...(address !== null ? { lookup: pinned(address) } : {}),
            // One connection per request: a pooled one could outlive the check it was made for.
            agent: false,
            ...(https && isIP(name) === 0 ? { servername: name } : {}),
            ...(init.signal !== undefined && init.signal !== null ? { signal: init.signal } : {}),
          },
          (res) => ok(toResponse(res)),
        );
        req.once('error', fail);
        req.end(body ?? undefined);
      });
    },
  };
}

/** zlake serve's outbound: only what `allow` (-query.get.allow) names, over nodeNetwork. */
export function nodeOutbound(allow: readonly string[], timeoutMs?: number): Outbound {
  return guardedOutbound({ allow, net: nodeNetwork(), ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
}
