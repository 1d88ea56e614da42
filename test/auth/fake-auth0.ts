// A stand-in for an Auth0 tenant on 127.0.0.1: the device-code flow of
// `zed auth login` (POST /oauth/device/code, then /oauth/token answering
// authorization_pending until the user "confirms") and the refresh grant,
// issuing RS256 access tokens signed with the test keys.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sign, zedClaims, type TestKeys } from './keys.js';

export interface FakeAuth0 {
  /** The domain URL: what -auth.domain names. */
  readonly domain: string;
  /** Every request body received, with its path. */
  readonly requests: { path: string; body: Record<string, string> }[];
  /** Token polls answered authorization_pending before the login goes through. */
  pending: number;
  /** Access tokens issued so far. */
  issued: string[];
  close(): Promise<void>;
}

export async function fakeAuth0(keys: TestKeys, user = 'user1'): Promise<FakeAuth0> {
  const state: Omit<FakeAuth0, 'domain' | 'close'> = { requests: [], pending: 1, issued: [] };
  let domain = '';
  let refreshes = 0;
  const server: Server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8').on('data', (d: string) => (text += d));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(text === '' ? '{}' : text) as Record<string, string>;
        state.requests.push({ path: req.url ?? '', body });
        const json = (status: number, v: unknown) => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(v));
        };
        const token = async () => {
          const access = await sign(keys, zedClaims(domain, { 'https://lake.brimdata.io/user_id': user }));
          state.issued.push(access);
          return access;
        };
        if (req.url === '/oauth/device/code') {
          json(200, { device_code: 'dev-code-1', expires_in: 600, interval: 0, user_code: 'ABCD-EFGH', verification_uri: `${domain}/activate`, verification_uri_complete: `${domain}/activate?user_code=ABCD-EFGH` });
        } else if (req.url === '/oauth/token' && body['grant_type'] === 'urn:ietf:params:oauth:grant-type:device_code') {
          if (state.pending > 0) {
            state.pending--;
            json(403, { error: 'authorization_pending', error_description: 'User has yet to authorize device code.' });
          } else json(200, { access_token: await token(), expires_in: 86400, id_token: 'id-token-1', refresh_token: 'refresh-1', token_type: 'Bearer' });
        } else if (req.url === '/oauth/token' && body['grant_type'] === 'refresh_token') {
          if (body['refresh_token'] !== 'refresh-1') json(403, { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' });
          else json(200, { access_token: await token(), expires_in: 86400, id_token: `id-token-r${++refreshes}`, token_type: 'Bearer' });
        } else json(404, { error: 'not_found', error_description: req.url ?? '' });
      })();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  domain = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    domain,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  });
}
