// Writes one S3 object from a stream: the bytes are cut into parts of a fixed
// size; an object that fits in one part is one PUT, a larger one a multipart
// upload whose parts go up a few at a time. The object appears whole when the
// upload completes, or not at all (a failed upload is aborted).

import { iterateStream } from '../../src/index.js';
import type { S3Client, S3Request } from './s3-client.js';
import { xmlEscape, xmlFirst, xmlUnescape } from './s3-xml.js';

export interface UploadOptions {
  /** Bytes per part, at least 5 MiB as S3 requires of all but the last. */
  readonly partSize: number;
  /** Parts in flight at once. */
  readonly concurrency: number;
}

/** Stores `data` under `key` (the full object key). */
export async function uploadObject(s3: S3Client, key: string, data: Uint8Array | ReadableStream<Uint8Array>, opts: UploadOptions): Promise<void> {
  const parts = partsOf(data, opts.partSize);
  const first = await parts.next();
  const firstPart = first.done === true ? new Uint8Array(0) : first.value;
  const second = first.done === true ? first : await parts.next();
  if (second.done === true) {
    await putWhole(s3, key, firstPart);
    return;
  }
  const upload = new MultipartUpload(s3, key, opts.concurrency);
  await upload.start();
  try {
    await upload.add(firstPart);
    await upload.add(second.value);
    for (let p = await parts.next(); p.done !== true; p = await parts.next()) await upload.add(p.value);
    await upload.complete();
  } catch (e) {
    await parts.return(undefined);
    await upload.abort();
    throw e;
  }
}

async function putWhole(s3: S3Client, key: string, body: Uint8Array): Promise<void> {
  const req: S3Request = { method: 'PUT', key, body };
  const r = await s3.send(req);
  if (r.status !== 200) throw s3.failure(req, r);
}

/** The bytes in parts of exactly `size` (the last may be shorter). */
async function* partsOf(data: Uint8Array | ReadableStream<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  if (data instanceof Uint8Array) {
    // The caller may reuse its buffer once put returns; parts are sent by then.
    if (data.length === 0) yield data;
    for (let at = 0; at < data.length; at += size) yield data.subarray(at, Math.min(at + size, data.length));
    return;
  }
  let part = new Uint8Array(size);
  let fill = 0;
  for await (const chunk of iterateStream(data)) {
    let at = 0;
    while (at < chunk.length) {
      const n = Math.min(size - fill, chunk.length - at);
      part.set(chunk.subarray(at, at + n), fill);
      fill += n;
      at += n;
      if (fill === size) {
        yield part;
        part = new Uint8Array(size);
        fill = 0;
      }
    }
  }
  if (fill > 0) yield part.subarray(0, fill);
}

class MultipartUpload {
  #uploadId = '';
  readonly #etags: string[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  #failed: unknown = null;

  constructor(
    private readonly s3: S3Client,
    private readonly key: string,
    private readonly concurrency: number,
  ) {}

  async start(): Promise<void> {
    const req: S3Request = { method: 'POST', key: this.key, query: { uploads: '' } };
    const r = await this.s3.send(req);
    const id = r.status === 200 ? xmlFirst(new TextDecoder().decode(r.body), 'UploadId') : null;
    if (id === null) throw this.s3.failure(req, r);
    this.#uploadId = xmlUnescape(id);
  }

  /** Sends the next part, waiting first while `concurrency` parts are in flight. */
  async add(body: Uint8Array): Promise<void> {
    while (this.#inFlight.size >= this.concurrency) await Promise.race(this.#inFlight);
    if (this.#failed !== null) throw this.#failed;
    const n = this.#etags.length + 1;
    this.#etags.push('');
    const sent = this.#send(n, body).then(
      (etag) => {
        this.#etags[n - 1] = etag;
      },
      (e: unknown) => {
        this.#failed ??= e;
      },
    );
    const tracked = sent.finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }

  async #send(n: number, body: Uint8Array): Promise<string> {
    const req: S3Request = { method: 'PUT', key: this.key, query: { partNumber: String(n), uploadId: this.#uploadId }, body };
    const r = await this.s3.send(req);
    const etag = r.headers.get('ETag');
    if (r.status !== 200 || etag === null) throw this.s3.failure(req, r);
    return etag;
  }

  async complete(): Promise<void> {
    await Promise.all(this.#inFlight);
    if (this.#failed !== null) throw this.#failed;
    const parts = this.#etags.map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${xmlEscape(etag)}</ETag></Part>`);
    const body = new TextEncoder().encode(`<CompleteMultipartUpload>${parts.join('')}</CompleteMultipartUpload>`);
    const req: S3Request = { method: 'POST', key: this.key, query: { uploadId: this.#uploadId }, body };
    const r = await this.s3.send(req);
    // S3 may answer 200 and report the failure in the body.
    if (r.status !== 200 || xmlFirst(new TextDecoder().decode(r.body), 'Error') !== null) throw this.s3.failure(req, r);
  }

  async abort(): Promise<void> {
    await Promise.allSettled(this.#inFlight);
    // Best effort: a lingering upload costs storage, never correctness (the lake's buckets may expire them).
    await this.s3.send({ method: 'DELETE', key: this.key, query: { uploadId: this.#uploadId } }).catch(() => {});
  }
}
