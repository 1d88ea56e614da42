// Zed's rule for `output` (and the channel a `debug` writes): an output
// ends a leaf of the flowgraph, the last operator of a sequence that no
// operator follows, through forks, switches, scopes and `from` branches.

import type * as ast from '../ast/index.js';
import { CompileError } from '../errors.js';

/** Throws Zed's error for an `output` that does not end a leaf of `seq`. */
export function checkOutputs(seq: ast.Seq, isLeaf = true): void {
  seq.forEach((op, i) => {
    const leaf = isLeaf && i === seq.length - 1;
    switch (op.kind) {
      case 'Output':
        if (!leaf) throw new CompileError('output operator must be at flowgraph leaf', op.loc);
        return;
      case 'Debug':
        // Its output ends a branch beside the rest of the sequence, which must itself be a leaf.
        if (!isLeaf) throw new CompileError('output operator must be at flowgraph leaf', op.loc);
        return;
      case 'Scope':
        checkOutputs(op.body, leaf);
        return;
      case 'Parallel':
        for (const p of op.paths) checkOutputs(p, leaf);
        return;
      case 'Switch':
        for (const c of op.cases) checkOutputs(c.path, leaf);
        return;
      case 'From':
        for (const t of op.trunks) if (t.seq !== null) checkOutputs(t.seq, leaf);
        return;
      case 'Over':
        if (op.body !== null) checkOutputs(op.body, false);
        return;
      case 'Join':
        if (op.rightInput !== null) checkOutputs(op.rightInput, false);
        return;
      default:
    }
  });
}
