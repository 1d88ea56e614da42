// POST /compile (the parsed AST) and POST /query/describe (sources and output
// channels of a query), both latest-only (lake-api.md §5.7).

import { describeQuery, parseOnly, scopedLake, type DescribeInfo } from '../../exec/index.js';
import { TypeContext, type Value } from '../../zed/index.js';
import { Marshaler } from '../../exec/index.js';
import { readBody, decodeRequest } from '../body.js';
import type { Ctx } from '../context.js';
import type { RouteKit } from '../kit.js';
import { respondValue } from '../respond.js';
import { metasOf, queryRequest } from './query.js';

function describeValue(info: DescribeInfo): Value {
  const m = new Marshaler(new TypeContext());
  // Ids are `0x…` strings in JSON, as Go marshals a ksuid.KSUID there.
  const sources = info.sources.map((s) => (s.kind === 'Pool' ? { ...s, id: `0x${s.id}` } : s));
  return m.fromJS({ sources, channels: info.channels });
}

export function compileRoutes(kit: RouteKit): void {
  const { lake, settings } = kit;
  const body = async (c: Ctx) => decodeRequest(await readBody(c.req.raw, settings.bodyLimit), c.req.header('Content-Type') ?? null, c.get('caps'));

  kit.api(
    'POST',
    '/compile',
    async (c) => {
      const req = queryRequest(await body(c));
      const ast = parseOnly(req.query);
      return respondValue(c, new Marshaler(new TypeContext()).fromJS(ast));
    },
    { when: (caps) => caps.compile },
  );

  kit.api(
    ['POST', 'OPTIONS'],
    '/query/describe',
    async (c) => {
      const caps = c.get('caps');
      const req = queryRequest(await body(c));
      const scopes = c.get('scopes');
      const info = await describeQuery(scopes === null ? lake : scopedLake(lake, scopes), req.query, { head: req.head, metas: metasOf(caps), now: settings.now });
      return respondValue(c, describeValue(info));
    },
    { when: (caps) => caps.compile, preflight: true },
  );
}
