// Public surface of the exec layer.
export * from './query.js';
export * from './lake-source.js';
export * from './compilation-error.js';
export * from './go-json.js';
export * from './marshal.js';
export * from './query-meter.js';
export * from './query-writer.js';
export * from './source-plan.js';
export * from './run-query.js';
export * from './describe.js';
export * from './parse-only.js';
export { deleteWhere } from './delete-where.js';
export { branchMetaValue, branchValue, lakeMeta, matchPools, poolMeta, poolValue } from './meta-queries.js';
export { countPool } from './pool-count.js';
export { lakeQueryRunner } from './lake-query-runner.js';
export { openHttp, httpUrl, type HttpSourceOptions } from './http-source.js';
export { inProcessExecutor, startQueryJob, yieldingPace, type QueryExecutor, type QueryJobControl, type QueryJobOptions, type QueryJobSpec } from './query-job.js';
export { plainError, reviveError, type PlainError } from './error-wire.js';
