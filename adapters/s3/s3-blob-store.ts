// The BlobStore port on S3 and what speaks its API (MinIO, R2's S3 API,
// s3rver): each blob is one object under the lake's key prefix. Ranged gets
// are native; a large put is a multipart upload; listings are paged with
// ListObjectsV2; put-if-absent is a conditional PUT (If-None-Match: *).
//
// A store that ignores that condition (s3rver, older MinIO) is found out by a
// probe on the first put-if-absent, which then checks and writes in two steps:
// not atomic, but nothing in the lake depends on it. Commits are
// compare-and-set in the metastore, and every object is written once under
// a fresh KSUID, so two writers never race for one key.

import { checkBlobKey, checkBlobRange, type BlobInfo, type BlobStore } from '../../src/index.js';
import { uploadObject, type UploadOptions } from './multipart-upload.js';
import { S3Client, type S3ClientOptions, type S3Request } from './s3-client.js';
import type { S3Settings } from './s3-settings.js';
import { xmlAll, xmlEscape, xmlFirst, xmlUnescape } from './s3-xml.js';

export interface S3BlobStoreOptions extends S3ClientOptions, Partial<UploadOptions> {
  /** Whether the store honours If-None-Match on PUT; found out on first use when absent. */
  readonly conditionalPut?: boolean;
}

const MiB = 1 << 20;

export class S3BlobStore implements BlobStore {
  readonly #s3: S3Client;
  readonly #prefix: string;
  readonly #upload: UploadOptions;
  #conditional: Promise<boolean> | null;

  constructor(settings: S3Settings, opts: S3BlobStoreOptions = {}) {
    this.#s3 = new S3Client(settings, opts);
    this.#prefix = settings.prefix;
    this.#upload = { partSize: Math.max(5 * MiB, opts.partSize ?? 16 * MiB), concurrency: opts.concurrency ?? 4 };
    this.#conditional = opts.conditionalPut === undefined ? null : Promise.resolve(opts.conditionalPut);
  }

