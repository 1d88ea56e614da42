// workerd closes a connection whose request body the Worker left unread
// (a load into a missing pool answers 404 before it reads a byte), so the
// client's next request on that keep-alive connection fails or hangs. The
// Worker hands the service a body it can tell was read to its end, and
// reads what is left before it answers, as Go's server does with the rest
// of a body, up to a bound: past it the connection is given up instead.

/** Unread body bytes read before answering; a longer rest closes the connection. */
export const DRAIN_LIMIT = 16 << 20;

export interface TrackedRequest {
  /** The request the service answers, with a body that notes its end. */
  readonly request: Request;
  /** Reads what the service left of the body (up to DRAIN_LIMIT bytes). */
  finish(): Promise<void>;
}

export function trackBody(req: Request): TrackedRequest {
  const source = req.body;
  if (source === null) return { request: req, finish: async () => {} };
  const reader = source.getReader();
  let ended = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(c) {
        const r = await reader.read();
        if (r.done) {
          ended = true;
          c.close();
        } else c.enqueue(r.value);
      },
      // The service stopped reading: finish() reads the rest.
      cancel() {},
    },
    { highWaterMark: 0 },
  );
  return {
    request: new Request(req, { body }),
    async finish() {
      let left = DRAIN_LIMIT;
      try {
        while (!ended && left > 0) {
          const r = await reader.read();
          if (r.done) ended = true;
          else left -= r.value.byteLength;
        }
        if (!ended) await reader.cancel();
      } catch {
        // The client went away: there is no connection to keep.
      }
    },
  };
}
