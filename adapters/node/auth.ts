// Authentication for `zlake serve`: Zed's auth mode from its -auth.* flags
// (the JWKS read from -auth.jwkspath, with Zed's errors) and zlake's API
// tokens (-auth.tokens), kept in the lake's metastore.

import { readFileSync } from 'node:fs';
import { createAuthenticator, InvalidError, JwksKeys, ZED_AUTH_SETTINGS, type Authenticator, type TokenStore } from '../../src/index.js';

export interface ServeAuthOptions {
  /** Zed's auth mode: -auth.enabled with -auth.audience, -auth.clientid, -auth.domain, -auth.jwkspath. */
  readonly zed?: { readonly audience: string; readonly clientId: string; readonly domain: string; readonly jwksPath: string };
  /** API tokens (-auth.tokens). */
  readonly tokens?: boolean;
  /** How long a verified API token is trusted before it is read again, in ms (default 1000). */
  readonly tokenCacheMs?: number;
}

/** Zed's loadPublicKeys: the JWKS file, with Go's wording of what went wrong. */
export async function readJwksFile(path: string): Promise<JwksKeys> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file or directory' : code === 'EACCES' ? 'permission denied' : e instanceof Error ? e.message : String(e);
    throw new InvalidError(`failed to load JWKS file: open ${path}: ${why}`);
  }
  let keys: JwksKeys;
  try {
    keys = new JwksKeys(JSON.parse(text));
  } catch (e) {
    throw new InvalidError(`failed to load JWKS file: ${path}: unmarshaling error: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    await keys.check();
  } catch (e) {
    throw new InvalidError(`failed to load JWKS file: ${e instanceof Error ? e.message : String(e)}`);
  }
  return keys;
}

/** The server's Authenticator, or undefined when auth is off. */
export async function serveAuthenticator(opts: ServeAuthOptions, tokens: TokenStore, now: () => bigint): Promise<Authenticator | undefined> {
  const zed = opts.zed;
  if (zed === undefined && opts.tokens !== true) return undefined;
  if (zed !== undefined && (zed.audience === '' || zed.clientId === '' || zed.domain === '' || zed.jwksPath === '')) {
    throw new InvalidError(ZED_AUTH_SETTINGS);
  }
  return createAuthenticator({
    ...(zed !== undefined ? { zed: { audience: zed.audience, clientId: zed.clientId, domain: zed.domain, keys: await readJwksFile(zed.jwksPath) } } : {}),
    ...(opts.tokens === true ? { tokens } : {}),
    now,
    ...(opts.tokenCacheMs !== undefined ? { tokenCacheMs: opts.tokenCacheMs } : {}),
  });
}
