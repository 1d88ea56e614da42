// A TokenStore in memory: the reference implementation. Each method checks
// and writes without an await between, so each write is atomic.

import { tokenExists, tokenNotFound, type ApiTokenRecord, type TokenStore } from '../token-store.js';

export class MemoryTokenStore implements TokenStore {
  readonly #byName = new Map<string, ApiTokenRecord>();

  async createToken(t: ApiTokenRecord): Promise<void> {
    if (this.#byName.has(t.name)) throw tokenExists(t.name);
    for (const other of this.#byName.values()) if (other.id === t.id) throw tokenExists(t.name);
    this.#byName.set(t.name, { ...t, scopes: [...t.scopes] });
  }

  async getToken(id: string): Promise<ApiTokenRecord | null> {
    for (const t of this.#byName.values()) if (t.id === id) return t;
    return null;
  }

  async listTokens(): Promise<ApiTokenRecord[]> {
    return [...this.#byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async deleteToken(name: string): Promise<ApiTokenRecord> {
    const t = this.#byName.get(name);
    if (t === undefined) throw tokenNotFound(name);
    this.#byName.delete(name);
    return t;
  }
}
