// zlake manage: one maintenance pass over the lake (compaction, vectors), or
// with -monitor a pass every -interval against a lake service (Zed's
// cmd/zed/manage). What it does is logged as Zed logs it (-log.*), nothing
// with -q.

import { readFileSync } from 'node:fs';
import { InvalidError } from '../../../../src/index.js';
import { durationFlagCheck, parseDurationMs } from '../../flags.js';
import { LOG_FLAGS, logConfig, openLogger, type Logger } from '../../service-log.js';
import type { CommandContext, LakeCommand } from '../command.js';
import { DEFAULT_INTERVAL_MS, updateLake, type ManageConfig, type PoolConfig } from '../manage.js';
import { RemoteApi } from '../remote-api.js';
import { credentialStore } from './auth.js';

export const manageCommand: LakeCommand = {
  name: 'manage',
  usage: 'manage',
  short: 'run compaction and other maintenance tasks on a lake',
  long: `The manage command performs maintenance tasks on a lake.

Currently the only supported task is compaction, which reduces
fragmentation by reading data objects in a pool and writing their
contents back to large, non-overlapping objects.

If the -monitor option is specified and the lake is located via network
connection, zlake manage will run continuously and perform updates as
needed. By default a check is performed once per minute to determine if
updates are necessary. The -interval option may be used to specify an
alternate check frequency in duration format.

If -monitor is not specified, a single maintenance pass is performed on
the lake.

As an alternative to running manage as a separate command, the -manage
option is also available on the "zlake serve" command to have maintenance
tasks run at the specified interval by the service process.`,
  flags: [
    ...LOG_FLAGS,
    { kind: 'string', name: 'config', usage: 'path of manage YAML config file' },
    { kind: 'list', name: 'pool', usage: 'pool to manage (all if unset, can be specified multiple times)' },
    { kind: 'string', name: 'interval', usage: 'interval between updates (only applicable with -monitor', default: '1m0s', check: durationFlagCheck },
    { kind: 'bool', name: 'monitor', usage: 'continuously monitor the lake for updates' },
    { kind: 'bool', name: 'vectors', usage: 'create vectors for objects' },
  ],
  async run(ctx, args) {
    if (args.length > 0) throw new InvalidError('too many arguments');
    const conf = await manageConfig(ctx);
    const logger: Logger = ctx.quiet ? openLogger({ level: 'fatal', path: '/dev/null', mode: 'append' }) : openLogger(logConfig(ctx.flags));
    try {
      if (ctx.flags.get('monitor') === true) {
        const loc = await ctx.locate();
        if (loc.kind !== 'remote') throw new InvalidError('monitor on local lake not supported');
        await monitor(new RemoteApi(loc.url, credentialStore(ctx)), conf, logger);
        return;
      }
      const lake = await ctx.openLake();
      try {
        await updateLake(lake, conf, logger);
      } finally {
        await lake.close();
      }
    } finally {
      logger.close();
    }
  },
};

/** -config's YAML (unknown fields refused, as Zed's KnownFields), then -vectors, -interval and each -pool. */
async function manageConfig(ctx: CommandContext): Promise<ManageConfig> {
  const path = ctx.flags.get('config') as string | undefined;
  let fromFile: ManageConfig = {};
  if (path !== undefined) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      const why = e instanceof Error && 'code' in e && e.code === 'ENOENT' ? 'no such file or directory' : e instanceof Error ? e.message : String(e);
      throw new InvalidError(`invalid value ${JSON.stringify(path)} for flag -config: open ${path}: ${why}`);
    }
    fromFile = parseManageYaml((await import('yaml')).parse(text) as unknown, path);
  }
  const intervalText = ctx.flags.get('interval') as string;
  const pools: PoolConfig[] = [...(fromFile.pools ?? []), ...(ctx.flags.get('pool') as string[]).map((pool) => ({ pool, branch: 'main' }))];
  return {
    intervalMs: fromFile.intervalMs ?? parseDurationMs(intervalText) ?? DEFAULT_INTERVAL_MS,
    vectors: ctx.flags.get('vectors') === true || fromFile.vectors === true,
    pools,
  };
}

function parseManageYaml(doc: unknown, path: string): ManageConfig {
  const bad = (why: string) => new InvalidError(`invalid value ${JSON.stringify(path)} for flag -config: ${why}`);
  if (doc === null || doc === undefined) return {};
  if (typeof doc !== 'object' || Array.isArray(doc)) throw bad('yaml: cannot unmarshal into lakemanage.Config');
  const out: { intervalMs?: number; vectors?: boolean; pools?: PoolConfig[] } = {};
  for (const [k, v] of Object.entries(doc)) {
    switch (k) {
      case 'interval': {
        const ms = parseDurationMs(String(v));
        if (ms === null) throw bad(`time: invalid duration ${JSON.stringify(String(v))}`);
        out.intervalMs = ms;
        break;
      }
      case 'vectors':
        out.vectors = v === true;
        break;
      case 'pools':
        if (!Array.isArray(v)) throw bad('yaml: pools: want a list');
        out.pools = v.map((p: unknown) => poolEntry(p, bad));
        break;
      default:
        throw bad(`yaml: field ${k} not found in type lakemanage.Config`);
    }
  }
  return out;
}

function poolEntry(p: unknown, bad: (why: string) => Error): PoolConfig {
  if (p === null || typeof p !== 'object' || Array.isArray(p)) throw bad('yaml: pools: want a mapping');
  const out: { pool: string; branch?: string; vectors?: boolean } = { pool: '' };
  for (const [k, v] of Object.entries(p)) {
    if (k === 'pool') out.pool = String(v);
    else if (k === 'branch') out.branch = String(v);
    else if (k === 'vectors') out.vectors = v === true;
    else throw bad(`yaml: field ${k} not found in type lakemanage.PoolConfig`);
  }
  return out;
}

/** lakemanage.Monitor: a pass every interval; a service that refuses the connection is retried after 5 s. */
async function monitor(api: RemoteApi, conf: ManageConfig, logger: Logger): Promise<never> {
  logger.log('info', 'monitoring');
  const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
  for (;;) {
    await sleep(conf.intervalMs ?? DEFAULT_INTERVAL_MS);
    try {
      await updateLake(api, conf, logger);
    } catch (e) {
      if (!(e instanceof Error && /ECONNREFUSED|connect/.test(e.message))) throw e;
      logger.log('info', 'cannot connect to lake, retrying in 5 seconds');
      await sleep(5000);
    }
  }
}
