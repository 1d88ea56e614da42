// The S3 store's settings and its faults, against s3rver on loopback: a
// flaky store is retried, a dead or silent one ends in UnavailableError, a
// refusal in InternalError, and no message carries a credential. (The
// BlobStore contract on S3 is in test/contract/blob-store.test.ts.)

import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type S3rverHandle } from '../../test/support/s3rver.js';
import { InternalError, InvalidError, UnavailableError } from '../../src/index.js';
import { parseS3Url, S3BlobStore, s3Settings } from './index.js';

const SECRET = 'S3RVER';

describe('S3 settings', () => {
  it('reads bucket and prefix from an s3:// URL', () => {
    expect(parseS3Url('s3://my-bucket')).toEqual({ bucket: 'my-bucket', prefix: '' });
    expect(parseS3Url('s3://my-bucket/')).toEqual({ bucket: 'my-bucket', prefix: '' });
    expect(parseS3Url('s3://my-bucket/a/b/')).toEqual({ bucket: 'my-bucket', prefix: 'a/b/' });
    for (const bad of ['s3://', 's3://UPPER/x', 's3://b/a/../c', 's3://b/a//c', 's3://x']) {
      expect(() => parseS3Url(bad), bad).toThrow(InvalidError);
    }
  });

  it('takes the AWS variables, and says which are missing', () => {
    const env = { AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret', AWS_ENDPOINT_URL: 'http://127.0.0.1:9000/' };
    expect(s3Settings('s3://bkt/p', env)).toEqual({
      bucket: 'bkt',
      prefix: 'p/',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      sessionToken: null,
    });
    expect(s3Settings('s3://bkt', { ...env, AWS_REGION: 'auto' }).region).toBe('auto');
    expect(() => s3Settings('s3://bkt', {})).toThrow('set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
    expect(() => s3Settings('s3://bkt', { ...env, AWS_ENDPOINT_URL: 'ftp://x' })).toThrow(InvalidError);
  });
});

describe('S3BlobStore faults', () => {
  let s3: S3rverHandle;
  const servers: Server[] = [];
  beforeAll(async () => {
    s3 = await startS3rver(['faults']);
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((ok) => s.close(ok));
    }
    await s3.stop();
  });

  /** A server on loopback answering with `handle`; its endpoint. */
  async function serve(handle: Parameters<typeof createServer>[1]): Promise<string> {
    const s = createServer(handle);
    servers.push(s);
    await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
    return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  }

  const storeAt = (endpoint: string, over: Record<string, string> = {}) =>
    new S3BlobStore(s3Settings('s3://faults/f', { ...s3.env, AWS_ENDPOINT_URL: endpoint, ...over }), { retries: 3, backoffMs: 5, timeoutMs: 500 });

  function noCredentials(e: unknown): void {
    const text = `${(e as Error).message} ${String((e as Error).cause ?? '')}`;
    expect(text).not.toContain(SECRET);
  }

  it('retries 5xx answers and then succeeds', async () => {
    let calls = 0;
    // Every other request fails with 503 before it reaches s3rver.
    const flaky = await serve((req, res) => {
      if (calls++ % 2 === 0) {
        res.writeHead(503).end('<Error><Code>SlowDown</Code></Error>');
        return;
      }
      const fwd = request(`${s3.endpoint}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 500, up.headers);
        up.pipe(res);
      });
      req.pipe(fwd);
    });
    const store = storeAt(flaky);
    await store.put('k', new TextEncoder().encode('flaky but there'));
    expect(new TextDecoder().decode((await store.get('k'))!)).toBe('flaky but there');
    expect(calls).toBeGreaterThanOrEqual(4);
  });

  it('gives up on a store that keeps failing with UnavailableError', async () => {
    const down = await serve((_req, res) => res.writeHead(500).end('<Error><Code>InternalError</Code></Error>'));
    const e = await storeAt(down).get('k').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UnavailableError);
    expect((e as Error).message).toBe('S3 GET "f/k" failed after 4 attempts: 500 InternalError');
    noCredentials(e);
  });

  it('gives up on a store that does not answer, or is not there', async () => {
    const silent = await serve(() => {});
    const e = await storeAt(silent).put('k', new Uint8Array(3)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UnavailableError);
    expect((e as Error).message).toBe('S3 PUT "f/k" failed after 4 attempts: no answer in 500 ms');
    const closed = await serve(() => {});
    const s = servers.pop()!;
    await new Promise((ok) => s.close(ok));
    const refused = await storeAt(closed).get('k').catch((x: unknown) => x);
    expect(refused).toBeInstanceOf(UnavailableError);
    expect((refused as Error).message).toContain('ECONNREFUSED');
    noCredentials(refused);
  });

  it('reports a refusal without the credentials', async () => {
    const e = await storeAt(s3.endpoint, { AWS_ACCESS_KEY_ID: 'nobody', AWS_SECRET_ACCESS_KEY: 'not-the-secret-xyz' })
      .get('k')
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InternalError);
    expect((e as Error).message).toMatch(/^S3 GET "f\/k" failed: 403 InvalidAccessKeyId/);
    expect((e as Error).message).not.toContain('not-the-secret-xyz');
  });
});
