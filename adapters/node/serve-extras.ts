// Parts of Zed's `zed serve` beyond serving: lake maintenance every -manage
// interval (Zed's lakemanage.Monitor, run against the server's own API).

import { durationFlagCheck, parseDurationMs, type FlagSpec } from './flags.js';
import type { Logger } from './service-log.js';
import { updateLake } from './lake-cli/manage.js';
import { RemoteApi } from './lake-cli/remote-api.js';

export const MANAGE_FLAG: FlagSpec = {
  kind: 'string',
  name: 'manage',
  usage: 'when positive, run lake maintenance tasks at this interval',
  default: '0s',
  check: durationFlagCheck,
};

/**
 * Runs a maintenance pass every `interval` (a Go duration; none when not
 * positive) against the server at `url`; returns the function that stops it.
 */
export function startManaging(server: { readonly url: string }, interval: string, logger: Logger): (() => void) | null {
  const ms = parseDurationMs(interval) ?? 0;
  if (ms <= 0) return null;
  const api = new RemoteApi(server.url);
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const tick = async () => {
    try {
      await updateLake(api, { intervalMs: ms }, logger);
    } catch (e) {
      logger.log('error', 'update error', { error: e instanceof Error ? e.message : String(e) });
    }
    if (!stopped) timer = setTimeout(() => void tick(), ms);
  };
  logger.log('info', 'monitoring');
  timer = setTimeout(() => void tick(), ms);
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
  };
}
