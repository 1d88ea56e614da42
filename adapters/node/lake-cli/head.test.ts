import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCommitish, headPath, parseCommitish, readHead, resolveHead, writeHead } from './head.js';

describe('commitish', () => {
  it('splits pool from branch at the last @', () => {
    expect(parseCommitish('logs')).toEqual({ pool: 'logs', branch: '' });
    expect(parseCommitish('logs@live')).toEqual({ pool: 'logs', branch: 'live' });
    expect(parseCommitish('a@b@c')).toEqual({ pool: 'a@b', branch: 'c' });
    expect(parseCommitish('@dev')).toEqual({ pool: '', branch: 'dev' });
    expect(formatCommitish({ pool: 'p', branch: 'b' })).toBe('p@b');
  });

  it('refuses empty text and single quotes with Zed\'s messages', () => {
    expect(() => parseCommitish('')).toThrow('empty pool and branch');
    expect(() => parseCommitish("it's")).toThrow('pool and branch names may not contain single quote characters');
  });

  it('defaults the branch to main and needs a pool', () => {
    expect(resolveHead('p')).toEqual({ pool: 'p', branch: 'main' });
    expect(() => resolveHead('')).toThrow('pool and branch are unspecified\n(specify with -use flag or "zed use" command)');
    expect(() => resolveHead('@b')).toThrow('pool unspecified');
  });
});

describe('the HEAD file', () => {
  it('lives in $ZED_HEAD_DIR, else $HOME, and "." means the current folder', () => {
    expect(headPath({ HOME: '/h' })).toBe('/h/.zed_head');
    expect(headPath({ HOME: '/h', ZED_HEAD_DIR: '/x' })).toBe('/x/.zed_head');
    expect(headPath({ HOME: '/h', ZED_HEAD_DIR: '.' })).toBe('.zed_head');
  });

  it('round-trips pool@branch with a newline, and reads as empty when missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zlake-head-'));
    const env = { HOME: dir };
    expect(readHead(env)).toBe('');
    writeHead(env, 'logs', 'live');
    expect(readFileSync(join(dir, '.zed_head'), 'utf8')).toBe('logs@live\n');
    expect(readHead(env)).toBe('logs@live');
  });
});
