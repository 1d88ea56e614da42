// The app on memory stores through app.fetch, with no server: what runs on
// every runtime (Workers included) needs no Node API.
import { describe, expect, it } from 'vitest';
import { Lake, MemoryBlobStore, MemoryMetaStore } from '../index.js';
import { createApp } from './app.js';
import { cleanPath } from './request-path.js';

// String bodies would be labelled text/plain, which Zed refuses; bytes carry no type.
const bytes = (s: string) => new TextEncoder().encode(s);

function app() {
  let t = 1_700_000_000_000_000_000n;
  const lake = new Lake({ blobs: new MemoryBlobStore(), meta: new MemoryMetaStore(), now: () => (t += 1_000_000n) });
  return createApp({ lake, now: () => t });
}

describe('createApp', () => {
  it('creates a pool, loads and queries it through fetch', async () => {
    const a = app();
    let r = await a.fetch(new Request('http://x/pool', { method: 'POST', body: bytes('{name:"p",layout:{order:"asc",keys:[["k"]]}}') }));
    expect(r.status).toBe(200);
    r = await a.fetch(new Request('http://x/pool/p/branch/main', { method: 'POST', body: bytes('{k:2}\n{k:1}\n') }));
    expect(r.status).toBe(200);
    r = await a.fetch(new Request('http://x/query', { method: 'POST', body: bytes('{query:"from p | yield k"}'), headers: { Accept: 'application/json' } }));
    expect(await r.text()).toBe('[1,2]\n');
    a.close();
  });

  it('redirects unclean paths, including a target the runtime already resolved', async () => {
    const a = app();
    const r = await a.fetch(new Request('http://x/pool/p/branch/main'), '/pool/./p/branch/main');
    expect(r.status).toBe(301);
    expect(r.headers.get('Location')).toBe('/pool/p/branch/main');
    a.close();
  });
});

describe('cleanPath', () => {
  it('cleans as Go\'s path.Clean and keeps a trailing slash', () => {
    expect(cleanPath('/a//b/./c/../d')).toBe('/a/b/d');
    expect(cleanPath('/pool/')).toBe('/pool/');
    expect(cleanPath('/..')).toBe('/');
    expect(cleanPath('/query')).toBe('/query');
  });
});
