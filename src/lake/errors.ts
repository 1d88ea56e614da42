// Zed's messages for the lake's failures (spec lake-api.md §4.3). The pool and
// branch ones are the storage ports' own.

import { InternalError, NotFoundError } from '../errors/index.js';
import { ksuidHexToBase62, type KsuidHex } from '../util/ksuid.js';

export { poolNotFound, branchNotFound } from '../storage/index.js';

export function objectNotFound(id: KsuidHex): NotFoundError {
  return new NotFoundError(`${ksuidHexToBase62(id)}: commit object not found`);
}

export function commitNotFound(id: KsuidHex): NotFoundError {
  return new NotFoundError(`commit not found: ${ksuidHexToBase62(id)}`);
}

export function commitFailed(branch: string, attempts: number, cause: unknown): InternalError {
  return new InternalError(
    `branch ${JSON.stringify(branch)}: exceeded max update attempts (${attempts}) to branch tip: commit failed`,
    { cause },
  );
}
