// The S3 adapter: a BlobStore on the S3 REST API over Web-standard fetch,
// for AWS S3 and what speaks its API (MinIO, R2, s3rver), on every runtime.

export { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store.js';
export { S3Client, type S3ClientOptions } from './s3-client.js';
export { isS3Url, parseS3Url, s3Settings, type Environment, type S3Settings } from './s3-settings.js';
