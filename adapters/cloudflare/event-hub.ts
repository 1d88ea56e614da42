// The event feed of a Worker's lake, across requests and isolates: one
// Durable Object (binding EVENTS) is the hub. Every isolate's service sends
// its lake events there (HubRelay), and every GET /events is forwarded
// there (worker.ts), where the object's own service streams them. A Worker
// isolate could not do this itself: workerd forbids resolving a promise of
// one request (the /events stream waiting) from another (the load whose
// commit made the event); a Durable Object's requests share one context.

import { parseRelayMessage, relayMessage, relayOrigin, type EventRelay, type LakeEvent, type ZedService } from '../../src/index.js';
import { workerService, type Env } from './service.js';

/** The Durable Object namespace binding, as far as the hub uses it (workers-types' DurableObjectNamespace). */
export interface HubNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(input: string | Request, init?: RequestInit): Promise<Response> };
}

/** The one hub object of a Worker. */
const HUB_NAME = 'zlake-events';
/** Where a relay posts an event (never a client path: the Worker forwards only /events to the hub). */
const PUBLISH_URL = 'https://zlake-event-hub/publish';

/** The hub of `ns`, for one request (a stub is used in the request that made it). */
export function hubStub(ns: HubNamespace): ReturnType<HubNamespace['get']> {
  return ns.get(ns.idFromName(HUB_NAME));
}

/**
 * The relay of a Worker isolate's service: sends each event to the hub and
 * hears none (its /events requests are the hub's). `keep` is handed each
 * send, so that the request that made the event waits for it to arrive
 * (ctx.waitUntil) instead of the runtime cancelling it with the request.
 */
export class HubRelay implements EventRelay {
  readonly #origin = relayOrigin();

  constructor(
    private readonly ns: HubNamespace,
    private readonly keep: (p: Promise<unknown>) => void,
  ) {}

  send(ev: LakeEvent): Promise<void> {
    const p = hubStub(this.ns)
      .fetch(PUBLISH_URL, { method: 'POST', body: relayMessage(this.#origin, ev) })
      .then(async (r) => {
        await r.body?.cancel();
        if (r.status !== 204) throw new Error(`event hub answered ${r.status}`);
      });
    this.keep(p);
    return p;
  }

  listen(): () => void {
    return () => {};
  }
}

/** The relay inside the hub: what the isolates post reaches the hub's own service. */
class HubListeners implements EventRelay {
  readonly #listeners = new Set<(ev: LakeEvent) => void>();

  async send(): Promise<void> {
    // The hub's service makes no events of its own: it only answers /events.
  }

  listen(fn: (ev: LakeEvent) => void): () => void {
    this.#listeners.add(fn);
    return () => {
      this.#listeners.delete(fn);
    };
  }

  deliver(ev: LakeEvent): void {
    for (const fn of [...this.#listeners]) fn(ev);
  }
}

/**
 * The hub: a Durable Object (wrangler.toml's EVENTS binding, class
 * EventHubObject) that holds every /events subscriber of the Worker and
 * publishes to them what the isolates post. Its service is the Worker's,
 * over the same bindings, so a subscriber is authenticated, negotiated and
 * answered as anywhere else.
 */
export class EventHubObject {
  readonly #relay = new HubListeners();
  #service: Promise<ZedService> | null = null;

  constructor(
    _state: unknown,
    private readonly env: Env,
  ) {}

  async fetch(request: Request): Promise<Response> {
    if (request.method === 'POST' && request.url === PUBLISH_URL) {
      const m = parseRelayMessage(await request.text());
      if (m === null) return new Response('not an event\n', { status: 400 });
      this.#relay.deliver(m.event);
      return new Response(null, { status: 204 });
    }
    if (this.#service === null) {
      this.#service = workerService(this.env, { relay: this.#relay });
      this.#service.catch(() => {
        this.#service = null;
      });
    }
    return (await this.#service).fetch(request);
  }
}
