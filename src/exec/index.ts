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
export { directOutbound, noOutbound, checkPlanUrls, type Outbound } from './outbound.js';
export { guardedOutbound, fetchNetwork, OutboundRefusedError, DEFAULT_MAX_REDIRECTS, DEFAULT_OUTBOUND_TIMEOUT_MS, type OutboundGuardOptions, type OutboundNetwork } from './outbound-guard.js';
