import { describe, expect, it } from 'vitest';
import { FlagError, csvDelimCheck, parseFlags, type FlagSpec } from './flags.js';
import { zlake } from '../../test/support/zlake.js';

const specs: FlagSpec[] = [
  { kind: 'bool', name: 'z', usage: '' },
  { kind: 'string', name: 'f', usage: '', default: 'zng' },
  { kind: 'int', name: 'pretty', usage: '', default: 4 },
  { kind: 'list', name: 'I', usage: '' },
  { kind: 'string', name: 'csv.delim', usage: '' },
];

describe('parseFlags', () => {
  it('parses Go flag forms and stops at the first argument', () => {
    const { flags, args } = parseFlags(specs, ['-z', '-f=csv', '--pretty', '2', '-I', 'a', '-I=b', '-csv.delim', ';', 'query', '-z']);
    expect(flags.get('z')).toBe(true);
    expect(flags.get('f')).toBe('csv');
    expect(flags.get('pretty')).toBe(2);
    expect(flags.get('I')).toEqual(['a', 'b']);
    expect(flags.get('csv.delim')).toBe(';');
    expect(args).toEqual(['query', '-z']);
  });

  it('keeps defaults, treats "-" as an argument and "--" as the end of flags', () => {
    expect(parseFlags(specs, ['-']).args).toEqual(['-']);
    expect(parseFlags(specs, ['--', '-z']).args).toEqual(['-z']);
    expect(parseFlags(specs, []).flags.get('f')).toBe('zng');
  });

  it('accepts explicit boolean values', () => {
    expect(parseFlags(specs, ['-z=false']).flags.get('z')).toBe(false);
    expect(() => parseFlags(specs, ['-z=maybe'])).toThrow(FlagError);
  });

  it('rejects unknown flags, missing values and bad integers', () => {
    expect(() => parseFlags(specs, ['-x'])).toThrow('flag provided but not defined: -x');
    expect(() => parseFlags(specs, ['-f'])).toThrow('flag needs an argument: -f');
    expect(() => parseFlags(specs, ['-pretty', 'x'])).toThrow(FlagError);
  });

  it('checks -csv.delim when it is parsed: exactly one character', () => {
    const csv: FlagSpec[] = [{ kind: 'string', name: 'csv.delim', usage: '', check: csvDelimCheck }];
    expect(parseFlags(csv, ['-csv.delim', ';']).flags.get('csv.delim')).toBe(';');
    expect(parseFlags(csv, ['-csv.delim=\t']).flags.get('csv.delim')).toBe('\t');
    expect(parseFlags(csv, ['-csv.delim', 'é']).flags.get('csv.delim')).toBe('é');
    for (const bad of ['', ';;']) {
      expect(() => parseFlags(csv, ['-csv.delim', bad])).toThrow(`invalid value "${bad}" for flag -csv.delim: CSV field delimiter must be exactly one character`);
    }
  });

  it('zq exits 2 with the message and usage on a bad -csv.delim', () => {
    const r = zlake(['zq', '-i', 'csv', '-csv.delim', ';;', '-'], 'a;b\n');
    expect(r.status).toBe(2);
    expect(r.stderr.startsWith('invalid value ";;" for flag -csv.delim: CSV field delimiter must be exactly one character\nusage: ')).toBe(true);
  });
});
