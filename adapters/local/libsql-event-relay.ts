// Lake events between servers on one libSQL metastore (a Turso or sqld
// server, or a file several local processes share): each server appends its
// events to zlake_events and polls the table for the others'. Rows older than
// the keep period are pruned, though never the newest (its seq numbers the next).

import { and, asc, gt, lt, max, ne } from 'drizzle-orm';
import { parseRelayMessage, relayMessage, relayOrigin, sqlSchema, type EventRelay, type LakeEvent, type SqlDatabase } from '../../src/index.js';

export interface PollOptions {
  /** Time between polls, in ms (default 100). */
  readonly intervalMs?: number;
  /** How long events stay in the table, in ms (default 10 minutes). */
  readonly keepMs?: number;
}

const { events } = sqlSchema;

export class LibsqlEventRelay implements EventRelay {
  readonly #origin = relayOrigin();
  readonly #listeners = new Set<(ev: LakeEvent) => void>();
  #last = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #closed = false;
  #polls = 0;
  readonly #intervalMs: number;
  readonly #keepMs: number;

  constructor(
    private readonly db: SqlDatabase,
    opts: PollOptions = {},
  ) {
    this.#intervalMs = opts.intervalMs ?? 100;
    this.#keepMs = opts.keepMs ?? 600_000;
  }

  /** Starts polling from the events there are now. */
  async start(): Promise<void> {
    const rows = await this.db.select({ seq: max(events.seq) }).from(events);
    this.#last = rows[0]?.seq ?? 0;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#poll()
        .catch(() => {})
        .finally(() => this.#schedule());
    }, this.#intervalMs);
    this.#timer.unref?.();
  }

  async #poll(): Promise<void> {
    const rows = await this.db
      .select()
      .from(events)
      .where(and(gt(events.seq, this.#last), ne(events.origin, this.#origin)))
      .orderBy(asc(events.seq));
    for (const r of rows) {
      this.#last = Math.max(this.#last, r.seq);
      const m = parseRelayMessage(r.payload);
      if (m !== null) for (const fn of this.#listeners) fn(m.event);
    }
    if (++this.#polls % 600 === 0) await this.#prune();
  }

  async #prune(): Promise<void> {
    const cutoff = BigInt(Date.now() - this.#keepMs) * 1_000_000n;
    const newest = this.db.select({ seq: max(events.seq) }).from(events);
    await this.db.delete(events).where(and(lt(events.at, cutoff), lt(events.seq, newest)));
  }

  async send(ev: LakeEvent): Promise<void> {
    await this.db.insert(events).values({ origin: this.#origin, at: BigInt(Date.now()) * 1_000_000n, payload: relayMessage(this.#origin, ev) });
  }

  listen(fn: (ev: LakeEvent) => void): () => void {
    this.#listeners.add(fn);
    return () => {
      this.#listeners.delete(fn);
    };
  }

  close(): void {
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
  }
}
