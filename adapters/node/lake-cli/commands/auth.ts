// zlake auth login|logout|method|store|verify: Zed's `zed auth` (cmd/zed/auth).
// They talk to a lake service only (on a local lake they fail as Zed's do)
// and keep tokens in Zed's credentials file (<configdir>/credentials.json),
// where the lake commands, and Zed's own clients, find them. login is
// Auth0's device-code flow against the domain the service names.

import { InvalidError } from '../../../../src/index.js';
import type { FlagSpec } from '../../flags.js';
import { Auth0Client, type Auth0Details } from '../auth0-client.js';
import type { CommandContext, LakeCommand } from '../command.js';
import { CredentialStore, defaultConfigDir, ZERO_TIME, type Tokens } from '../credentials.js';
import { describeLocation } from '../locate.js';
import { RemoteApi } from '../remote-api.js';

const SUBCOMMANDS = ['login', 'logout', 'method', 'store', 'verify'];

/** Each subcommand's own flags (besides the lake-wide ones). */
const SUB_FLAGS: Readonly<Record<string, readonly FlagSpec[]>> = {
  login: [{ kind: 'bool', name: 'launchbrowser', usage: 'automatically launch browser for verification', default: true }],
  store: [{ kind: 'string', name: 'access', usage: 'raw access token as string', default: '' }],
};

/** lakeflags.ErrLocalLake. */
const LOCAL_LAKE = 'cannot open connection on local lake';

/** The scopes `zed auth login` asks Auth0 for. */
const LOGIN_SCOPE = 'openid email profile offline_access';

/** Zed's credentials file under -configdir (default ~/.zed). */
export function credentialStore(ctx: CommandContext): CredentialStore {
  const dir = ctx.flags.get('configdir') as string | undefined;
  return CredentialStore.inConfigDir(dir ?? defaultConfigDir(ctx.env));
}

/** lakeflags.Connection: the service's URL, or Zed's error for a local lake. */
async function serviceUrl(ctx: CommandContext): Promise<string> {
  const loc = await ctx.locate();
  if (loc.kind !== 'remote') throw new InvalidError(LOCAL_LAKE);
  return loc.url;
}

async function connect(ctx: CommandContext): Promise<RemoteApi> {
  const url = await serviceUrl(ctx);
  return new RemoteApi(url, credentialStore(ctx));
}

/** Go's json.MarshalIndent with tabs, HTML characters escaped. */
function indentJson(v: unknown): string {
  return JSON.stringify(v, null, '\t').replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}

function wrap(prefix: string, e: unknown): InvalidError {
  return new InvalidError(`${prefix}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
}

/** pkg/browser.OpenURL, best effort: a missing opener is no error. */
async function openBrowser(url: string): Promise<void> {
  // Loaded here only: node:child_process (with node:net) costs every lake
  // command about 10 ms of start-up otherwise.
  const { spawn } = await import('node:child_process');
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'rundll32' : 'xdg-open';
  const args = process.platform === 'win32' ? ['url.dll,FileProtocolHandler', url] : [url];
  try {
    const p = spawn(cmd, args, { stdio: 'ignore', detached: true });
    p.on('error', () => {});
    p.unref();
  } catch {
    // No browser here: the URL is printed anyway.
  }
}

async function login(ctx: CommandContext, rest: readonly string[]): Promise<void> {
  if (rest.length > 0) throw new InvalidError('login command takes no arguments');
  const remote = await connect(ctx);
  const lake = ctx.lake ?? describeLocation({ kind: 'remote', url: remote.location });
  let method: { kind?: string; auth0?: Auth0Details | null };
  try {
    method = (await remote.auth('method')) as typeof method;
  } catch (e) {
    throw wrap('failed to obtain authentication method', e);
  }
  const kind = method.kind ?? '';
  if (kind === '') throw new InvalidError(`Zed lake service at ${lake} does not support authentication`);
  if (kind !== 'auth0' || method.auth0 === null || method.auth0 === undefined) {
    throw new InvalidError(`Zed lake service at ${lake} requires unknown authentication method ${kind}`);
  }
  const a = method.auth0;
  // (Zed's quirk: the client id is printed as "method".)
  await ctx.out(`method ${a.client_id}\ndomain ${a.domain}\naudience ${a.audience}\n`);
  const client = new Auth0Client(a);
  const dcr = await client.getDeviceCode(LOGIN_SCOPE);
  await ctx.out(`Complete authentication at ${dcr.verification_uri_complete}\nVerification code: ${dcr.user_code}\n`);
  if (ctx.flags.get('launchbrowser') !== false) await openBrowser(dcr.verification_uri_complete);
  const tokens = await client.pollDeviceCodeTokens(dcr);
  try {
    credentialStore(ctx).setTokens(remote.location, tokens);
  } catch (e) {
    throw wrap('failed to save credentials file', e);
  }
  await ctx.out(`Login successful, stored credentials for ${lake}\n`);
}

async function store(ctx: CommandContext, rest: readonly string[]): Promise<void> {
  if (rest.length > 0) throw new InvalidError('store command takes no arguments');
  const url = await serviceUrl(ctx);
  const creds = credentialStore(ctx);
  let tokens: Tokens | null;
  try {
    tokens = creds.tokens(url);
  } catch (e) {
    throw wrap('failed to load authentication store', e);
  }
  const next: Tokens = { ...(tokens ?? { access: '', expiration: ZERO_TIME, id: '', refresh: '' }), access: (ctx.flags.get('access') as string | undefined) ?? '' };
  try {
    creds.setTokens(url, next);
  } catch (e) {
    throw wrap('failed to update authentication', e);
  }
}

export const authCommand: LakeCommand = {
  name: 'auth',
  usage: 'auth [subcommand]',
  short: 'authentication and authorization commands',
  long: `Subcommands:
  login    log in to Zed lake service and save credentials (Auth0 device code;
           -launchbrowser=false to only print the URL)
  logout   remove saved credentials for a Zed lake service
  method   display authentication method supported by Zed lake service
  store    store raw tokens (-access TOKEN: an Auth0 access token or a zlake API token)
  verify   verify authentication credentials

Credentials are kept in <configdir>/credentials.json (default ~/.zed), as
Zed keeps them; the lake commands send them with -lake URL.`,
  flags: [],
  async run(outer, args) {
    const [sub, ...subArgs] = args;
    if (sub === undefined) throw new InvalidError(`"zed auth": requires a sub-command: ${SUBCOMMANDS.join(' ')}`);
    const { ctx, args: rest } = outer.subcommand(SUB_FLAGS[sub] ?? [], subArgs);
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
      case 'login':
        return login(ctx, rest);
      case 'logout': {
        // (Zed checks the lake before the arguments here.)
        const url = await serviceUrl(ctx);
        if (rest.length > 0) throw new InvalidError('logout command takes no arguments');
        try {
          credentialStore(ctx).removeTokens(url);
        } catch (e) {
          throw wrap('failed to save credentials file', e);
        }
        return;
      }
      case 'store':
        return store(ctx, rest);
      default:
        throw new InvalidError(`"zed auth": no such sub-command ${JSON.stringify(sub)}: options are: ${SUBCOMMANDS.join(' ')}`);
    }
  },
};
