// The lake's event feed (GET /events, server-sent events) read with fetch,
// since a browser EventSource can send no Authorization header. The feed
// reconnects after a drop, waiting longer each time (up to 10 s), and
// tells the page whether it is live. A service whose feed ends as soon as
// it opens (a Worker deployed without its event hub's Durable Object:
// the runtime ends a response that waits on nothing it can see) is marked
// unavailable and tried again now and then.

import { createParser } from 'eventsource-parser';
import { authHeaders, errorOf, failed } from './client.js';

export interface LakeEvent {
  readonly name: string;
  readonly poolId: string;
  readonly branch: string | null;
  readonly commitId: string | null;
}

export type FeedState = 'connecting' | 'live' | 'retrying' | 'unavailable' | 'stopped';

/** A feed that ends sooner than this after it opened, with nothing said, ended "at once". */
const SHORT_MS = 2000;
/** How often an unavailable feed is tried again. */
const UNAVAILABLE_RETRY_MS = 30_000;

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
  const wait = (ms: number) =>
    new Promise<void>((r) => {
      const t = setTimeout(r, ms);
      stop.signal.addEventListener('abort', () => (clearTimeout(t), r()), { once: true });
    });

  let shortEnds = 0;
  /** Follows one response; true when it ended cleanly at once, having said nothing. */
  const once = async (): Promise<boolean> => {
    if (shortEnds < 2) on.state('connecting');
    const res = await fetch('events', { headers: { Accept: 'application/json', ...authHeaders() }, signal: stop.signal });
    if (!res.ok) failed(await errorOf(res));
    if (res.body === null) return true;
    const opened = Date.now();
    let heard = false;
    delay = 1000;
    if (shortEnds < 2) on.state('live');
    const parser = createParser({
      onEvent: (m) => {
        const ev = parse(m.event ?? 'message', m.data);
        heard = true;
        if (ev !== null) on.event(ev);
      },
    });
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return !heard && Date.now() - opened < SHORT_MS;
      parser.feed(value);
      if (shortEnds >= 2) on.state('live');
      shortEnds = 0;
    }
  };

  void (async () => {
    while (!stop.signal.aborted) {
      let why: string;
      try {
        if (await once()) {
          // Ended at once: quietly tried again; twice, and the feed is unavailable.
          shortEnds++;
          if (shortEnds >= 2) on.state('unavailable', 'the service ends its event feed as soon as it opens');
          await wait(shortEnds >= 2 ? UNAVAILABLE_RETRY_MS : delay);
          continue;
        }
        shortEnds = 0;
        why = 'the service ended the event feed';
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
