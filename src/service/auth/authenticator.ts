// The service's authentication: Zed's auth mode (Auth0 JWTs), zlake's API
// tokens, or both. With both, a bearer that has an API token's form goes to
// the tokens and any other to the JWT check, so each kind keeps its own
// messages. A Zed login may do everything (Zed knows only "logged in"); an
// API token what its scopes allow.

import { InvalidError, UnauthorizedError } from '../../errors/index.js';
import type { TokenStore } from '../../storage/index.js';
import type { Authenticator, Principal } from '../deps.js';
import { ApiTokens, INVALID_API_TOKEN, looksLikeApiToken, sha256 } from './api-tokens.js';
import { constantTimeEqual } from '../../util/constant-time.js';
import { bearerToken } from './bearer.js';
import type { KeySource } from './jwks.js';
import { ANONYMOUS, ZedJwtVerifier } from './zed-jwt.js';

export interface ZedAuthConfig {
  readonly audience: string;
  readonly clientId: string;
  /** The Auth0 domain as a URL (https://example.us.auth0.com). */
  readonly domain: string;
  readonly keys: KeySource;
}

export interface AuthOptions {
  /** Zed's auth mode (-auth.enabled). */
  readonly zed?: ZedAuthConfig;
  /** API tokens (-auth.tokens): where they are kept. */
  readonly tokens?: TokenStore;
  /** Unix nanoseconds (token creation and expiry). */
  readonly now?: () => bigint;
  /** How long a verified API token is trusted before its record is read again, in ms (default 1000). */
  readonly tokenCacheMs?: number;
  /** Unix seconds, for JWT expiry (default: the system clock). */
  readonly nowSeconds?: () => number;
  /**
   * A bearer that may do everything (`*:admin`), for making the first API
   * tokens where there is no lake folder to run `zlake token` on (a
   * Worker's secret). At least 32 characters; compared by hash.
   */
  readonly adminToken?: string;
}

/** The principal of the admin token. */
const ADMIN_SCOPES = [{ pool: '*', level: 'admin' }] as const;

/** Zed's NewAuthenticator error, when a setting is missing. */
export const ZED_AUTH_SETTINGS = 'auth.audience, auth.clientid, auth.domain, and auth.jwkspath must be set when auth enabled';

export function createAuthenticator(opts: AuthOptions): Authenticator {
  const zed = opts.zed;
  if (zed !== undefined && (zed.audience === '' || zed.clientId === '' || zed.domain === '')) throw new InvalidError(ZED_AUTH_SETTINGS);
  const admin = opts.adminToken ?? '';
  if (zed === undefined && opts.tokens === undefined && admin === '') throw new InvalidError('Authentication needs Zed auth settings, API tokens, or both');
  if (admin !== '' && admin.length < 32) throw new InvalidError('The admin token must be at least 32 characters long');
  const adminHash = admin === '' ? null : sha256(admin);
  const jwt = zed === undefined ? null : new ZedJwtVerifier({ ...zed, ...(opts.nowSeconds !== undefined ? { nowSeconds: opts.nowSeconds } : {}) });
  const now = opts.now ?? (() => BigInt(Date.now()) * 1_000_000n);
  const tokens =
    opts.tokens === undefined ? null : new ApiTokens(opts.tokens, { now, ...(opts.tokenCacheMs !== undefined ? { cacheMs: opts.tokenCacheMs } : {}) });
  return {
    auth0: zed === undefined ? null : { audience: zed.audience, clientId: zed.clientId, domain: zed.domain },
    tokens,
    async authenticate(header: string | undefined): Promise<Principal> {
      const token = bearerToken(header);
      if (adminHash !== null && constantTimeEqual(await sha256(token), await adminHash)) {
        return { identity: { tenantId: ANONYMOUS.tenantId, userId: 'admin' }, scopes: ADMIN_SCOPES };
      }
      if (tokens !== null && (jwt === null || looksLikeApiToken(token))) {
        const grant = await tokens.verify(token);
        return { identity: { tenantId: ANONYMOUS.tenantId, userId: grant.name }, scopes: grant.scopes };
      }
      if (jwt === null) throw new UnauthorizedError(INVALID_API_TOKEN);
      return { identity: await jwt.verify(token), scopes: null };
    },
  };
}
