// Where `from`, `file`, `get` and pool sources come from. The compiler only
// declares the port; zq implements it over files and the lake over pools.

import type * as ast from '../ast/index.js';
import type { Stream } from '../../runtime/op/types.js';
import { UnsupportedExprError } from './errors.js';
import type { Env } from './env.js';

export interface LoadTarget {
  readonly pool: string;
  readonly branch: string;
  readonly author: string | null;
  readonly message: string | null;
  /** The meta text as written (ZSON). */
  readonly meta: string | null;
}

export interface SourceResolver {
  /** Opens a source operator (pool, file or URL) as a stream of batches. */
  open(src: ast.Pool | ast.File | ast.HTTP, env: Env): Stream;
  /** Commits the input to a pool (the load operator) and yields what Zed's load yields; absent without a lake. */
  load?(target: LoadTarget, input: Stream): Stream;
}

/** The resolver for contexts with no sources, which rejects them with Zed's wording. */
export const noSources: SourceResolver = {
  open(src) {
    const what = src.kind === 'Pool' ? 'from' : src.kind === 'File' ? 'file' : 'get';
    throw new UnsupportedExprError(`${what}: no data source is available here`, null);
  },
};
