// Lake events shared by the servers of one lake: each server hands its own
// events to the relay and publishes the others' on its /events feed, so every
// feed reports every server's writes. The carrier is the adapter's (NOTIFY on
// PostgreSQL, a polled table on libSQL); messages are JSON of this shape.

import type { LakeEvent } from './wire.js';

export interface EventRelay {
  /** Passes an event made by this server to the others. */
  send(ev: LakeEvent): Promise<void>;
  /** Calls `fn` with each event another server sent; the returned function stops it. */
  listen(fn: (ev: LakeEvent) => void): () => void;
}

interface RelayMessage {
  readonly origin: string;
  readonly event: LakeEvent;
}

/** The text carried for `event`, made by the relay `origin`. */
export function relayMessage(origin: string, event: LakeEvent): string {
  return JSON.stringify({ origin, event } satisfies RelayMessage);
}

const KINDS = new Set(['pool-new', 'pool-update', 'pool-delete', 'branch-update', 'branch-delete', 'branch-commit']);

/** The message in `text`, or null when it is not one (another program on the channel). */
export function parseRelayMessage(text: string): RelayMessage | null {
  try {
    const m = JSON.parse(text) as Partial<RelayMessage> | null;
    if (typeof m?.origin !== 'string' || typeof m.event !== 'object' || m.event === null) return null;
    const ev = m.event as { kind?: unknown; poolId?: unknown };
    if (typeof ev.kind !== 'string' || !KINDS.has(ev.kind) || typeof ev.poolId !== 'string') return null;
    return { origin: m.origin, event: m.event };
  } catch {
    return null;
  }
}

/** A random name for one relay, to tell its own messages from the others'. */
export function relayOrigin(): string {
  const r = crypto.getRandomValues(new Uint32Array(3));
  return Array.from(r, (x) => x.toString(36)).join('');
}
