// pass: copies its input to its output (runtime/sam/op/pass).

import type { OpContext, Stream } from './types.js';

export function passOp(_ctx: OpContext, parent: Stream): Stream {
  return parent;
}
