// Lake events for GET /events subscribers (lake-api.md §9): published after a
// successful write, delivered to the subscribers connected at that moment.
// Each subscriber renders events in its own format and revision.

import type { LakeEvent } from './wire.js';

export type EventListener = (ev: LakeEvent) => void;

export class EventHub {
  readonly #listeners = new Set<EventListener>();

  /** Adds a listener; the returned function removes it. */
  subscribe(fn: EventListener): () => void {
    this.#listeners.add(fn);
    return () => {
      this.#listeners.delete(fn);
    };
  }

  publish(ev: LakeEvent): void {
    for (const fn of [...this.#listeners]) fn(ev);
  }

  get size(): number {
    return this.#listeners.size;
  }
}
