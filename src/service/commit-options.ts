// The options a lake commit takes from a request's Zed-Commit header: the
// author and message when given, and the meta value only where Zed honours
// it (delete by a where filter; merge, revert and index commits drop it).

import { InvalidError } from '../errors/index.js';
import type { CommitOptions } from '../lake/index.js';
import { TypeContext } from '../zed/index.js';
import { parseZsonValue } from '../zson/index.js';
import type { CommitMessage } from './params.js';

export function commitOptions(msg: CommitMessage, withMeta = false): CommitOptions {
  const opts: { -readonly [K in keyof CommitOptions]: CommitOptions[K] } = {};
  if (msg.author !== '') opts.author = msg.author;
  if (msg.body !== '') opts.message = msg.body;
  if (withMeta && msg.meta !== '') {
    try {
      opts.meta = parseZsonValue(msg.meta, new TypeContext());
    } catch (e) {
      throw new InvalidError('invalid commit metadata in request', { cause: e });
    }
  }
  return opts;
}
