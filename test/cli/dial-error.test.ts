// A request to a service that is not there fails with Go's dial error, on
// ordinary ports and on those Node's fetch refuses to try ("bad ports").
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fetchFailure, goDialMessage } from '../../adapters/node/lake-cli/dial-error.js';

/** A port that refuses connections: one just listened on and closed. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((ok) => s.close(() => ok()));
  return port;
}

async function failure(url: string): Promise<string> {
  try {
    await fetch(url);
  } catch (e) {
    return fetchFailure(e, url);
  }
  return 'no error';
}

describe('Go dial errors', () => {
  it('names the address and errno as Go does', () => {
    expect(goDialMessage({ code: 'ECONNREFUSED', address: '::1', port: 7 })).toBe('dial tcp [::1]:7: connect: connection refused');
    expect(goDialMessage(new Error('other'))).toBeNull();
  });

  it('a refused connection, on an ordinary port and on a port fetch will not try', async () => {
    const port = await closedPort();
    expect(await failure(`http://127.0.0.1:${port}/query`)).toBe(`dial tcp 127.0.0.1:${port}: connect: connection refused`);
    // Port 1 is on the Fetch standard's bad-port list; nothing listens there here.
    expect(await failure('http://127.0.0.1:1/query')).toBe('dial tcp 127.0.0.1:1: connect: connection refused');
  });
});
