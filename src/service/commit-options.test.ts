import { describe, expect, it } from 'vitest';
import { InvalidError } from '../errors/index.js';
import { formatValue } from '../zson/index.js';
import { commitOptions } from './commit-options.js';

describe('commitOptions', () => {
  it('takes author and message when given, nothing for empty ones', () => {
    expect(commitOptions({ author: 'ann', body: 'why', meta: '' })).toEqual({ author: 'ann', message: 'why' });
    expect(commitOptions({ author: '', body: '', meta: '' })).toEqual({});
  });

  it('drops the meta value unless asked for it', () => {
    expect(commitOptions({ author: '', body: '', meta: '{a:1}' })).toEqual({});
    const opts = commitOptions({ author: '', body: '', meta: '{a:1}' }, true);
    expect(opts.meta === undefined ? null : formatValue(opts.meta)).toBe('{a:1}');
  });

  it('refuses meta text that is not ZSON', () => {
    expect(() => commitOptions({ author: '', body: '', meta: '{a:' }, true)).toThrow(InvalidError);
    expect(() => commitOptions({ author: '', body: '', meta: '{a:' }, true)).toThrow('invalid commit metadata in request');
  });
});
