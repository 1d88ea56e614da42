// Zed's Auth0 client (api/client/auth0/auth0.go): the device-code login of
// `zed auth login` and the refresh of an expired access token, against the
// Auth0 domain a lake service names in /auth/method. Requests are JSON
// POSTs to <domain>/oauth/device/code and <domain>/oauth/token; an error
// answer reads `auth0 error: <error>: <error_description>`.

import { expirationIn, type Tokens } from './credentials.js';

export interface Auth0Details {
  readonly audience: string;
  readonly client_id: string;
  readonly domain: string;
}

export interface DeviceCode {
  readonly device_code: string;
  readonly expires_in: number;
  readonly interval: number;
  readonly user_code: string;
  readonly verification_uri: string;
  readonly verification_uri_complete: string;
}

interface TokenResponse {
  access_token?: string;
  expires_in?: number;
  id_token?: string;
  refresh_token?: string;
}

/** An error Auth0 answered (APIError). */
export class Auth0Error extends Error {
  constructor(
    readonly kind: string,
    readonly description: string,
  ) {
    super(`auth0 error: ${kind}: ${description}`);
  }
}

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export class Auth0Client {
  readonly #config: Auth0Details;
  readonly #base: URL;

  constructor(config: Auth0Details) {
    this.#config = config;
    this.#base = new URL(config.domain);
  }

  getDeviceCode(scope: string): Promise<DeviceCode> {
    return this.#post('/oauth/device/code', { audience: this.#config.audience, client_id: this.#config.client_id, scope }) as Promise<DeviceCode>;
  }

  /** Polls every `interval` seconds until the user has confirmed (or a real error comes). */
  async pollDeviceCodeTokens(dcr: DeviceCode, signal?: AbortSignal): Promise<Tokens> {
    const delay = dcr.interval > 0 ? dcr.interval * 1000 : 1000;
    for (;;) {
      await new Promise<void>((ok, fail) => {
        const t = setTimeout(ok, delay);
        signal?.addEventListener('abort', () => {
          clearTimeout(t);
          fail(signal.reason);
        });
      });
      try {
        const res = (await this.#post('/oauth/token', { client_id: this.#config.client_id, device_code: dcr.device_code, grant_type: DEVICE_CODE_GRANT })) as TokenResponse;
        return tokensOf(res, res.refresh_token ?? '');
      } catch (e) {
        if (e instanceof Auth0Error && e.kind === 'authorization_pending') continue;
        throw e;
      }
    }
  }

  async refreshToken(refresh: string): Promise<Tokens> {
    const res = (await this.#post('/oauth/token', { client_id: this.#config.client_id, grant_type: 'refresh_token', refresh_token: refresh })) as TokenResponse;
    // A new refresh token comes only when the application rotates them.
    return tokensOf(res, res.refresh_token !== undefined && res.refresh_token !== '' ? res.refresh_token : refresh);
  }

  async #post(path: string, body: Record<string, string>): Promise<unknown> {
    const u = new URL(this.#base.href);
    u.pathname = path;
    const res = await fetch(u, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    const text = await res.text();
    if (res.status < 200 || res.status > 299) {
      const e = JSON.parse(text) as { error?: string; error_description?: string };
      throw new Auth0Error(e.error ?? '', e.error_description ?? '');
    }
    return JSON.parse(text);
  }
}

function tokensOf(res: TokenResponse, refresh: string): Tokens {
  return { access: res.access_token ?? '', expiration: expirationIn(res.expires_in ?? 0), id: res.id_token ?? '', refresh };
}
