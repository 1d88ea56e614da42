import { describe, expect, it } from 'vitest';
import { UnauthorizedError } from '../../errors/index.js';
import { parseScope } from '../../exec/index.js';
import { MemoryTokenStore } from '../../storage/index.js';
import { ApiTokens, expiryOf, mintToken } from './api-tokens.js';

const SEC = 1_000_000_000n;

function harness() {
  const store = new MemoryTokenStore();
  let ms = 0;
  let ns = 1_700_000_000n * SEC;
  const tokens = new ApiTokens(store, { now: () => ns, clock: () => ms, cacheMs: 1000 });
  return {
    store,
    tokens,
    /** A second server over the same store (another process). */
    elsewhere: new ApiTokens(store, { now: () => ns, clock: () => ms, cacheMs: 1000 }),
    advance(msMore: number) {
      ms += msMore;
      ns += BigInt(msMore) * 1_000_000n;
    },
  };
}

const refused = { name: 'UnauthorizedError', message: 'invalid API token' };

describe('ApiTokens', () => {
  it('mints 256-bit tokens and stores only their hash', async () => {
    const h = harness();
    const { token, record } = await h.tokens.create('ci', [parseScope('logs:write'), parseScope('*:read')], null);
    expect(token).toMatch(/^zlake_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({ name: 'ci', scopes: ['logs:write', '*:read'], expires: null });
    expect(record.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await h.store.listTokens(), (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(token.slice(23));
    expect(await h.tokens.verify(token)).toEqual({ name: 'ci', scopes: [{ pool: 'logs', level: 'write' }, { pool: '*', level: 'read' }] });
    expect(mintToken().token).not.toBe(mintToken().token);
  });

  it('refuses a token whose id exists but whose secret differs, and text of any other form', async () => {
    const h = harness();
    const { token } = await h.tokens.create('ci', [parseScope('logs:read')], null);
    const forged = `${token.slice(0, 23)}${'A'.repeat(43)}`;
    await expect(h.tokens.verify(forged)).rejects.toMatchObject(refused);
    for (const bad of ['', 'zlake_', `${token}x`, token.toUpperCase(), 'x'.repeat(1 << 20)]) {
      await expect(h.tokens.verify(bad)).rejects.toBeInstanceOf(UnauthorizedError);
    }
  });

  it('refuses a token from its expiry on', async () => {
    const h = harness();
    const { token } = await h.tokens.create('short', [parseScope('logs:read')], 1_700_000_000n * SEC + 2n * SEC);
    await h.tokens.verify(token);
    h.advance(1999);
    await h.tokens.verify(token);
    h.advance(1);
    await expect(h.tokens.verify(token)).rejects.toMatchObject(refused);
  });

  it('refuses a revoked token at once where it was revoked, and within the cache time elsewhere', async () => {
    const h = harness();
    const { token } = await h.tokens.create('gone', [parseScope('logs:read')], null);
    await h.tokens.verify(token);
    await h.elsewhere.verify(token);
    await h.tokens.revoke('gone');
    await expect(h.tokens.verify(token)).rejects.toMatchObject(refused);
    // The other server trusts what it read for up to a second.
    h.advance(999);
    await h.elsewhere.verify(token);
    h.advance(1);
    await expect(h.elsewhere.verify(token)).rejects.toMatchObject(refused);
  });

  it('reads a record once per cache time however many requests come', async () => {
    const h = harness();
    const { token } = await h.tokens.create('busy', [parseScope('*:read')], null);
    let reads = 0;
    const get = h.store.getToken.bind(h.store);
    h.store.getToken = (id) => {
      reads++;
      return get(id);
    };
    await Promise.all(Array.from({ length: 100 }, () => h.elsewhere.verify(token)));
    expect(reads).toBe(1);
    h.advance(1000);
    await h.elsewhere.verify(token);
    expect(reads).toBe(2);
  });

  it('checks names, scopes and expiries', async () => {
    const h = harness();
    await expect(h.tokens.create('', [parseScope('a:read')], null)).rejects.toThrow(/Invalid token name/);
    await expect(h.tokens.create('has space', [parseScope('a:read')], null)).rejects.toThrow(/Invalid token name/);
    await expect(h.tokens.create('none', [], null)).rejects.toThrow('A token needs at least one scope');
    await h.tokens.create('dup', [parseScope('a:read')], null);
    await expect(h.tokens.create('dup', [parseScope('a:read')], null)).rejects.toThrow('Token "dup" already exists');
    await expect(h.tokens.revoke('nope')).rejects.toThrow('Cannot find token "nope"');
    expect(() => parseScope('logs')).toThrow(/Invalid scope "logs"/);
    expect(() => parseScope('logs:delete')).toThrow(/Invalid scope/);
    expect(parseScope('a:b:admin')).toEqual({ pool: 'a:b', level: 'admin' });
    expect(expiryOf('30d', 0n)).toBe(30n * 86400n * SEC);
    expect(expiryOf('', 5n)).toBeNull();
    expect(() => expiryOf('-1h', 0n)).toThrow(/Invalid expiry/);
    expect(() => expiryOf('soon', 0n)).toThrow(/Invalid expiry/);
  });
});
