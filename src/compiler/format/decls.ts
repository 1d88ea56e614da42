// Canonical text of declarations: `const`, `type`, and `func`/`op` with
// their bodies in an indented block.

import { InternalError } from '../../errors/index.js';
import type { Decl } from '../ast/index.js';
import { formatExpr } from './exprs.js';
import { pad } from './names.js';
import { formatBody } from './ops.js';
import { formatType } from './types.js';

/** The canonical text of a declaration on a line indented by `indent`. */
export function formatDecl(d: Decl, indent: number): string {
  switch (d.kind) {
    case 'ConstDecl':
      return `const ${d.name.name} = ${formatExpr(d.expr, indent)}`;
    case 'TypeDecl':
      return `type ${d.name.name} = ${formatType(d.type)}`;
    case 'FuncDecl':
      return `func ${signature(d.name.name, d.params)}: (\n${pad(indent + 2)}${formatExpr(d.expr, indent + 2)}\n${pad(indent)})`;
    case 'OpDecl':
      return `op ${signature(d.name.name, d.params)}: (\n${pad(indent + 2)}${formatBody(d.body, indent + 2)}\n${pad(indent)})`;
    default: {
      const never: never = d;
      throw new InternalError(`format: unknown declaration node ${(never as Decl).kind}`);
    }
  }
}

function signature(name: string, params: readonly { readonly name: string }[]): string {
  return `${name}(${params.map((p) => p.name).join(', ')})`;
}
