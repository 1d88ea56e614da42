// zlake's API tokens (beyond Zed): random 256-bit bearer tokens an operator
// hands out, each with scopes. A token reads `zlake_<id>_<secret>`: the id
// (public) finds its record, and the SHA-256 of the whole token is compared
// with the stored hash in constant time. The store never holds a token, and
// no message here ever quotes one. Verified records are cached briefly
// (cacheMs); a revoke made here drops its entry at once, one made elsewhere
// (another process, another isolate) takes effect within cacheMs.

import { InvalidError, UnauthorizedError } from '../../errors/index.js';
import { parseScope, scopeText, type Scope } from '../../exec/index.js';
import type { ApiTokenRecord, TokenStore } from '../../storage/index.js';
import { decodeHex, encodeHex } from '../../util/hex.js';
import { constantTimeEqual } from '../../util/constant-time.js';
import { parseDuration } from '../../zson/index.js';
import { elapsedMs } from '../../util/clock.js';

export const TOKEN_PREFIX = 'zlake_';
const TOKEN_FORM = /^zlake_([0-9a-f]{16})_[A-Za-z0-9_-]{43}$/;
const NAME_FORM = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,127}$/;

/** The one refusal of a bad API token, whatever was wrong with it. */
export const INVALID_API_TOKEN = 'invalid API token';

/** What a verified token allows. */
export interface TokenGrant {
  readonly name: string;
  readonly scopes: readonly Scope[];
}

export interface NewToken {
  /** The token itself: shown once, stored nowhere. */
  readonly token: string;
  readonly record: ApiTokenRecord;
}

export interface ApiTokensOptions {
  /** Unix nanoseconds, for creation and expiry. */
  readonly now: () => bigint;
  /** How long a token's record is used before it is read again, in ms (default 1000). */
  readonly cacheMs?: number;
  /** Milliseconds, monotonic (default: the platform clock's elapsedMs). */
  readonly clock?: () => number;
}

interface Entry {
  readonly at: number;
  readonly record: ApiTokenRecord | null;
  readonly hash: Uint8Array | null;
  readonly scopes: readonly Scope[];
}

/** Records a cache holds at most (misses included), oldest dropped first. */
const MAX_CACHED = 10_000;

function base64url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** SHA-256 of a token's text. */
export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** A new random token and its public id. */
export function mintToken(): { id: string; token: string } {
  const id = encodeHex(crypto.getRandomValues(new Uint8Array(8)));
  return { id, token: `${TOKEN_PREFIX}${id}_${base64url(crypto.getRandomValues(new Uint8Array(32)))}` };
}

/** True when `text` has the form of an API token (not that it is valid). */
export function looksLikeApiToken(text: string): boolean {
  return text.startsWith(TOKEN_PREFIX);
}

export function checkTokenName(name: string): void {
  if (!NAME_FORM.test(name)) {
    throw new InvalidError(`Invalid token name ${JSON.stringify(name)}: use 1 to 128 letters, digits, ".", "_", "@" or "-", starting with a letter or digit`);
  }
}

/** The expiry `text` (Zed duration text: 30d, 12h, 1w) from `now`, in Unix nanoseconds; empty for never. */
export function expiryOf(text: string, now: bigint): bigint | null {
  if (text === '') return null;
  const d = parseDuration(text);
  if (d === null || d <= 0n) throw new InvalidError(`Invalid expiry ${JSON.stringify(text)}: want a positive duration such as 30d or 12h`);
  return now + d;
}

/** API tokens over a TokenStore: create, list, revoke, verify (cached). */
export class ApiTokens {
  readonly #store: TokenStore;
  readonly #now: () => bigint;
  readonly #cacheMs: number;
  readonly #clock: () => number;
  readonly #cache = new Map<string, Entry>();
  readonly #reading = new Map<string, Promise<Entry>>();

  constructor(store: TokenStore, opts: ApiTokensOptions) {
    this.#store = store;
    this.#now = opts.now;
    this.#cacheMs = opts.cacheMs ?? 1000;
    this.#clock = opts.clock ?? elapsedMs;
  }

  /** Makes a token named `name`; `expires` is Unix nanoseconds or null for never. */
  async create(name: string, scopes: readonly Scope[], expires: bigint | null): Promise<NewToken> {
    checkTokenName(name);
    if (scopes.length === 0) throw new InvalidError('A token needs at least one scope');
    const now = this.#now();
    if (expires !== null && expires <= now) throw new InvalidError('A token must expire in the future');
    const { id, token } = mintToken();
    const record: ApiTokenRecord = { id, name, hash: encodeHex(await sha256(token)), scopes: scopes.map(scopeText), created: now, expires };
    await this.#store.createToken(record);
    this.#cache.delete(id);
    return { token, record };
  }

  list(): Promise<ApiTokenRecord[]> {
    return this.#store.listTokens();
  }

  /** Removes the token named `name`: refused from the next request on, here. */
  async revoke(name: string): Promise<ApiTokenRecord> {
    const r = await this.#store.deleteToken(name);
    this.#cache.delete(r.id);
    return r;
  }

  /** What `token` allows; UnauthorizedError when it is unknown, revoked, expired or not a token at all. */
  async verify(token: string): Promise<TokenGrant> {
    const m = TOKEN_FORM.exec(token);
    if (m === null) throw new UnauthorizedError(INVALID_API_TOKEN);
    const [hash, entry] = await Promise.all([sha256(token), this.#entry(m[1]!)]);
    const ok = entry.hash !== null && constantTimeEqual(hash, entry.hash);
    const r = entry.record;
    if (!ok || r === null || (r.expires !== null && this.#now() >= r.expires)) throw new UnauthorizedError(INVALID_API_TOKEN);
    return { name: r.name, scopes: entry.scopes };
  }

  async #entry(id: string): Promise<Entry> {
    const cached = this.#cache.get(id);
    if (cached !== undefined && this.#clock() - cached.at < this.#cacheMs) return cached;
    let reading = this.#reading.get(id);
    if (reading === undefined) {
      reading = this.#read(id).finally(() => this.#reading.delete(id));
      this.#reading.set(id, reading);
    }
    return reading;
  }

  async #read(id: string): Promise<Entry> {
    const record = await this.#store.getToken(id);
    let scopes: Scope[] = [];
    let hash: Uint8Array | null = null;
    if (record !== null) {
      hash = decodeHex(record.hash);
      try {
        scopes = record.scopes.map(parseScope);
      } catch {
        // A record with a scope this version cannot read grants nothing.
        hash = null;
      }
    }
    const entry: Entry = { at: this.#clock(), record, hash, scopes };
    this.#cache.delete(id);
    if (this.#cache.size >= MAX_CACHED) this.#cache.delete(this.#cache.keys().next().value!);
    this.#cache.set(id, entry);
    return entry;
  }
}
