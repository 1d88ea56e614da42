// zlake's API tokens over HTTP (beyond Zed; present only when tokens are on):
// GET /auth/tokens lists them, POST /auth/tokens {name, scopes, expires}
// makes one and answers it with its token (the only time the token is
// shown), DELETE /auth/tokens/{name} revokes one. All need `*:admin` (see
// middleware/authorize.ts). Listings never carry a token or its hash.

import { Marshaler, parseScope } from '../../exec/index.js';
import type { ApiTokenRecord } from '../../storage/index.js';
import { TypeString, TypeTime, TypeContext, type Value } from '../../zed/index.js';
import { expiryOf } from '../auth/api-tokens.js';
import { decodeRequest, readBody } from '../body.js';
import type { RouteKit } from '../kit.js';
import { pathParam } from '../params.js';
import { noContent, respondValue } from '../respond.js';

/** A token's listing: `{name, scopes, created, expires}`, with the token itself first when it was just made. */
function tokenValue(m: Marshaler, r: ApiTokenRecord, token?: string): Value {
  return m.record([
    ...(token !== undefined ? ([['token', m.string(token)]] as const) : []),
    ['name', m.string(r.name)],
    ['scopes', m.array(TypeString, r.scopes.map((s) => m.string(s)))],
    ['created', m.time(r.created)],
    ['expires', r.expires === null ? m.nullOf(TypeTime) : m.time(r.expires)],
  ]);
}

export function tokenRoutes(kit: RouteKit): void {
  const tokens = kit.settings.auth?.tokens ?? null;
  if (tokens === null) return;
  const { settings } = kit;

  kit.api('GET', '/auth/tokens', async (c) => {
    const m = new Marshaler(new TypeContext());
    const list = await tokens.list();
    const elem = tokenValue(m, { id: '', name: '', hash: '', scopes: [], created: 0n, expires: null }).type;
    return respondValue(c, m.array(elem, list.map((r) => tokenValue(m, r))));
  });

  kit.api('POST', '/auth/tokens', async (c) => {
    const req = decodeRequest(await readBody(c.req.raw, settings.bodyLimit), c.req.header('Content-Type') ?? null, c.get('caps'));
    const scopes = (req.strings('scopes') ?? []).map(parseScope);
    const expires = expiryOf(req.string('expires') ?? '', settings.now());
    const made = await tokens.create(req.string('name') ?? '', scopes, expires);
    return respondValue(c, tokenValue(new Marshaler(new TypeContext()), made.record, made.token));
  });

  kit.api('DELETE', '/auth/tokens/:name', async (c) => {
    await tokens.revoke(pathParam(c, 'name'));
    return noContent();
  });
}
