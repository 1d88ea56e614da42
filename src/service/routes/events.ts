// GET /events: a server-sent event stream of lake events (lake-api.md §9).
// Each event is `event: <name>\ndata: <value>` and a blank line, the value
// written by the Accept format's writer (default ZSON, whatever -defaultfmt
// says). Events reach the subscribers connected when they are published.

import { allows } from '../../exec/index.js';
import { negotiateAccept } from '../media.js';
import type { RouteKit } from '../kit.js';
import { encodeOne } from '../respond.js';
import type { Capabilities } from '../revision.js';
import { Wire, type LakeEvent } from '../wire.js';

/** Events a subscriber has not read yet beyond which it is dropped (it stopped reading). */
const MAX_PENDING = 10_000;

/** The event's name in a revision; null when that revision had no such event. */
function eventName(ev: LakeEvent, caps: Capabilities): string | null {
  if (ev.kind !== 'branch-commit') return ev.kind;
  if (caps.unifiedCommitEvents) return 'branch-commit';
  switch (ev.op) {
    case 'revert':
      return 'branch-revert';
    case 'merge':
      return 'branch-merge';
    case 'compact':
      return 'branch-compact';
    case 'delete':
      return null;
    default:
      return 'branch-commit';
  }
}

const encoder = new TextEncoder();

export function eventRoutes(kit: RouteKit): void {
  kit.api('GET', '/events', (c) => {
    const caps = c.get('caps');
    // An API token's subscriber hears only of the pools it may read (both names of a rename).
    const scopes = c.get('scopes');
    const mayRead = (ev: LakeEvent) =>
      allows(scopes, ev.poolName, 'read') || (ev.formerName !== undefined && allows(scopes, ev.formerName, 'read'));
    const format = negotiateAccept(c.req.header('Accept'), 'zson', caps);
    const queue: Uint8Array[] = [];
    let wake: (() => void) | null = null;
    let closed = false;
    let unsubscribe = (): void => {};
    const stop = () => {
      closed = true;
      unsubscribe();
      wake?.();
    };
    unsubscribe = kit.hub.subscribe((ev) => {
      const name = eventName(ev, caps);
      if (name === null || closed || !mayRead(ev)) return;
      if (queue.length >= MAX_PENDING) {
        stop();
        return;
      }
      const value = encodeOne(format, new Wire(caps.revision).event(ev));
      const head = encoder.encode(`event: ${name}\ndata: `);
      const out = new Uint8Array(head.length + value.length + 2);
      out.set(head);
      out.set(value, head.length);
      out.set([0x0a, 0x0a], head.length + value.length);
      queue.push(out);
      wake?.();
    });
    c.req.raw.signal.addEventListener('abort', stop, { once: true });
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          while (queue.length === 0 && !closed) await new Promise<void>((r) => (wake = r));
          wake = null;
          const next = queue.shift();
          if (next !== undefined) controller.enqueue(next);
          else controller.close();
        },
        cancel: stop,
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
}
