// Who the console acts as: the bearer token (kept for the browser tab's
// life), what the service says it may do (GET /auth/scopes), and whether
// the page must ask for a token (after a 401).

import { computed, signal } from '@preact/signals';
// The scope rules themselves, shared with the service (src/exec's index
// would bring the whole engine into the page, so the one file is imported).
import { allows, allowsEvery, parseScope, type AccessLevel, type Scopes } from '../../src/exec/pool-access.js';

const TOKEN_KEY = 'zlake.console.token';

function storedToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export const session = {
  token: signal<string | null>(storedToken()),
  /** What the credentials may do; undefined until the service has said. */
  scopes: signal<Scopes | undefined>(undefined),
  /** Why the page asks for a token (a 401's message), or null. */
  prompt: signal<string | null>(null),

  setToken(token: string | null): void {
    try {
      if (token === null) sessionStorage.removeItem(TOKEN_KEY);
      else sessionStorage.setItem(TOKEN_KEY, token);
    } catch {
      // storage refused (private mode): the token lives in memory only
    }
    this.token.value = token;
    this.scopes.value = undefined;
    this.prompt.value = null;
  },

  unauthorized(message: string): void {
    this.scopes.value = undefined;
    this.prompt.value = message;
  },

  setScopes(texts: readonly string[]): void {
    this.scopes.value = texts.map(parseScope);
  },
};

/** Whether the session may act at `level` on the pool named `pool` (no while unknown). */
export function may(pool: string, level: AccessLevel): boolean {
  const s = session.scopes.value;
  return s !== undefined && allows(s, pool, level);
}

/** Whether the session may create pools (`*:admin`). */
export const mayCreatePools = computed(() => {
  const s = session.scopes.value;
  return s !== undefined && allowsEvery(s, 'admin');
});
