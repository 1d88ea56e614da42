// The error the group-by table raises when it outgrows its memory limit and
// has nowhere to spill.

import { ZedError } from '../../errors/index.js';

export class MemoryLimitError extends ZedError {
  readonly limit: number;
  constructor(message: string, limit: number) {
    super('unsupported', message);
    this.limit = limit;
  }
}
