// Finished queries' outcomes for GET /query/status/{id} (lake-api.md §6.3):
// an entry exists from when a query passes compilation until `ttlMs` after it
// ends; waiting on it blocks until the query has ended.

interface Entry {
  readonly done: Promise<void>;
  error: string;
  finish(): void;
  timer?: ReturnType<typeof setTimeout>;
}

export interface QueryStatusHandle {
  /** Records the query's runtime error (the last one wins). */
  fail(message: string): void;
  /** Marks the query ended; the entry is dropped `ttlMs` later. */
  end(): void;
}

export class QueryStatusRegistry {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly ttlMs: number) {}

  start(id: string): QueryStatusHandle {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const entry: Entry = { done, error: '', finish };
    // A repeated request id replaces the older entry, as Zed's map does.
    const old = this.#entries.get(id);
    if (old?.timer !== undefined) clearTimeout(old.timer);
    this.#entries.set(id, entry);
    let ended = false;
    return {
      fail: (message) => {
        entry.error = message;
      },
      end: () => {
        if (ended) return;
        ended = true;
        entry.finish();
        entry.timer = setTimeout(() => {
          if (this.#entries.get(id) === entry) this.#entries.delete(id);
        }, this.ttlMs);
      },
    };
  }

  /** The query's error text ('' for success) once it has ended; null when unknown. */
  async wait(id: string): Promise<string | null> {
    const e = this.#entries.get(id);
    if (e === undefined) return null;
    await e.done;
    return e.error;
  }

  /** Forgets everything and stops the timers (server shutdown). */
  close(): void {
    for (const e of this.#entries.values()) {
      if (e.timer !== undefined) clearTimeout(e.timer);
      e.finish();
    }
    this.#entries.clear();
  }
}