  async get(key: string): Promise<Uint8Array | null> {
    const req: S3Request = { method: 'GET', key: this.#key(key) };
    const r = await this.#s3.send(req);
    if (r.status === 404) return null;
    if (r.status !== 200) throw this.#s3.failure(req, r);
    return r.body;
  }

  async getStream(key: string): Promise<ReadableStream<Uint8Array> | null> {
    const res = await this.#s3.open({ method: 'GET', key: this.#key(key) });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    return res.body ?? new ReadableStream({ start: (c) => c.close() });
  }

  async getRange(key: string, offset: number, length: number): Promise<Uint8Array | null> {
    checkBlobRange(key, offset, length);
    if (length === 0) return (await this.#exists(key)) ? new Uint8Array(0) : null;
    const req: S3Request = { method: 'GET', key: this.#key(key), headers: { Range: `bytes=${offset}-${offset + length - 1}` } };
    const r = await this.#s3.send(req);
    switch (r.status) {
      case 206:
        return r.body;
      case 200:
        // A store that ignored the range sent the whole object.
        return r.body.slice(Math.min(offset, r.body.length), Math.min(offset + length, r.body.length));
      case 404:
        return null;
      case 416:
        // The range starts at or past the end: no bytes there, if the object is.
        return (await this.#exists(key)) ? new Uint8Array(0) : null;
      default:
        throw this.#s3.failure(req, r);
    }
  }

  async put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<void> {
    await uploadObject(this.#s3, this.#key(key), data, this.#upload);
  }

  async putIfAbsent(key: string, data: Uint8Array): Promise<boolean> {
    const full = this.#key(key);
    if (!(await (this.#conditional ??= this.#probeConditional()))) {
      if (await this.#exists(key)) return false;
      await uploadObject(this.#s3, full, data, this.#upload);
      return true;
    }
    return this.#putIfNoneMatch(full, data);
  }

  async #putIfNoneMatch(full: string, body: Uint8Array): Promise<boolean> {
    const req: S3Request = { method: 'PUT', key: full, headers: { 'If-None-Match': '*' }, body };
    for (let attempt = 0; ; attempt++) {
      const r = await this.#s3.send(req);
      if (r.status === 200) return true;
      if (r.status === 412) return false;
      // 409: a concurrent conditional write to the key is in flight; its outcome decides.
      if (r.status !== 409 || attempt >= 5) throw this.#s3.failure(req, r);
      await new Promise((ok) => setTimeout(ok, 20 * 2 ** attempt));
    }
  }

  /** Writes a scratch object twice with If-None-Match: a store that honours it refuses the second. */
  async #probeConditional(): Promise<boolean> {
    const rand = crypto.getRandomValues(new Uint32Array(2));
    const probe = `${this.#prefix}.zlake-probe-${rand[0]!.toString(36)}${rand[1]!.toString(36)}`;
    const body = new Uint8Array(0);
    try {
      if (!(await this.#putIfNoneMatch(probe, body))) return true;
      return !(await this.#putIfNoneMatch(probe, body));
    } catch {
      // 501 NotImplemented and the like: the condition is not supported.
      return false;
    } finally {
      await this.#s3.send({ method: 'DELETE', key: probe });
    }
  }

  async delete(key: string): Promise<boolean> {
    // DELETE answers 204 whether or not there was an object, so ask first.
    if (!(await this.#exists(key))) return false;
    const req: S3Request = { method: 'DELETE', key: this.#key(key) };
    const r = await this.#s3.send(req);
    if (r.status !== 204 && r.status !== 200) throw this.#s3.failure(req, r);
    return true;
  }

  /** Removes the objects (missing ones are no error) with DeleteObjects, 1,000 a request. */
  async deleteMany(keys: readonly string[]): Promise<void> {
    for (let at = 0; at < keys.length; at += 1000) {
      const objects = keys.slice(at, at + 1000).map((k) => `<Object><Key>${xmlEscape(this.#key(k))}</Key></Object>`);
      const body = new TextEncoder().encode(`<Delete><Quiet>true</Quiet>${objects.join('')}</Delete>`);
      // S3 wants a checksum of this request's body: SHA-256, as Web Crypto has no MD5.
      const sha = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
      const req: S3Request = {
        method: 'POST',
        key: '',
        query: { delete: '' },
        headers: { 'x-amz-checksum-sha256': btoa(String.fromCharCode(...sha)), 'x-amz-sdk-checksum-algorithm': 'SHA256' },
        body,
      };
      const r = await this.#s3.send(req);
      const text = new TextDecoder().decode(r.body);
      if (r.status !== 200 || xmlFirst(text, 'Error') !== null) throw this.#s3.failure(req, r);
    }
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    let token: string | null = null;
    for (;;) {
      const query: Record<string, string> = { 'list-type': '2', prefix: this.#prefix + prefix };
      if (token !== null) query['continuation-token'] = token;
      const req: S3Request = { method: 'GET', key: '', query };
      const r = await this.#s3.send(req);
      if (r.status !== 200) throw this.#s3.failure(req, r);
      const xml = new TextDecoder().decode(r.body);
      const page: BlobInfo[] = [];
      for (const c of xmlAll(xml, 'Contents')) {
        const key = xmlUnescape(xmlFirst(c, 'Key') ?? '').slice(this.#prefix.length);
        // Dot-named keys are the store's own (the put-if-absent probe).
        if (key === '' || key.startsWith('.')) continue;
        page.push({ key, size: Number(xmlFirst(c, 'Size') ?? 0) });
      }
      // S3 lists in key order; s3rver in its folders' order, which a sort repairs within a page.
      yield* page.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const next = xmlFirst(xml, 'NextContinuationToken');
      if (xmlFirst(xml, 'IsTruncated') !== 'true' || next === null) return;
      token = xmlUnescape(next);
    }
  }

  async #exists(key: string): Promise<boolean> {
    const req: S3Request = { method: 'HEAD', key: this.#key(key) };
    const r = await this.#s3.send(req);
    if (r.status === 200) return true;
    if (r.status === 404) return false;
    throw this.#s3.failure(req, r);
  }

  #key(key: string): string {
    checkBlobKey(key);
    return this.#prefix + key;
  }
}
