// The TokenStore port: zlake's API tokens (not Zed's), kept beside the lake's
// metadata so every adapter has them. A store holds each token's SHA-256
// hash, never the token. Implementations: memory/ and sql/ (libSQL, D1).

import { ExistsError, NotFoundError } from '../errors/index.js';

export interface ApiTokenRecord {
  /** The token's public key id (a part of the token text); lookups go by it. */
  readonly id: string;
  /** Unique; what an operator lists and revokes it by. */
  readonly name: string;
  /** SHA-256 of the whole token text, as lower-case hex. */
  readonly hash: string;
  /** Scope texts, `pool:level` (see exec/pool-access.ts). */
  readonly scopes: readonly string[];
  /** Unix nanoseconds. */
  readonly created: bigint;
  /** Unix nanoseconds; null for a token that never expires. */
  readonly expires: bigint | null;
}

export interface TokenStore {
  /** Adds a token; ExistsError when its name (or id) is taken. */
  createToken(t: ApiTokenRecord): Promise<void>;
  /** The token with public id `id`, or null. */
  getToken(id: string): Promise<ApiTokenRecord | null>;
  /** Every token, by name. */
  listTokens(): Promise<ApiTokenRecord[]>;
  /** Removes the token named `name` and returns it; NotFoundError when there is none. */
  deleteToken(name: string): Promise<ApiTokenRecord>;
}

export function tokenExists(name: string): ExistsError {
  return new ExistsError(`Token ${JSON.stringify(name)} already exists`);
}

export function tokenNotFound(name: string): NotFoundError {
  return new NotFoundError(`Cannot find token ${JSON.stringify(name)}`);
}
