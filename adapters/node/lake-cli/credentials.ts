// Zed's credentials file (api/client/auth0/store.go): <configdir>/
// credentials.json, by default ~/.zed/credentials.json, where `zed auth
// login` and `zed auth store` keep each lake service's tokens and where the
// Go and Python clients read them:
//   {"version":1,"services":{"<lake URL>":{"access","expiration","id","refresh"}}}
// A file of another version is read as empty. Written as Go writes it (four
// spaces, keys sorted, a final newline), mode 0600 in a 0700 folder, by
// replacing the file whole.

import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** Zed's auth0.Tokens. */
export interface Tokens {
  access: string;
  /** Go's time.Time as JSON (RFC 3339); the zero time when unknown. */
  expiration: string;
  id: string;
  refresh: string;
}

const VERSION = 1;
export const ZERO_TIME = '0001-01-01T00:00:00Z';

interface Credentials {
  version: number;
  services: Record<string, Tokens>;
}

/** -configdir's default: ~/.zed (Go's os.UserHomeDir is $HOME). */
export function defaultConfigDir(env: NodeJS.ProcessEnv): string {
  const home = env['HOME'] ?? homedir();
  return home === '' ? '' : join(home, '.zed');
}

/** A lake service's key in the file: its URL without trailing slashes (what the clients look up). */
function key(uri: string): string {
  return uri.replace(/\/+$/, '');
}

/** Go's json.Encoder escapes these inside strings. */
function goJsonText(v: unknown): string {
  return JSON.stringify(v, null, 4).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function sorted<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export class CredentialStore {
  constructor(readonly path: string) {}

  static inConfigDir(dir: string): CredentialStore {
    return new CredentialStore(join(dir, 'credentials.json'));
  }

  /** The tokens kept for the lake at `uri`, or null. */
  tokens(uri: string): Tokens | null {
    return this.#load().services[key(uri)] ?? null;
  }

  setTokens(uri: string, tokens: Tokens): void {
    const c = this.#load();
    c.services[key(uri)] = tokens;
    this.#save(c);
  }

  removeTokens(uri: string): void {
    const c = this.#load();
    delete c.services[key(uri)];
    this.#save(c);
  }

  #load(): Credentials {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') return { version: VERSION, services: {} };
      throw e;
    }
    const c = JSON.parse(text) as Partial<Credentials> | null;
    // On a version change Zed starts over with an empty file.
    if (c === null || c.version !== VERSION) return { version: VERSION, services: {} };
    return { version: VERSION, services: { ...(c.services ?? {}) } };
  }

  #save(c: Credentials): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const services: Record<string, Tokens> = {};
    for (const [k, t] of Object.entries(sorted(c.services))) services[k] = { access: t.access, expiration: t.expiration, id: t.id, refresh: t.refresh };
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${goJsonText({ version: c.version, services })}\n`, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.path);
  }
}

/** A time `seconds` from now as Go marshals it (RFC 3339, UTC). */
export function expirationIn(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString().replace(/\.000Z$/, 'Z');
}
