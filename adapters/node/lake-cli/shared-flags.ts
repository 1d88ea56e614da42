// Flag groups several lake commands share, as Zed's cli/*flags packages
// define them: the working branch (-use), commit metadata (-user, -message,
// -meta) and input formats (-i, -csv.delim, ...).

import { hostname, userInfo } from 'node:os';
import { csvDelimCheck, type FlagSpec, type FlagValues } from '../flags.js';
import type { CommitMessage } from './api.js';
import { readHead, resolveHead, type Commitish } from './head.js';

export const ROOT_FLAGS: readonly FlagSpec[] = [
  { kind: 'bool', name: 'q', usage: 'quiet mode' },
  { kind: 'string', name: 'configdir', usage: 'configuration and credentials directory' },
  { kind: 'string', name: 'lake', usage: 'lake location: a folder, s3://bucket/prefix or a service URL (env ZED_LAKE)' },
  { kind: 'string', name: 'meta', usage: 'metastore URL of a lake opened directly: postgres://…, libsql://…, file:… (env ZLAKE_META)' },
  { kind: 'bool', name: 'version', usage: 'print version and exit' },
  { kind: 'string', name: 'cpuprofile', usage: 'write cpu profile to given file name' },
  { kind: 'string', name: 'memprofile', usage: 'write memory profile to given file name' },
  { kind: 'bool', name: 'h', usage: 'display help' },
  { kind: 'bool', name: 'help', usage: 'display help' },
  { kind: 'bool', name: 'hidden', usage: 'show hidden options' },
];

export function useFlag(env: NodeJS.ProcessEnv): FlagSpec {
  return { kind: 'string', name: 'use', usage: 'commit to use, i.e., pool, pool@branch, or pool@commit', default: readHead(env) };
}

/** The working branch from -use (whose default is the saved HEAD). */
export function headOf(flags: FlagValues): Commitish {
  return resolveHead((flags.get('use') as string | undefined) ?? '');
}

/** Zed's commitflags username(): $ZED_USER, else user@host. */
function username(env: NodeJS.ProcessEnv): string {
  const fromEnv = env['ZED_USER'] ?? '';
  if (fromEnv !== '') return fromEnv;
  let name = '';
  try {
    name = userInfo().username;
  } catch {
    return '';
  }
  if (name === '') return '';
  try {
    return `${name}@${hostname()}`;
  } catch {
    return name;
  }
}

export function commitFlags(env: NodeJS.ProcessEnv): FlagSpec[] {
  return [
    { kind: 'string', name: 'user', usage: 'user name for commit message', default: username(env) },
    { kind: 'string', name: 'message', usage: 'commit message', default: '' },
    { kind: 'string', name: 'meta', usage: 'application metadata', default: '' },
  ];
}

export function commitMessage(flags: FlagValues): CommitMessage {
  return {
    author: (flags.get('user') as string | undefined) ?? '',
    body: (flags.get('message') as string | undefined) ?? '',
    meta: (flags.get('meta') as string | undefined) ?? '',
  };
}

export const INPUT_FLAGS: readonly FlagSpec[] = [
  { kind: 'string', name: 'i', usage: 'format of input data [auto,arrows,csv,json,line,parquet,tsv,vng,zeek,zjson,zng,zson]', default: 'auto' },
  { kind: 'string', name: 'csv.delim', usage: 'CSV field delimiter (default ",")', check: csvDelimCheck },
  { kind: 'bool', name: 'zng.validate', usage: 'validate format when reading ZNG', default: true },
  { kind: 'int', name: 'zng.threads', usage: 'number of ZNG read threads (0=GOMAXPROCS)', default: 0 },
  { kind: 'string', name: 'zng.readmax', usage: 'maximum ZNG read buffer size in MiB, MB, etc.' },
  { kind: 'string', name: 'zng.readsize', usage: 'target ZNG read buffer size in MiB, MB, etc.' },
];

export { RUNTIME_FLAGS } from '../runtime-flags.js';
