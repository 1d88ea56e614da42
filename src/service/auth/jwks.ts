// The keys that sign Zed auth tokens: a JSON Web Key Set (Auth0's
// /.well-known/jwks.json) by key id. Zed takes each key's first X.509
// certificate (x5c) and skips keys without one; zlake also takes a bare RSA
// key (n and e, as jose exports one) when a key has no certificate. jose
// imports the keys: once per key id and algorithm, as Web Crypto keys are
// bound to one algorithm.

import { importJWK, importX509, type CryptoKey } from 'jose';
import { InvalidError, UnauthorizedError, UnavailableError } from '../../errors/index.js';
import { elapsedMs } from '../../util/clock.js';

/** Where the verifier gets a key: throws when `kid` names no key. */
export interface KeySource {
  key(kid: string, alg: string): Promise<CryptoKey>;
}

type KeyMaterial = { readonly kind: 'x509'; readonly pem: string } | { readonly kind: 'jwk'; readonly n: string; readonly e: string };

const UNKNOWN_KID = 'unknown token key id';

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** A key set read from a JWKS document (a parsed JSON value). */
export class JwksKeys implements KeySource {
  readonly #material = new Map<string, KeyMaterial>();
  readonly #imported = new Map<string, Promise<CryptoKey>>();

  constructor(doc: unknown) {
    const keys = doc !== null && typeof doc === 'object' ? (doc as { keys?: unknown }).keys : undefined;
    if (!Array.isArray(keys)) throw new InvalidError('JWKS has no "keys" array');
    for (const k of keys as unknown[]) {
      if (k === null || typeof k !== 'object') continue;
      const jwk = k as { kid?: unknown; kty?: unknown; n?: unknown; e?: unknown; x5c?: unknown };
      const kid = str(jwk.kid);
      const cert = Array.isArray(jwk.x5c) ? str(jwk.x5c[0]) : '';
      if (cert !== '') {
        this.#material.set(kid, { kind: 'x509', pem: `-----BEGIN CERTIFICATE-----\n${cert}\n-----END CERTIFICATE-----` });
      } else if (str(jwk.kty) === 'RSA' && str(jwk.n) !== '' && str(jwk.e) !== '') {
        this.#material.set(kid, { kind: 'jwk', n: str(jwk.n), e: str(jwk.e) });
      }
    }
  }

  get size(): number {
    return this.#material.size;
  }

  /** Imports every key once, so a bad certificate fails at start (as Zed's loadPublicKeys does). */
  async check(): Promise<void> {
    for (const kid of this.#material.keys()) await this.key(kid, 'RS256');
  }

  key(kid: string, alg: string): Promise<CryptoKey> {
    const m = this.#material.get(kid);
    if (m === undefined) return Promise.reject(new UnauthorizedError(UNKNOWN_KID));
    const id = `${alg} ${kid}`;
    let k = this.#imported.get(id);
    if (k === undefined) {
      k = m.kind === 'x509' ? importX509(m.pem, alg) : (importJWK({ kty: 'RSA', n: m.n, e: m.e }, alg) as Promise<CryptoKey>);
      this.#imported.set(id, k);
      // A failed import is not kept: the next token tries again.
      k.catch(() => this.#imported.delete(id));
    }
    return k;
  }
}

export interface RemoteJwksOptions {
  /** How long a fetched key set is used before it is fetched again (default 10 minutes). */
  readonly maxAgeMs?: number;
  /** The least time between two fetches made for an unknown key id (default 30 s). */
  readonly cooldownMs?: number;
  readonly fetch?: typeof fetch;
  /** Milliseconds, monotonic (default: the platform clock's elapsedMs). */
  readonly clock?: () => number;
}

/**
 * A key set fetched from a URL (a Worker without a JWKS binding), cached:
 * fetched again when it is older than maxAgeMs, or when a token names a key
 * id it lacks (keys rotate) but not more often than every cooldownMs.
 */
export class RemoteJwks implements KeySource {
  readonly #url: string;
  readonly #maxAge: number;
  readonly #cooldown: number;
  readonly #fetch: typeof fetch;
  readonly #clock: () => number;
  #keys: JwksKeys | null = null;
  #fetchedAt = -Infinity;
  #pending: Promise<JwksKeys> | null = null;

  constructor(url: string, opts: RemoteJwksOptions = {}) {
    this.#url = url;
    this.#maxAge = opts.maxAgeMs ?? 600_000;
    this.#cooldown = opts.cooldownMs ?? 30_000;
    this.#fetch = opts.fetch ?? ((input, init) => fetch(input, init));
    this.#clock = opts.clock ?? elapsedMs;
  }

  async key(kid: string, alg: string): Promise<CryptoKey> {
    const age = this.#clock() - this.#fetchedAt;
    let keys = this.#keys !== null && age < this.#maxAge ? this.#keys : await this.#refresh();
    try {
      return await keys.key(kid, alg);
    } catch (e) {
      if (this.#clock() - this.#fetchedAt < this.#cooldown) throw e;
      keys = await this.#refresh();
      return keys.key(kid, alg);
    }
  }

  #refresh(): Promise<JwksKeys> {
    if (this.#pending !== null) return this.#pending;
    const p = (async () => {
      try {
        const res = await this.#fetch(this.#url, { headers: { Accept: 'application/json' } });
        if (!res.ok) throw new Error(`status ${res.status}`);
        const keys = new JwksKeys(await res.json());
        this.#keys = keys;
        this.#fetchedAt = this.#clock();
        return keys;
      } catch (e) {
        // Keys fetched before still verify tokens while the URL does not
        // answer; it is asked again after the cooldown, not on every token.
        if (this.#keys !== null) {
          this.#fetchedAt = this.#clock() - this.#maxAge + this.#cooldown;
          return this.#keys;
        }
        throw new UnavailableError(`Cannot fetch the JWKS from ${this.#url}`, { cause: e });
      } finally {
        this.#pending = null;
      }
    })();
    this.#pending = p;
    return p;
  }
}
