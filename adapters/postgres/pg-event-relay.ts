// Lake events between servers on one PostgreSQL metastore: NOTIFY carries
// each event to every server LISTENing on the channel. One connection per
// server listens; it is opened again after a failure (events sent while it
// was down are missed, as a subscriber that reconnects misses them too).

import pg from 'pg';
import { parseRelayMessage, relayMessage, relayOrigin, type EventRelay, type LakeEvent } from '../../src/index.js';

const CHANNEL = 'zlake_events';

export class PostgresEventRelay implements EventRelay {
  readonly #origin = relayOrigin();
  readonly #listeners = new Set<(ev: LakeEvent) => void>();
  #client: pg.Client | null = null;
  #closed = false;
  #retry: ReturnType<typeof setTimeout> | null = null;

  /** `pool` sends; a connection of its own to `url` listens. */
  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
  ) {}

  /** Starts listening; resolves once LISTEN is in place. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || n.payload === undefined) return;
      const m = parseRelayMessage(n.payload);
      if (m === null || m.origin === this.#origin) return;
      for (const fn of this.#listeners) fn(m.event);
    });
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = null;
      client.end().catch(() => {});
      this.#again();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (this.#closed) {
      await client.end();
      return;
    }
    this.#client = client;
  }

  #again(): void {
    if (this.#closed || this.#retry !== null) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.start().catch(() => this.#again());
    }, 1000);
    this.#retry.unref?.();
  }

  async send(ev: LakeEvent): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, relayMessage(this.#origin, ev)]);
  }

  listen(fn: (ev: LakeEvent) => void): () => void {
    this.#listeners.add(fn);
    return () => {
      this.#listeners.delete(fn);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry !== null) clearTimeout(this.#retry);
    const c = this.#client;
    this.#client = null;
    await c?.end().catch(() => {});
  }
}
