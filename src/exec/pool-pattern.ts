// The Go regexp a `from` glob or regexp compiles to (Zed's semPool and
// matchPools in compiler/semantic/op.go): a glob through reglob, matched
// whole; a regexp as written, matched anywhere in a pool's name.
import { globToRegexp, type ast } from '../compiler/index.js';
import { compileGoRegexp, type GoRegexp } from '../runtime/index.js';

/** The compiled pattern, or Go's error text. */
export function compilePoolPattern(pattern: ast.Glob | ast.Regexp): GoRegexp | string {
  return compileGoRegexp(pattern.kind === 'Glob' ? globToRegexp(pattern.pattern) : pattern.pattern);
}
