// The page's shared state: the pools with their stats, the event feed and
// what it last said, and the notices shown in the corner. Views read these
// signals; the feed and the user's actions update them.

import { signal } from '@preact/signals';
import { callJson, describeError } from './api/client.js';
import { followEvents, type FeedState, type LakeEvent } from './api/events.js';
import { listPools, poolStats, type PoolConfig, type PoolStats } from './api/lake.js';
import { session } from './session.js';

export interface PoolRow {
  readonly config: PoolConfig;
  readonly stats: PoolStats | null;
  readonly statsError: string | null;
}

export interface Notice {
  readonly id: number;
  readonly kind: 'info' | 'error';
  readonly text: string;
}

/** The pools, null until first listed. */
export const pools = signal<PoolRow[] | null>(null);
export const poolsError = signal<string | null>(null);
export const feedState = signal<FeedState>('connecting');
/** The last event and a count of events, which views watch to refresh themselves. */
export const lastEvent = signal<LakeEvent | null>(null);
export const eventCount = signal(0);
export const notices = signal<Notice[]>([]);
/** The pool and branch the query view starts with (set by a pool page's Query button). */
export const queryTarget = signal<{ poolId: string; branch: string } | null>(null);

let noticeId = 0;

export function notify(kind: Notice['kind'], text: string): void {
  const n: Notice = { id: ++noticeId, kind, text };
  notices.value = [...notices.value.slice(-4), n];
  setTimeout(() => dismiss(n.id), kind === 'error' ? 15_000 : 8_000);
}

export function dismiss(id: number): void {
  notices.value = notices.value.filter((n) => n.id !== id);
}

async function statsRow(config: PoolConfig): Promise<PoolRow> {
  try {
    return { config, stats: await poolStats(config.id), statsError: null };
  } catch (e) {
    return { config, stats: null, statsError: describeError(e) };
  }
}

export async function refreshPools(): Promise<void> {
  try {
    const list = await listPools();
    list.sort((a, b) => a.name.localeCompare(b.name));
    pools.value = await Promise.all(list.map(statsRow));
    poolsError.value = null;
  } catch (e) {
    poolsError.value = describeError(e);
  }
}

/** One pool's stats again (after a commit to it). */
async function refreshPool(id: string): Promise<void> {
  const cur = pools.value;
  const row = cur?.find((p) => p.config.id === id);
  if (cur === null || row === undefined) return refreshPools();
  const fresh = await statsRow(row.config);
  pools.value = (pools.value ?? []).map((p) => (p.config.id === id ? fresh : p));
}

export function poolName(id: string): string {
  return pools.value?.find((p) => p.config.id === id)?.config.name ?? id;
}

/** Asks the service what the session may do; a 401 makes the page ask for a token. */
export async function loadScopes(): Promise<boolean> {
  try {
    const r = await callJson<{ scopes: string[] | null }>('auth/scopes');
    session.setScopes(r.scopes ?? []);
    return true;
  } catch (e) {
    if (session.prompt.value === null) poolsError.value = describeError(e);
    return false;
  }
}

function onEvent(ev: LakeEvent): void {
  lastEvent.value = ev;
  eventCount.value++;
  switch (ev.name) {
    case 'pool-new':
    case 'pool-update':
    case 'pool-delete':
      void refreshPools();
      break;
    case 'branch-commit':
      void refreshPool(ev.poolId);
      notify('info', `New commit on pool "${poolName(ev.poolId)}", branch "${ev.branch ?? ''}"`);
      break;
    default:
      break;
  }
}

/** Starts the page's work for the current credentials; returns what stops it. */
export function start(): () => void {
  let stopFeed = (): void => {};
  let stopped = false;
  void (async () => {
    if (!(await loadScopes()) || stopped) return;
    await refreshPools();
    if (stopped) return;
    stopFeed = followEvents({
      event: onEvent,
      state: (s, why) => {
        const was = feedState.value;
        feedState.value = s;
        if (s === 'retrying' && was === 'live') notify('error', `Lost the connection to the lake service (${why ?? 'unknown'}); retrying`);
        // Back after a drop: what happened meanwhile was not heard, so list again.
        if (s === 'live' && (was === 'retrying' || was === 'unavailable')) void refreshPools();
      },
    });
  })();
  return () => {
    stopped = true;
    stopFeed();
  };
}
