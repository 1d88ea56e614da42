// zlake auth method|verify|login|logout: the authentication commands, as far
// as a lake service without authentication (zlake serve) allows. They talk
// to a service only; on a local lake they fail as Zed's do.

import { InvalidError, UnsupportedError } from '../../../../src/index.js';
import type { CommandContext, LakeCommand } from '../command.js';
import { describeLocation } from '../locate.js';
import { RemoteApi } from '../remote-api.js';

const SUBCOMMANDS = ['login', 'logout', 'method', 'store', 'verify'];

/** lakeflags.ErrLocalLake. */
const LOCAL_LAKE = 'cannot open connection on local lake';

async function connect(ctx: CommandContext): Promise<RemoteApi> {
  const loc = await ctx.locate();
  if (loc.kind !== 'remote') throw new InvalidError(LOCAL_LAKE);
  return new RemoteApi(loc.url);
}

/** Go's json.MarshalIndent with tabs, HTML characters escaped. */
function indentJson(v: unknown): string {
  return JSON.stringify(v, null, '\t').replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}

export const authCommand: LakeCommand = {
  name: 'auth',
  usage: 'auth [subcommand]',
  short: 'authentication and authorization commands',
  long: `Subcommands: method (the service's authentication method), verify (the
identity the service sees), login and logout (for services with Auth0
authentication, which zlake does not implement).`,
  flags: [],
  async run(ctx, args) {
    const [sub, ...rest] = args;
    if (sub === undefined) throw new InvalidError(`"zed auth": requires a sub-command: ${SUBCOMMANDS.join(' ')}`);
    switch (sub) {
      case 'method': {
        if (rest.length > 0) throw new InvalidError('method command takes no arguments');
        const r = (await (await connect(ctx)).auth('method')) as { kind?: string; auth0?: unknown };
        // Zed's AuthMethodResponse omits an empty auth0.
        const out = r.auth0 === null || r.auth0 === undefined ? { kind: r.kind ?? '' } : { kind: r.kind ?? '', auth0: r.auth0 };
        await ctx.out(`${indentJson(out)}\n`);
        return;
      }
      case 'verify': {
        if (rest.length > 0) throw new InvalidError('verify command takes no arguments');
        const r = (await (await connect(ctx)).auth('identity')) as { tenant_id?: string; user_id?: string };
        await ctx.out(`${indentJson({ tenant_id: r.tenant_id ?? '', user_id: r.user_id ?? '' })}\n`);
        return;
      }
      case 'login': {
        if (rest.length > 0) throw new InvalidError('login command takes no arguments');
        const remote = await connect(ctx);
        const r = (await remote.auth('method')) as { kind?: string };
        const lake = ctx.lake ?? describeLocation({ kind: 'remote', url: remote.location });
        if ((r.kind ?? '') === '') throw new InvalidError(`Zed lake service at ${lake} does not support authentication`);
        if (r.kind !== 'auth0') throw new InvalidError(`Zed lake service at ${lake} requires unknown authentication method ${r.kind}`);
        throw new UnsupportedError('auth login: Auth0 device login is not supported by zlake');
      }
      case 'logout':
        await connect(ctx);
        if (rest.length > 0) throw new InvalidError('logout command takes no arguments');
        // zlake stores no credentials, so there is nothing to remove.
        return;
      case 'store':
        throw new UnsupportedError('auth store: storing Auth0 credentials is not supported by zlake');
      default:
        throw new InvalidError(`"zed auth": no such sub-command ${JSON.stringify(sub)}: options are: ${SUBCOMMANDS.join(' ')}`);
    }
  },
};
