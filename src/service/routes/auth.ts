// GET /auth/identity and GET /auth/method (lake-api.md §5.6). /auth/method is
// never authenticated: clients ask it how to log in. GET /auth/scopes is
// zlake's: what the request's credentials may do.

import { Marshaler, scopeText } from '../../exec/index.js';
import { TypeContext, TypeString } from '../../zed/index.js';
import type { RouteKit } from '../kit.js';
import { respondValue } from '../respond.js';
import { Wire } from '../wire.js';

export function authRoutes(kit: RouteKit): void {
  // With API tokens alone there is no login to point a client at: none, as without auth.
  const auth0 = kit.settings.auth?.auth0 ?? null;

  kit.api('GET', '/auth/identity', (c) => {
    const id = c.get('identity');
    return respondValue(c, new Wire(c.get('caps').revision).authIdentity(id.tenantId, id.userId));
  });

  // `{scopes:[...]}`, `*:admin` alone when nothing restricts the request (auth
  // off, a Zed login), so a client (the web console) can hide what it may not do.
  kit.api('GET', '/auth/scopes', (c) => {
    const scopes = c.get('scopes');
    const m = new Marshaler(new TypeContext());
    const texts = scopes === null ? ['*:admin'] : scopes.map(scopeText);
    return respondValue(c, m.record([['scopes', m.array(TypeString, texts.map((t) => m.string(t)))]]));
  });

  kit.api(
    'GET',
    '/auth/method',
    (c) => {
      const w = new Wire(c.get('caps').revision);
      if (auth0 === null) return respondValue(c, w.authMethodNone());
      const m = w.m;
      const v = m.record(
        [
          ['kind', m.string('auth0', 'api.AuthMethod')],
          [
            'auth0',
            m.record(
              [
                ['audience', m.string(auth0.audience)],
                ['client_id', m.string(auth0.clientId)],
                ['domain', m.string(auth0.domain)],
              ],
              'api.AuthMethodAuth0Details',
            ),
          ],
        ],
        'api.AuthMethodResponse',
      );
      return respondValue(c, v);
    },
    { public: true },
  );
}
