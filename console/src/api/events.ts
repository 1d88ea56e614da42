// The lake's event feed (GET /events, server-sent events) read with fetch,
// since a browser EventSource can send no Authorization header. The feed
// reconnects after a drop, waiting longer each time (up to 10 s), and
// tells the page whether it is live.

import { createParser } from 'eventsource-parser';
import { authHeaders, errorOf, failed } from './client.js';

export interface LakeEvent {
  readonly name: string;
  readonly poolId: string;
  readonly branch: string | null;
  readonly commitId: string | null;
}

export type FeedState = 'connecting' | 'live' | 'retrying' | 'stopped';

export interface FeedHandlers {
  event(ev: LakeEvent): void;
  state(s: FeedState, why?: string): void;
}

function parse(name: string, data: string): LakeEvent | null {
  try {
    const v = JSON.parse(data) as { pool_id?: string; branch?: string; commit_id?: string };
    if (typeof v.pool_id !== 'string') return null;
    return { name, poolId: v.pool_id, branch: v.branch ?? null, commitId: v.commit_id ?? null };
  } catch {
    return null;
  }
}

/** Follows the feed until the returned function is called. */
export function followEvents(on: FeedHandlers): () => void {
  const stop = new AbortController();
  let delay = 1000;
  const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

  const once = async (): Promise<void> => {
    on.state('connecting');
    const res = await fetch('events', { headers: { Accept: 'application/json', ...authHeaders() }, signal: stop.signal });
    if (!res.ok) failed(await errorOf(res));
    if (res.body === null) return;
    on.state('live');
    delay = 1000;
    const parser = createParser({
      onEvent: (m) => {
        const ev = parse(m.event ?? 'message', m.data);
        if (ev !== null) on.event(ev);
      },
    });
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(value);
    }
  };

  void (async () => {
    while (!stop.signal.aborted) {
      let why = 'the feed ended';
      try {
        await once();
      } catch (e) {
        if (stop.signal.aborted) break;
        // A 401 stops the feed: the page asks for a token and starts a new one.
        if (e instanceof Error && 'status' in e && (e as { status: number }).status === 401) {
          on.state('stopped', e.message);
          return;
        }
        why = e instanceof Error ? e.message : String(e);
      }
      if (stop.signal.aborted) break;
      on.state('retrying', why);
      await wait(delay);
      delay = Math.min(delay * 2, 10_000);
    }
    on.state('stopped');
  })();

  return () => stop.abort();
}
