// RS256 keys for the auth tests, made with jose: a JSON Web Key Set to give
// the server (as a file or a Worker binding) and tokens signed here, with
// Zed's claims (service/auth/generator.go) or any others.
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export const AUDIENCE = 'https://zlake.test/api';
export const CLIENT_ID = 'test-client-id';
export const TENANT_CLAIM = 'https://lake.brimdata.io/tenant_id';
export const USER_CLAIM = 'https://lake.brimdata.io/user_id';

export interface TestKeys {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  /** A key the set does not hold. */
  readonly strangerKey: CryptoKey;
  /** The set, as the server reads it. */
  readonly jwks: { keys: Record<string, unknown>[] };
}

export async function testKeys(kid = 'testkey'): Promise<TestKeys> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256');
  const jwk = await exportJWK(publicKey);
  return { kid, privateKey, strangerKey: stranger.privateKey, jwks: { keys: [{ ...jwk, kid, use: 'sig', alg: 'RS256' }] } };
}

export interface SignOptions {
  readonly kid?: string | null;
  readonly alg?: string;
  readonly key?: CryptoKey;
}

/** A JWT with exactly `claims` (no defaults). */
export async function sign(keys: TestKeys, claims: JWTPayload, opts: SignOptions = {}): Promise<string> {
  const kid = opts.kid === undefined ? keys.kid : opts.kid;
  const header = { alg: opts.alg ?? 'RS256', typ: 'JWT', ...(kid !== null ? { kid } : {}) };
  let key = opts.key ?? keys.privateKey;
  // A Web Crypto key signs with one algorithm: the same key for another is imported again.
  if (header.alg !== 'RS256') key = await importPKCS8(await exportPKCS8(key), header.alg);
  return new SignJWT(claims).setProtectedHeader(header).sign(key);
}

/** Zed's GenerateAccessToken claims for `domain`, an hour from now; `over` replaces claims (undefined removes one). */
export function zedClaims(domain: string, over: Record<string, unknown> = {}): JWTPayload {
  const c: Record<string, unknown> = {
    aud: AUDIENCE,
    exp: Math.floor(Date.now() / 1000) + 3600,
    iss: `${domain}/`,
    [TENANT_CLAIM]: 'tenant1',
    [USER_CLAIM]: 'user1',
  };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) delete c[k];
    else c[k] = v;
  }
  return c as JWTPayload;
}
