// Signed S3 REST requests over Web-standard fetch (aws4fetch signs them, on
// every runtime), with bounded retries: a network failure, a timeout, a 5xx
// or a 429 is retried with exponential backoff and jitter, then reported as
// UnavailableError. Messages name the operation, the key and S3's error code,
// never a credential or a signed header.

import { AwsClient } from 'aws4fetch';
import { InternalError, UnavailableError } from '../../src/index.js';
import type { S3Settings } from './s3-settings.js';
import { s3ErrorOf } from './s3-xml.js';

export interface S3ClientOptions {
  /** Attempts after the first for a failure that may pass (default 5). */
  readonly retries?: number;
  /** First backoff in ms, doubled per attempt with full jitter (default 100). */
  readonly backoffMs?: number;
  /** Longest wait for a response's headers, and for a body read whole (default 30 s). */
  readonly timeoutMs?: number;
}

export interface S3Request {
  readonly method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  /** The object key within the bucket (prefix included); '' for the bucket itself. */
  readonly key: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: Uint8Array;
}

/** A response whose body was read whole (within the timeout and the retries). */
export interface S3Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Uint8Array;
}

const retryable = (status: number): boolean => status >= 500 || status === 429;

export class S3Client {
  readonly #aws: AwsClient;
  readonly #base: string;
  readonly #pathStyle: boolean;
  readonly #retries: number;
  readonly #backoffMs: number;
  readonly #timeoutMs: number;

  constructor(
    readonly settings: S3Settings,
    opts: S3ClientOptions = {},
  ) {
    this.#aws = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      ...(settings.sessionToken !== null ? { sessionToken: settings.sessionToken } : {}),
      service: 's3',
      region: settings.region,
      retries: 0,
    });
    this.#pathStyle = settings.endpoint !== null;
    this.#base = settings.endpoint ?? `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
    this.#retries = opts.retries ?? 5;
    this.#backoffMs = opts.backoffMs ?? 100;
    this.#timeoutMs = opts.timeoutMs ?? 30_000;
  }

  /** The request's URL (it carries no secret: requests are signed in headers). */
  url(key: string, query?: Readonly<Record<string, string>>): string {
    const path = key.split('/').map(encodeURIComponent).join('/');
    const bucket = this.#pathStyle ? `/${this.settings.bucket}` : '';
    const qs = query === undefined ? '' : new URLSearchParams(query).toString();
    return `${this.#base}${bucket}/${path}${qs === '' ? '' : `?${qs}`}`;
  }

  /**
   * Sends `req` and reads its body, retrying what may pass. Any other status
   * is returned for the caller to judge (404, 412, 416...).
   */
  async send(req: S3Request): Promise<S3Reply> {
    return this.#retry(req, async (res, signal) => {
      const body = req.method === 'HEAD' ? new Uint8Array(0) : new Uint8Array(await abortable(res.arrayBuffer(), signal));
      return { status: res.status, headers: res.headers, body };
    });
  }

  /**
   * Sends `req` and returns the response once its headers are in (retrying
   * until then), for a body read as a stream. A 2xx or 404 comes back; any
   * other status is thrown.
   */
  async open(req: S3Request): Promise<Response> {
    return this.#retry(req, async (res) => res, true);
  }

  async #retry<T>(req: S3Request, take: (res: Response, signal: AbortSignal) => Promise<T>, streaming = false): Promise<T> {
    let last = '';
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) await sleep(Math.random() * this.#backoffMs * 2 ** (attempt - 1));
      const ctl = new AbortController();
      const timer = setTimeout(() => ctl.abort(new TimeoutError()), this.#timeoutMs);
      try {
        const res = await fetch(await this.#sign(req, ctl.signal));
        if (retryable(res.status)) {
          last = `${res.status} ${(await describe(res)) ?? res.statusText}`;
        } else if (streaming && !res.ok && res.status !== 404) {
          throw await this.failure(req, { status: res.status, headers: res.headers, body: new Uint8Array(await res.arrayBuffer()) });
        } else {
          if (streaming) clearTimeout(timer);
          return await take(res, ctl.signal);
        }
      } catch (e) {
        if (e instanceof InternalError) throw e;
        last = e instanceof TimeoutError || ctl.signal.aborted ? `no answer in ${this.#timeoutMs} ms` : networkText(e);
      } finally {
        clearTimeout(timer);
      }
      if (attempt >= this.#retries) {
        throw new UnavailableError(`S3 ${operation(req)} failed after ${attempt + 1} attempts: ${last}`);
      }
    }
  }

  async #sign(req: S3Request, signal: AbortSignal): Promise<Request> {
    return this.#aws.sign(this.url(req.key, req.query), {
      method: req.method,
      ...(req.headers !== undefined ? { headers: req.headers } : {}),
      ...(req.body !== undefined ? { body: req.body as Uint8Array<ArrayBuffer> } : {}),
      signal,
    });
  }

  /** The error for an answer the caller did not expect. */
  failure(req: S3Request, reply: S3Reply): InternalError {
    const err = s3ErrorOf(new TextDecoder().decode(reply.body));
    const why = err === null ? `status ${reply.status}` : `${reply.status} ${err.code}${err.message === '' ? '' : `: ${err.message}`}`;
    return new InternalError(`S3 ${operation(req)} failed: ${why}`);
  }
}

class TimeoutError extends Error {}

function operation(req: S3Request): string {
  return `${req.method} ${JSON.stringify(req.key)}`;
}

async function describe(res: Response): Promise<string | null> {
  try {
    const err = s3ErrorOf(await res.text());
    return err === null ? null : err.code;
  } catch {
    return null;
  }
}

/** A network failure's reason without its URL (fetch names the cause, e.g. ECONNREFUSED). */
function networkText(e: unknown): string {
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : null;
  return code ?? (cause instanceof Error ? cause.name : 'network error');
}

function sleep(ms: number): Promise<void> {
  return new Promise((ok) => setTimeout(ok, ms));
}

function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((ok, fail) => {
    const onAbort = () => fail(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(ok, fail).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
