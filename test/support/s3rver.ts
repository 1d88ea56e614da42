// An S3-compatible server for tests: s3rver on 127.0.0.1 at a free port,
// storing its buckets in a temp folder, with the AWS variables that reach it.
// s3rver signs with fixed credentials and ignores If-None-Match on PUT (the
// S3 store finds that out and falls back).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface S3rverHandle {
  /** http://127.0.0.1:port */
  readonly endpoint: string;
  /** AWS_* variables for a client of this server. */
  readonly env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3rver(buckets: readonly string[] = ['lake']): Promise<S3rverHandle> {
  const dir = await mkdtemp(join(tmpdir(), 'zlake-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const addr = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${addr.port}`;
  return {
    endpoint,
    env: {
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL: endpoint,
    },
    async stop() {
      await server.close().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
