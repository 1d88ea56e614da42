// zlake token create|ls|revoke: zlake's API tokens (not in Zed). On a lake
// folder they use its metadata database directly (a running server sees a
// change within a second); with -lake URL they use the service's
// /auth/tokens routes, which need a `*:admin` token or a Zed login. create
// prints the token, once: only its SHA-256 is kept.

import { ApiTokens, InvalidError, monotonicClock, parseScope, expiryOf } from '../../../../src/index.js';
import type { FlagSpec } from '../../flags.js';
import type { CommandContext, LakeCommand } from '../command.js';
import { openDirectLake } from '../local-lake.js';
import { RemoteApi } from '../remote-api.js';
import { credentialStore } from './auth.js';

const SUBCOMMANDS = ['create', 'ls', 'revoke'];

const SUB_FLAGS: Readonly<Record<string, readonly FlagSpec[]>> = {
  create: [
    { kind: 'string', name: 'name', usage: 'name of the token (how ls shows it and revoke names it)', default: '' },
    { kind: 'list', name: 'scope', usage: 'POOL:read, POOL:write or POOL:admin; POOL may be * (may be repeated)' },
    { kind: 'string', name: 'expires', usage: 'lifetime such as 30d or 12h (default: never expires)', default: '' },
  ],
};

/** What a listing shows of a token (never the token or its hash). */
interface Listed {
  readonly name: string;
  readonly scopes: readonly string[];
  /** RFC 3339. */
  readonly created: string;
  readonly expires: string | null;
}

/** The token operations, on a lake folder or a service. */
interface TokenAdmin {
  create(name: string, scopes: readonly string[], expires: string): Promise<string>;
  list(): Promise<Listed[]>;
  revoke(name: string): Promise<void>;
  close(): void;
}

function isoOf(ns: bigint): string {
  return new Date(Number(ns / 1_000_000n)).toISOString().replace(/\.\d+Z$/, 'Z');
}

async function admin(ctx: CommandContext): Promise<TokenAdmin> {
  const loc = await ctx.locate();
  if (loc.kind === 'remote') {
    const api = new RemoteApi(loc.url, credentialStore(ctx));
    return {
      async create(name, scopes, expires) {
        try {
          const r = (await api.tokenRequest('POST', '/auth/tokens', { name, scopes, expires })) as { token: string };
          return r.token;
        } catch (e) {
          throw notManaged(e);
        }
      },
      async list() {
        let r: { name: string; scopes: string[]; created: string; expires: string | null }[];
        try {
          r = (await api.tokenRequest('GET', '/auth/tokens')) as typeof r;
        } catch (e) {
          throw notManaged(e);
        }
        return r.map((t) => ({ ...t, created: t.created.replace(/\.\d+Z$/, 'Z'), expires: t.expires === null ? null : t.expires.replace(/\.\d+Z$/, 'Z') }));
      },
      async revoke(name) {
        try {
          await api.tokenRequest('DELETE', `/auth/tokens/${encodeURIComponent(name)}`);
        } catch (e) {
          throw notManaged(e);
        }
      },
      close() {},
    };
  }
  const lake = await openDirectLake(loc, ctx.meta ?? undefined);
  const now = monotonicClock();
  const tokens = new ApiTokens(lake.tokens, { now });
  return {
    async create(name, scopes, expires) {
      return (await tokens.create(name, scopes.map(parseScope), expiryOf(expires, now()))).token;
    },
    async list() {
      return (await tokens.list()).map((t) => ({ name: t.name, scopes: t.scopes, created: isoOf(t.created), expires: t.expires === null ? null : isoOf(t.expires) }));
    },
    async revoke(name) {
      await tokens.revoke(name);
    },
    close: () => void lake.close(),
  };
}

/** A service without the token routes answers 404: say why. */
function notManaged(e: unknown): unknown {
  if (e instanceof Error && 'status' in e && (e as { status: number }).status === 404 && !/token/i.test(e.message)) {
    return new InvalidError('this lake service does not manage API tokens (start it with -auth.tokens)', { cause: e });
  }
  return e;
}

/** Columns padded as Go's tabwriter pads them (two spaces apart). */
function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]! + 2))).join('').trimEnd() + '\n').join('');
}

export const tokenCommand: LakeCommand = {
  name: 'token',
  usage: 'token create|ls|revoke [options]',
  short: 'manage API tokens with pool scopes (zlake only)',
  long: `zlake's API tokens: bearer tokens limited to pools and actions, for a
service started with -auth.tokens.

  token create -name NAME -scope SCOPE [-scope SCOPE ...] [-expires 30d]
      makes a token and prints it, once (only its SHA-256 is stored)
  token ls
      lists the tokens: name, scopes, creation and expiry
  token revoke NAME
      removes a token; a server refuses it from its next request on
      (a server over the same lake folder within a second)

Scopes are POOL:LEVEL, POOL a pool name or * for every pool:
  read   query, stats, branches and the events of the pool
  write  read, plus load, delete, merge, revert and compact
  admin  write, plus rename, drop, vacuum and indexing of the pool
*:admin also creates pools and manages tokens.

On a lake folder (-lake DIR) the commands change its metadata directly; on
a service (-lake URL) they need a *:admin token or a Zed login (zlake auth).`,
  flags: [],
  async run(outer, all) {
    const [sub, ...subArgs] = all;
    if (sub === undefined) throw new InvalidError(`"zlake token": requires a sub-command: ${SUBCOMMANDS.join(' ')}`);
    if (!SUBCOMMANDS.includes(sub)) throw new InvalidError(`"zlake token": no such sub-command ${JSON.stringify(sub)}: options are: ${SUBCOMMANDS.join(' ')}`);
    const { ctx, args } = outer.subcommand(SUB_FLAGS[sub] ?? [], subArgs);
    switch (sub) {
      case 'create': {
        if (args.length > 0) throw new InvalidError('create command takes no arguments (the name is -name)');
        const name = ctx.flags.get('name') as string;
        if (name === '') throw new InvalidError('a token needs a name (-name)');
        const scopes = ctx.flags.get('scope') as string[];
        if (scopes.length === 0) throw new InvalidError('a token needs at least one scope (-scope POOL:LEVEL)');
        for (const s of scopes) parseScope(s);
        const a = await admin(ctx);
        try {
          await ctx.out(`${await a.create(name, scopes, ctx.flags.get('expires') as string)}\n`);
        } finally {
          a.close();
        }
        return;
      }
      case 'ls': {
        if (args.length > 0) throw new InvalidError('ls command takes no arguments');
        const a = await admin(ctx);
        try {
          const list = await a.list();
          if (list.length === 0) return;
          const rows = [['NAME', 'SCOPES', 'CREATED', 'EXPIRES'], ...list.map((t) => [t.name, t.scopes.join(','), t.created, t.expires ?? 'never'])];
          await ctx.out(table(rows));
        } finally {
          a.close();
        }
        return;
      }
      case 'revoke': {
        if (args.length !== 1) throw new InvalidError('revoke takes one token name');
        const a = await admin(ctx);
        try {
          await a.revoke(args[0]!);
        } finally {
          a.close();
        }
        ctx.say(`token revoked: ${args[0]!}\n`);
        return;
      }
    }
  },
};
