// Zed's runtime flags (cli/runtimeflags), shared by zq and the lake's query
// and load: -aggmem (the most one collect() value holds), -sortmem (what a
// sort holds before it spills; here the limit of every spilling operator)
// and -fusemem. Each is a byte size ("0" included) and must be positive.

import { InvalidError, setAggregateValueLimit } from '../../src/index.js';
import type { FlagSpec, FlagValues } from './flags.js';
import { bytesCheck, parseBytes } from './lake-cli/go-text.js';

export const RUNTIME_FLAGS: readonly FlagSpec[] = [
  { kind: 'string', name: 'aggmem', usage: 'maximum memory used per aggregate function value in MiB, MB, etc', check: bytesCheck },
  { kind: 'string', name: 'sortmem', usage: 'maximum memory used by sort in MiB, MB, etc', check: bytesCheck },
  { kind: 'string', name: 'fusemem', usage: 'maximum memory used by fuse in MiB, MB, etc', check: bytesCheck },
];

export interface RuntimeLimits {
  /** -sortmem, when given: the memory limit of the query's spilling operators. */
  readonly memoryLimit?: number;
}

function size(flags: FlagValues, name: string): number | undefined {
  const text = flags.get(name) as string | undefined;
  if (text === undefined) return undefined;
  const n = parseBytes(name, text);
  if (n <= 0) throw new InvalidError(`${name} value must be greater than zero`);
  return n;
}

/**
 * Checks the runtime flags as Zed's Init does (a bad size is a usage error,
 * a zero one "... value must be greater than zero"), sets -aggmem for the
 * process, and gives the query's memory limit.
 */
export function applyRuntimeFlags(flags: FlagValues): RuntimeLimits {
  const aggmem = size(flags, 'aggmem');
  const sortmem = size(flags, 'sortmem');
  size(flags, 'fusemem');
  if (aggmem !== undefined) setAggregateValueLimit(aggmem);
  return sortmem !== undefined ? { memoryLimit: sortmem } : {};
}
