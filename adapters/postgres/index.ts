// The PostgreSQL adapter: the shared SQL MetaStore on node-postgres, and the
// lake event relay over LISTEN/NOTIFY.

export { PostgresEventRelay } from './pg-event-relay.js';
export { openPostgresMetaStore, postgresLost, type PostgresMetaStore, type PostgresOptions } from './pg-meta-store.js';
