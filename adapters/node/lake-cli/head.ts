// The working branch (HEAD) of the lake commands: commitish text `pool[@branch]`
// and the file that `zlake use` writes, `.zed_head` in $ZED_HEAD_DIR or the
// home directory, as Zed's cli/poolflags keeps it.

import { readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { InvalidError } from '../../../src/index.js';

/** A pool and a branch name or commit id; either may be empty. */
export interface Commitish {
  readonly pool: string;
  readonly branch: string;
}

/** Zed's lakeparse.ParseCommitish: the last `@` splits pool from branch. */
export function parseCommitish(text: string): Commitish {
  if (text === '') throw new InvalidError('empty pool and branch');
  if (text.includes("'")) throw new InvalidError('pool and branch names may not contain single quote characters');
  const at = text.lastIndexOf('@');
  return at < 0 ? { pool: text, branch: '' } : { pool: text.slice(0, at), branch: text.slice(at + 1) };
}

export function formatCommitish(c: Commitish): string {
  return `${c.pool}@${c.branch}`;
}

const HEAD_FILE = '.zed_head';

export function headPath(env: NodeJS.ProcessEnv): string {
  let dir = env['ZED_HEAD_DIR'] ?? '';
  if (dir === '') dir = env['HOME'] ?? homedir();
  if (dir === '.') dir = '';
  return join(dir, HEAD_FILE);
}

/** The saved HEAD text, or '' when there is none. */
export function readHead(env: NodeJS.ProcessEnv): string {
  try {
    return readFileSync(headPath(env), 'utf8').trim();
  } catch {
    return '';
  }
}

export function writeHead(env: NodeJS.ProcessEnv, pool: string, branch: string): void {
  try {
    writeFileSync(headPath(env), `${pool}@${branch}\n`, { mode: 0o644 });
  } catch (e) {
    throw new InvalidError(`"${HEAD_FILE}": failed to write HEAD: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

/**
 * The commitish of `-use` (or the saved HEAD, its default) with the branch
 * defaulting to main; Zed's poolflags.Flags.HEAD.
 */
export function resolveHead(use: string): Commitish {
  if (use === '') throw new InvalidError('pool and branch are unspecified\n(specify with -use flag or "zed use" command)');
  const c = parseCommitish(use);
  if (c.pool === '') throw new InvalidError('pool unspecified');
  return c.branch === '' ? { pool: c.pool, branch: 'main' } : c;
}

/** lakeflags.ErrNoHEAD. */
export const NO_HEAD = 'HEAD not specified: indicate with -use or run the "use" command';
