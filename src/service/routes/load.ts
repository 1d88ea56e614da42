// Load: POST /pool/{pool}/branch/{branch} (lake-api.md §3.4). The body streams
// from the socket through gunzip and the format's reader into the lake's
// object writer, so a load of any size is never held whole. Reader errors
// after the first values end the input and become warnings (Zed's
// warningsReader); a body past the limit (413; gzip counts as inflated) or a
// broken connection fails the load before its commit, so nothing is committed.

import { InvalidError } from '../../errors/index.js';
import { BodyTooLargeError } from '../body.js';
import type { RouteKit } from '../kit.js';
import { requestFormat } from '../media.js';
import { commitMessage, pathParam } from '../params.js';
import { respondValue } from '../respond.js';
import { Wire } from '../wire.js';

const encoder = new TextEncoder();

export function loadRoutes(kit: RouteKit): void {
  const { lake, settings } = kit;

  kit.api('POST', '/pool/:pool/branch/:branch', async (c) => {
    const caps = c.get('caps');
    const branch = pathParam(c, 'branch');
    const format = caps.loadContentType ? requestFormat(c.req.header('Content-Type'), 'auto', caps) : 'auto';
    let csvDelim: string | undefined;
    const delim = caps.csvDelim ? (c.req.query('csv.delim') ?? '') : '';
    if (delim !== '') {
      if (encoder.encode(delim).length !== 1) throw new InvalidError('invalid query param "csv.delim": must be exactly one character');
      csvDelim = delim;
    }
    const msg = commitMessage(c);
    const pool = await lake.getPool(pathParam(c, 'pool'));
    await lake.getBranch(`0x${pool.id}`, branch);
    const declared = Number(c.req.header('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > settings.loadLimit) throw new BodyTooLargeError(settings.loadLimit);
    // The runtime's own reading of the body when it gives one (ZedService.fetch), else the Request's.
    const raw = (c.env as { rawBody?: AsyncIterable<Uint8Array> } | undefined)?.rawBody;
    const r = await kit.loads.load(
      {
        poolId: pool.id,
        branch,
        format,
        ...(csvDelim !== undefined ? { csvDelim } : {}),
        author: msg.author,
        message: msg.body,
        meta: msg.meta,
        limit: settings.loadLimit,
      },
      raw ?? c.req.raw.body,
      c.req.raw.signal,
    );
    kit.publish({ kind: 'branch-commit', op: 'load', poolId: pool.id, poolName: pool.name, commitId: r.commit, branch, parent: '' });
    return respondValue(c, new Wire(caps.revision).commitResponse(r.commit, [...r.warnings]));
  });
}
