// The flags of `zlake ls`, apart from the command so that its quick path
// (../quick-ls.ts) reads them without loading the command's query path.

import type { FlagSpec } from '../../flags.js';
import { outputFlags } from '../../output-flags.js';

export const LS_FLAGS: readonly FlagSpec[] = outputFlags('lake');
