// Response header names as Go's net/http sends them. Web Headers hold names
// in lower case, and @hono/node-server hands them to Node as they are, so
// clients saw `x-request-id` where Zed sends `X-Request-Id`. Scripts that
// grep or sed a header (Zed's own tests among them) match Go's spelling, so
// the Node server writes each name as textproto.CanonicalMIMEHeaderKey
// would: the first letter and each one after a hyphen upper case, the rest
// lower case; a name with a byte outside a token is left as it is.

import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** textproto.CanonicalMIMEHeaderKey. */
export function goHeaderName(name: string): string {
  if (!TOKEN.test(name)) return name;
  return name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
}

function canonical(headers: unknown): unknown {
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) return headers;
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers as OutgoingHttpHeaders)) out[goHeaderName(k)] = v;
  return out;
}

/** Makes `res.writeHead` send Go's header names (an object of headers; raw arrays pass as they are). */
export function useGoHeaderCase(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const last = rest.length - 1;
    if (last >= 0) rest[last] = canonical(rest[last]);
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
}

/** node:http's createServer, with useGoHeaderCase on every response (for @hono/node-server's createServer option). */
export const createGoHeaderServer = ((opts: object, listener?: (req: IncomingMessage, res: ServerResponse) => void) =>
  createServer(opts, (req, res) => {
    useGoHeaderCase(res);
    listener?.(req, res);
  })) as typeof createServer;
