import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultDataDir, lakeLocation, parseLocation } from './locate.js';

describe('lake location', () => {
  it('tells service URLs from paths and file URIs', () => {
    expect(parseLocation('http://localhost:9867/')).toEqual({ kind: 'remote', url: 'http://localhost:9867' });
    expect(parseLocation('https://lake.example')).toEqual({ kind: 'remote', url: 'https://lake.example' });
    const abs = resolve('rel/lake');
    expect(parseLocation('rel/lake')).toEqual({ kind: 'local', path: abs, uri: pathToFileURL(abs).href });
    expect(parseLocation('file:///tmp/x')).toEqual({ kind: 'local', path: '/tmp/x', uri: 'file:///tmp/x' });
    expect(parseLocation('s3://bucket/lake')).toEqual({ kind: 'storage', url: 's3://bucket/lake' });
    expect(() => parseLocation('stdio:x')).toThrow(/not supported/);
  });

  it('defaults to $XDG_DATA_HOME/zed, then ~/.local/share/zed', () => {
    expect(defaultDataDir({ XDG_DATA_HOME: '/xdg', HOME: '/h' })).toBe(join('/xdg', 'zed'));
    expect(defaultDataDir({ XDG_DATA_HOME: '', HOME: '/h' })).toBe(join('/h', '.local', 'share', 'zed'));
  });

  it('uses -lake (trailing slashes trimmed) over the default and refuses an empty one', () => {
    expect(lakeLocation({ lake: '/tmp/l//' }, {})).toMatchObject({ kind: 'local', path: '/tmp/l' });
    expect(lakeLocation({ lake: null }, { XDG_DATA_HOME: '/xdg' })).toMatchObject({ path: '/xdg/zed' });
    expect(() => lakeLocation({ lake: '' }, {})).toThrow(
      'lake location must be set (either with the -lake flag or ZED_LAKE environment variable)',
    );
  });
});
