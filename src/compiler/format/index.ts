// Public surface of the canonical formatter: an AST back to query text in
// Zed's canonical form (what `zq -C` prints), which parses to the same
// program.

import type { Seq } from '../ast/index.js';
import { formatBody } from './ops.js';

export { formatExpr } from './exprs.js';
export { formatType } from './types.js';

/** The canonical text of a parsed query (no trailing newline). */
export function formatQuery(seq: Seq): string {
  return formatBody(seq, 0);
}
