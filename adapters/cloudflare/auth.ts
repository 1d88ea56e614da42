// Authentication for the Worker, from its environment: Zed's auth mode
// (ZLAKE_AUTH_ENABLED with the audience, client id and domain vars, and the
// JWKS from a binding, ZLAKE_AUTH_JWKS, or fetched from ZLAKE_AUTH_JWKS_URL
// and cached), zlake's API tokens in D1 (ZLAKE_AUTH_TOKENS), and an admin
// bearer kept in a Workers secret (ZLAKE_ADMIN_TOKEN) to make the first
// tokens with `zlake token create -lake <worker URL>`.

import { createAuthenticator, InvalidError, JwksKeys, RemoteJwks, SqlTokenStore, type Authenticator, type KeySource, type SqlDatabase } from '../../src/index.js';

export interface AuthEnv {
  /** "true" (or 1, t, yes) turns Zed's auth mode on. */
  readonly ZLAKE_AUTH_ENABLED?: string;
  readonly ZLAKE_AUTH_AUDIENCE?: string;
  readonly ZLAKE_AUTH_CLIENTID?: string;
  readonly ZLAKE_AUTH_DOMAIN?: string;
  /** The JSON Web Key Set: its JSON text (a var or secret) or a JSON var's object. */
  readonly ZLAKE_AUTH_JWKS?: string | object;
  /** Where to fetch the JSON Web Key Set when there is no ZLAKE_AUTH_JWKS (Auth0's <domain>/.well-known/jwks.json). */
  readonly ZLAKE_AUTH_JWKS_URL?: string;
  /** "true" turns API tokens on. */
  readonly ZLAKE_AUTH_TOKENS?: string;
  /** A secret bearer that may do everything (`*:admin`); at least 32 characters. */
  readonly ZLAKE_ADMIN_TOKEN?: string;
}

const MISSING =
  'ZLAKE_AUTH_AUDIENCE, ZLAKE_AUTH_CLIENTID, ZLAKE_AUTH_DOMAIN, and ZLAKE_AUTH_JWKS or ZLAKE_AUTH_JWKS_URL must be set when ZLAKE_AUTH_ENABLED is on';

function on(v: string | undefined): boolean {
  return v !== undefined && /^(1|t|true|yes|on)$/i.test(v.trim());
}

function keysOf(env: AuthEnv): KeySource | null {
  const jwks = env.ZLAKE_AUTH_JWKS;
  if (jwks !== undefined && jwks !== '') {
    try {
      return new JwksKeys(typeof jwks === 'string' ? JSON.parse(jwks) : jwks);
    } catch (e) {
      throw new InvalidError(`failed to load JWKS (ZLAKE_AUTH_JWKS): ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const url = env.ZLAKE_AUTH_JWKS_URL ?? '';
  return url === '' ? null : new RemoteJwks(url);
}

/** The Worker's Authenticator, or undefined when its environment turns nothing on. */
export function workerAuthenticator(env: AuthEnv, db: SqlDatabase, now: () => bigint): Authenticator | undefined {
  const zedOn = on(env.ZLAKE_AUTH_ENABLED);
  const tokensOn = on(env.ZLAKE_AUTH_TOKENS);
  const admin = env.ZLAKE_ADMIN_TOKEN ?? '';
  if (!zedOn && !tokensOn && admin === '') return undefined;
  let zed;
  if (zedOn) {
    const keys = keysOf(env);
    const audience = env.ZLAKE_AUTH_AUDIENCE ?? '';
    const clientId = env.ZLAKE_AUTH_CLIENTID ?? '';
    const domain = env.ZLAKE_AUTH_DOMAIN ?? '';
    if (keys === null || audience === '' || clientId === '' || domain === '') throw new InvalidError(MISSING);
    zed = { audience, clientId, domain, keys };
  }
  return createAuthenticator({
    ...(zed !== undefined ? { zed } : {}),
    ...(tokensOn ? { tokens: new SqlTokenStore(db) } : {}),
    ...(admin !== '' ? { adminToken: admin } : {}),
    now,
  });
}
