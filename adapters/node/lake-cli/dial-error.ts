// Why a request to a lake service could not be sent, in Go's words: Zed's
// client says `dial tcp 127.0.0.1:1: connect: connection refused` where
// Node's fetch says `connect ECONNREFUSED 127.0.0.1:1`. Node's fetch also
// refuses the Fetch standard's "bad ports" (1, 9, 6000, ...) without trying
// them; Go dials those like any other, so for them the connection is tried
// here with node:net to learn what Go would have met.

import { connect } from 'node:net';

/** Go's syscall error texts for the errno codes a dial meets. */
const ERRNO: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by peer',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'no route to host',
  ENETUNREACH: 'network is unreachable',
  EADDRNOTAVAIL: 'cannot assign requested address',
};

interface SystemError {
  readonly code?: string;
  readonly address?: string;
  readonly port?: number;
}

/** Go's net.OpError text for a failed connect, or null when `e` is not one. */
export function goDialMessage(e: unknown): string | null {
  if (typeof e !== 'object' || e === null) return null;
  const { code, address, port } = e as SystemError;
  const text = code === undefined ? undefined : ERRNO[code];
  if (text === undefined || address === undefined || port === undefined) return null;
  const host = address.includes(':') ? `[${address}]` : address;
  return `dial tcp ${host}:${port}: connect: ${text}`;
}

function probe(url: URL): Promise<string | null> {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((ok) => {
    const s = connect({ host, port });
    s.once('connect', () => {
      s.destroy();
      ok(null);
    });
    s.once('error', (e) => ok(goDialMessage(e)));
  });
}

/** The reason a fetch of `target` threw `e`, as Go's client would give it. */
export async function fetchFailure(e: unknown, target: string): Promise<string> {
  const cause = e instanceof Error && e.cause !== undefined ? e.cause : e;
  const dial = goDialMessage(cause);
  if (dial !== null) return dial;
  const message = cause instanceof Error ? cause.message : String(cause);
  if (message === 'bad port') return (await probe(new URL(target))) ?? message;
  return message;
}
