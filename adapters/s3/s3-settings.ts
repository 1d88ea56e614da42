// Where an S3 lake lives and how to reach it: the `s3://bucket/prefix` URL
// and the standard AWS variables, read as Zed's S3 support and the AWS CLI
// read them. The settings are a plain object (structured-cloneable), so a
// worker thread can be handed them; the secret stays out of every message.

import { InvalidError } from '../../src/index.js';

export interface S3Settings {
  readonly bucket: string;
  /** Key prefix of the lake's objects: '' or ending in '/'. */
  readonly prefix: string;
  readonly region: string;
  /**
   * AWS_ENDPOINT_URL (MinIO, R2's S3 API, s3rver...), addressed path-style
   * (`endpoint/bucket/key`); null for AWS itself, addressed virtual-host style.
   */
  readonly endpoint: string | null;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken: string | null;
}

export type Environment = Readonly<Record<string, string | undefined>>;

export function isS3Url(text: string): boolean {
  return text.startsWith('s3://');
}

/** `s3://bucket/some/prefix` as bucket and key prefix (`some/prefix/`). */
export function parseS3Url(text: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([^/?#]+)\/*([^?#]*)$/.exec(text);
  // Bucket names: 3-63 of lower-case letters, digits, dots and hyphens.
  if (m === null || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(m[1]!)) {
    throw new InvalidError(`Invalid S3 location "${text}": want s3://bucket[/prefix]`);
  }
  const path = m[2]!.replace(/\/+$/, '');
  if (path.split('/').some((seg) => seg === '.' || seg === '..' || (seg === '' && path !== ''))) {
    throw new InvalidError(`Invalid S3 location "${text}": bad prefix`);
  }
  return { bucket: m[1]!, prefix: path === '' ? '' : `${path}/` };
}

/** The settings for `url` from the AWS variables in `env`. */
export function s3Settings(url: string, env: Environment): S3Settings {
  const { bucket, prefix } = parseS3Url(url);
  const get = (name: string): string | null => {
    const v = env[name];
    return v === undefined || v === '' ? null : v;
  };
  const accessKeyId = get('AWS_ACCESS_KEY_ID');
  const secretAccessKey = get('AWS_SECRET_ACCESS_KEY');
  if (accessKeyId === null || secretAccessKey === null) {
    throw new InvalidError(`S3 lake "${url}" needs credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY`);
  }
  const endpoint = get('AWS_ENDPOINT_URL_S3') ?? get('AWS_ENDPOINT_URL');
  if (endpoint !== null && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) {
    throw new InvalidError(`Invalid AWS_ENDPOINT_URL "${endpoint}": want http(s)://host[:port]`);
  }
  return {
    bucket,
    prefix,
    region: get('AWS_REGION') ?? get('AWS_DEFAULT_REGION') ?? 'us-east-1',
    endpoint: endpoint === null ? null : endpoint.replace(/\/$/, ''),
    accessKeyId,
    secretAccessKey,
    sessionToken: get('AWS_SESSION_TOKEN'),
  };
}
