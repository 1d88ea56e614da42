// Zed's logging flags (cli/logflags) and logger (service/logger): JSON lines
// as zap writes them, at or above -log.level, to -log.path (stderr, stdout,
// /dev/null or a file opened per -log.filemode: append, truncate or rotate).

import { closeSync, existsSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FlagSpec, FlagValues } from './flags.js';

/** zap's levels, least to most severe. */
const LEVELS = ['debug', 'info', 'warn', 'error', 'dpanic', 'panic', 'fatal'] as const;
export type LogLevel = (typeof LEVELS)[number];

export type FileMode = 'append' | 'truncate' | 'rotate';

/** zapcore.Level.UnmarshalText: a level in any case; empty is info. */
export function parseLogLevel(s: string): LogLevel | null {
  if (s === '') return 'info';
  const lower = s.toLowerCase();
  return (LEVELS as readonly string[]).includes(lower) ? (lower as LogLevel) : null;
}

/** logger.FileMode.Set: "" is append, as Zed's switch has it. */
export function parseFileMode(s: string): FileMode | null {
  if (s === '' || s === 'append') return 'append';
  if (s === 'truncate' || s === 'rotate') return s;
  return null;
}

export const LOG_FLAGS: readonly FlagSpec[] = [
  { kind: 'bool', name: 'log.devmode', usage: 'development mode (if enabled dpanic level logs will cause a panic)' },
  {
    kind: 'string',
    name: 'log.level',
    usage: 'logging level',
    default: 'info',
    check: (v) => (parseLogLevel(v) === null ? `unrecognized level: ${JSON.stringify(v)}` : null),
  },
  { kind: 'string', name: 'log.path', usage: 'path to send logs (values: stderr, stdout, path in file system)', default: 'stderr' },
  {
    kind: 'string',
    name: 'log.filemode',
    usage: 'logger file write mode (values: append, truncate, rotate)',
    default: 'truncate',
    check: (v) => (parseFileMode(v) === null ? `invalid FileMode type: ${v}` : null),
  },
];

export interface LogConfig {
  readonly level: LogLevel;
  readonly path: string;
  readonly mode: FileMode;
}

export function logConfig(flags: FlagValues): LogConfig {
  return {
    level: parseLogLevel((flags.get('log.level') as string | undefined) ?? 'info') ?? 'info',
    path: (flags.get('log.path') as string | undefined) ?? 'stderr',
    mode: parseFileMode((flags.get('log.filemode') as string | undefined) ?? 'truncate') ?? 'truncate',
  };
}

export interface Logger {
  /** A logger whose lines carry `logger: name` (zap's Named) and these fields (zap's With). */
  named(name: string, fields?: Record<string, unknown>): Logger;
  log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void;
  enabled(level: LogLevel): boolean;
  close(): void;
}

/** lumberjack's settings in Zed's rotate mode: 5 MB files, three kept. */
const ROTATE_BYTES = 5 * 1000 * 1000;
const ROTATE_KEEP = 3;

interface Sink {
  write(line: string): void;
  close(): void;
}

function openSink(path: string, mode: FileMode): Sink {
  switch (path) {
    case 'stderr':
      return { write: (l) => void process.stderr.write(l), close: () => {} };
    case 'stdout':
      return { write: (l) => void process.stdout.write(l), close: () => {} };
    case '/dev/null':
      return { write: () => {}, close: () => {} };
  }
  if (mode === 'rotate') {
    // lumberjack needs the folder to exist.
    statSync(dirname(path));
    return rotatingSink(path);
  }
  const fd = openSync(path, mode === 'truncate' ? 'w' : 'a', 0o644);
  return { write: (l) => void writeSync(fd, l), close: () => closeSync(fd) };
}

function rotatingSink(path: string): Sink {
  let fd = openSync(path, 'a', 0o644);
  let size = statSync(path).size;
  return {
    write(line) {
      const n = Buffer.byteLength(line);
      if (size > 0 && size + n > ROTATE_BYTES) {
        closeSync(fd);
        for (let i = ROTATE_KEEP; i >= 1; i--) {
          const from = i === 1 ? path : `${path}.${i - 1}`;
          if (!existsSync(from)) continue;
          if (i === ROTATE_KEEP && existsSync(`${path}.${i}`)) unlinkSync(`${path}.${i}`);
          renameSync(from, `${path}.${i}`);
        }
        fd = openSync(path, 'a', 0o644);
        size = 0;
      }
      writeSync(fd, line);
      size += n;
    },
    close: () => closeSync(fd),
  };
}

/** Opens Zed's logger; throws (as Zed does) when the file cannot be opened. */
export function openLogger(conf: LogConfig): Logger {
  const sink = openSink(conf.path, conf.mode);
  const min = LEVELS.indexOf(conf.level);
  const make = (name: string | null, base: Record<string, unknown>): Logger => ({
    named: (n, fields) => make(name === null ? n : `${name}.${n}`, { ...base, ...fields }),
    enabled: (level) => LEVELS.indexOf(level) >= min,
    log(level, msg, fields) {
      if (LEVELS.indexOf(level) < min) return;
      // zap's production encoder: ts in seconds since the epoch, then logger, msg, fields.
      const line: Record<string, unknown> = { level, ts: Date.now() / 1000 };
      if (name !== null) line['logger'] = name;
      line['msg'] = msg;
      sink.write(`${JSON.stringify({ ...line, ...base, ...fields })}\n`);
    },
    close: () => sink.close(),
  });
  return make(null, {});
}
