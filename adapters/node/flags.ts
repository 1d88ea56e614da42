// Command-line flags with Go's flag package syntax, as Zed's CLIs take them:
// -f csv, -f=csv, --f csv, -z, -z=false; parsing stops at the first non-flag
// argument, a lone "-", or "--".

import { parseDuration } from '../../src/index.js';

export type FlagSpec =
  | { kind: 'bool'; name: string; usage: string; default?: boolean }
  | { kind: 'string'; name: string; usage: string; default?: string; check?: (value: string) => string | null }
  | { kind: 'int'; name: string; usage: string; default?: number }
  | { kind: 'list'; name: string; usage: string };

export type FlagValues = Map<string, boolean | string | number | string[]>;

export class FlagError extends Error {}

export function parseFlags(specs: readonly FlagSpec[], argv: readonly string[]): { flags: FlagValues; args: string[] } {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const flags: FlagValues = new Map();
  for (const s of specs) {
    if (s.kind === 'list') flags.set(s.name, []);
    else if (s.default !== undefined) flags.set(s.name, s.default);
  }
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (a.length < 2 || a[0] !== '-') break;
    const body = a.startsWith('--') ? a.slice(2) : a.slice(1);
    if (body === '' || body.startsWith('-') || body.startsWith('=')) throw new FlagError(`bad flag syntax: ${a}`);
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    let value: string | undefined = eq >= 0 ? body.slice(eq + 1) : undefined;
    const spec = byName.get(name);
    if (spec === undefined) throw new FlagError(`flag provided but not defined: -${name}`);
    if (spec.kind === 'bool') {
      if (value === undefined) flags.set(name, true);
      else if (/^(1|t|T|true|TRUE|True)$/.test(value)) flags.set(name, true);
      else if (/^(0|f|F|false|FALSE|False)$/.test(value)) flags.set(name, false);
      else throw new FlagError(`invalid boolean value "${value}" for -${name}`);
      continue;
    }
    if (value === undefined) {
      if (i + 1 >= argv.length) throw new FlagError(`flag needs an argument: -${name}`);
      value = argv[++i]!;
    }
    if (spec.kind === 'int') {
      if (!/^[+-]?[0-9]+$/.test(value)) throw new FlagError(`invalid value "${value}" for flag -${name}: parse error`);
      flags.set(name, Number(value));
    } else if (spec.kind === 'list') {
      (flags.get(name) as string[]).push(value);
    } else {
      const bad = spec.check?.(value) ?? null;
      if (bad !== null) throw new FlagError(`invalid value "${value}" for flag -${name}: ${bad}`);
      flags.set(name, value);
    }
  }
  return { flags, args: argv.slice(i) };
}

export function usage(specs: readonly FlagSpec[]): string {
  return specs
    .map((s) => {
      const arg = s.kind === 'bool' ? '' : s.kind === 'int' ? ' int' : ' string';
      return `  -${s.name}${arg}\n    \t${s.usage}`;
    })
    .join('\n');
}

/** zq's -csv.delim takes exactly one character (cli/inputflags). */
export function csvDelimCheck(value: string): string | null {
  return [...value].length === 1 ? null : 'CSV field delimiter must be exactly one character';
}

const BYTE_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

/** A byte size as Zed's flags take it: `1073741824`, `1GiB`, `512MiB`, `100MB`; null when invalid. */
export function parseByteSize(s: string): number | null {
  const m = /^([0-9]+(?:\.[0-9]+)?)\s*([a-zA-Z]*)$/.exec(s.trim());
  if (m === null) return null;
  const unit = BYTE_UNITS[m[2]!.toLowerCase()];
  if (unit === undefined) return null;
  return Math.round(Number(m[1]) * unit);
}

export function byteSizeCheck(value: string): string | null {
  return parseByteSize(value) === null ? 'want a size such as 1GiB, 512MiB or 1000000' : null;
}

/** Milliseconds of a Go duration flag (`90s`, `1m30s`, `0`); null when invalid. */
export function parseDurationMs(value: string): number | null {
  if (value === '0') return 0;
  const ns = parseDuration(value);
  return ns === null ? null : Number(ns / 1_000_000n);
}

/** Go's flag.Duration refuses what time.ParseDuration does with "parse error". */
export function durationFlagCheck(value: string): string | null {
  return parseDurationMs(value) === null ? 'parse error' : null;
}
