// Zed's auth mode (service/auth/validator.go): an RS256 JWT signed by a key of
// the JWKS, for the configured audience, issued by `<domain>/`, with an
// expiry; its tenant and user claims are the request's identity. The
// signature is jose's; the claim checks repeat golang-jwt v4.4.3's MapClaims
// (numeric dates truncated to seconds, a claim of the wrong type failing
// like a bad one) so that each failure has Zed's message.

import { compactVerify } from 'jose';
import { UnauthorizedError, UnavailableError } from '../../errors/index.js';
import type { Identity } from '../deps.js';
import type { KeySource } from './jwks.js';

export const TENANT_ID_CLAIM = 'https://lake.brimdata.io/tenant_id';
export const USER_ID_CLAIM = 'https://lake.brimdata.io/user_id';

/** Zed's auth.AnonymousTenantID and AnonymousUserID. */
export const ANONYMOUS: Identity = {
  tenantId: 'tenant_000000000000000000000000001',
  userId: 'user_000000000000000000000000001',
};

/** The algorithms golang-jwt verifies with an RSA public key; all but RS256 then fail as "invalid signing method". */
const RSA_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];

export interface ZedJwtConfig {
  readonly audience: string;
  /** The Auth0 domain as a URL; tokens must be issued by it plus "/". */
  readonly domain: string;
  readonly keys: KeySource;
  /** Unix seconds (default: the system clock). */
  readonly nowSeconds?: () => number;
}

type Claims = Readonly<Record<string, unknown>>;

const fail = (message: string) => new UnauthorizedError(message);

/** A numeric date as golang-jwt reads it: whole seconds, 0 meaning unset; undefined when of another type. */
function numericDate(v: unknown): number | null | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  return v === 0 ? null : Math.trunc(v);
}

/** MapClaims.Valid: exp, iat and nbf, each checked only when present. */
function claimsValid(c: Claims, now: number): boolean {
  for (const [name, ok] of [
    ['exp', (t: number) => now < t],
    ['iat', (t: number) => now >= t],
    ['nbf', (t: number) => now >= t],
  ] as const) {
    if (!(name in c)) continue;
    const t = numericDate(c[name]);
    if (t === undefined) return false;
    if (t !== null && !ok(t)) return false;
  }
  return true;
}

/** MapClaims.VerifyAudience(cmp, true). */
function audienceOk(aud: unknown, want: string): boolean {
  let list: string[];
  if (typeof aud === 'string') list = [aud];
  else if (Array.isArray(aud)) {
    if (!aud.every((a) => typeof a === 'string')) return false;
    list = aud as string[];
  } else list = [];
  if (list.join('') === '') return false;
  return list.includes(want);
}

export class ZedJwtVerifier {
  readonly #audience: string;
  readonly #issuer: string;
  readonly #keys: KeySource;
  readonly #now: () => number;

  constructor(cfg: ZedJwtConfig) {
    this.#audience = cfg.audience;
    // "Auth0 issuer is always the domain URL with trailing /" (validator.go).
    this.#issuer = `${cfg.domain}/`;
    this.#keys = cfg.keys;
    this.#now = cfg.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  }

  /** The identity a token stands for; UnauthorizedError with Zed's message otherwise. */
  async verify(token: string): Promise<Identity> {
    if (token === '') throw fail('');
    let alg: string;
    let claims: Claims;
    try {
      const r = await compactVerify(token, (h) => this.#keys.key(typeof h.kid === 'string' ? h.kid : '', h.alg), { algorithms: RSA_ALGORITHMS });
      alg = r.protectedHeader.alg;
      const parsed: unknown = JSON.parse(new TextDecoder().decode(r.payload));
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw fail('invalid token');
      claims = parsed as Claims;
    } catch (e) {
      // A key set that cannot be fetched is the service's failure, not the token's.
      if (e instanceof UnavailableError) throw e;
      throw fail('invalid token');
    }
    const now = this.#now();
    if (!claimsValid(claims, now)) throw fail('invalid token');
    if (alg !== 'RS256') throw fail('invalid signing method');
    if (!audienceOk(claims['aud'], this.#audience)) throw fail('invalid audience');
    // Present and not 0 (claimsValid has checked that it is in the future).
    const exp = numericDate(claims['exp']);
    if (exp === null || exp === undefined) throw fail('invalid expiration');
    const iss = typeof claims['iss'] === 'string' ? claims['iss'] : '';
    if (iss === '' || iss !== this.#issuer) throw fail('invalid issuer');
    return { tenantId: idClaim(claims, TENANT_ID_CLAIM, ANONYMOUS.tenantId), userId: idClaim(claims, USER_ID_CLAIM, ANONYMOUS.userId) };
  }
}

/** A tenant or user claim: absent means anonymous; empty or the anonymous id itself is refused (as "invalid tenant ID" for both, Zed's quirk). */
function idClaim(c: Claims, name: string, anonymous: string): string {
  if (!(name in c)) return anonymous;
  const v = c[name];
  const s = typeof v === 'string' ? v : '';
  if (s === '' || s === anonymous) throw fail('invalid tenant ID');
  return s;
}

