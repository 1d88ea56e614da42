// The service's answers as Zed values, with the field names, types and type
// names of Zed's api, lake and exec packages (lake-api.md §5, §6.2, §9): the
// negotiated format's writer then renders them (JSON, ZSON, ZJSON, ZNG, ...).

import type { BranchMeta, PoolStats } from '../lake/index.js';
import type { BranchConfig, PoolConfig } from '../storage/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import { TypeBytes, TypeContext, TypeInt64, TypeString, TypeTime, type Value } from '../zed/index.js';
import { Marshaler } from '../exec/index.js';
import type { ApiRevision } from './revision.js';


/** What one lake event says (lake-api.md §9). */
export type LakeEvent = (
  | { readonly kind: 'pool-new' | 'pool-update' | 'pool-delete'; readonly poolId: KsuidHex }
  | { readonly kind: 'branch-update' | 'branch-delete'; readonly poolId: KsuidHex; readonly branch: string }
  | {
      readonly kind: 'branch-commit';
      /** Which operation made the commit; v1.2.0 names revert, merge and compact apart. */
      readonly op: 'load' | 'delete' | 'revert' | 'merge' | 'compact' | 'index';
      readonly poolId: KsuidHex;
      readonly commitId: KsuidHex;
      readonly branch: string;
      readonly parent: string;
    }
) & {
  /** The pool's name, for sending each subscriber only the pools it may read (not on the wire). */
  readonly poolName: string;
  /** pool-update: the name before the rename. */
  readonly formerName?: string;
};

const KSUID = 'ksuid.KSUID';

export class Wire {
  readonly m: Marshaler;

  constructor(
    readonly revision: ApiRevision,
    zctx: TypeContext = new TypeContext(),
  ) {
    this.m = new Marshaler(zctx);
  }

  poolConfig(p: PoolConfig): Value {
    const m = this.m;
    const keys = p.layout.keys.map((path) =>
      m.array(
        TypeString,
        path.map((s) => m.string(s)),
        'field.Path',
      ),
    );
    const pathType = m.named(m.zctx.lookupArray(TypeString), 'field.Path');
    // Zed renamed order.Layout to order.SortKey in v1.8.0; the wire shape is the same.
    const layoutName = this.revision === 'v1.2.0' || this.revision === 'v1.6.0' ? 'order.Layout' : 'order.SortKey';
    const layout = m.record(
      [
        ['order', m.string(p.layout.order, 'order.Which')],
        ['keys', m.array(pathType, keys, 'field.List')],
      ],
      layoutName,
    );
    return m.record(
      [
        ['ts', m.time(p.ts)],
        ['name', m.string(p.name)],
        ['id', m.ksuid(p.id, KSUID)],
        ['layout', layout],
        ['seek_stride', m.int64(p.seekStride)],
        ['threshold', m.int64(p.threshold)],
      ],
      'pools.Config',
    );
  }

  branchConfig(b: BranchConfig): Value {
    const m = this.m;
    return m.record(
      [
        ['ts', m.time(b.ts)],
        ['name', m.string(b.name)],
        ['commit', m.ksuid(b.commit, KSUID)],
      ],
      'branches.Config',
    );
  }

  branchMeta(meta: BranchMeta): Value {
    return this.m.record(
      [
        ['pool', this.poolConfig(meta.pool)],
        ['branch', this.branchConfig(meta.branch)],
      ],
      'lake.BranchMeta',
    );
  }

  /** api.CommitResponse; `warnings` null for every route but load. */
  commitResponse(commit: KsuidHex, warnings: readonly string[] | null): Value {
    const m = this.m;
    const w = warnings === null ? m.nullArray(TypeString) : m.array(TypeString, warnings.map((s) => m.string(s)));
    return m.record(
      [
        ['commit', m.ksuid(commit, KSUID)],
        ['warnings', w],
      ],
      'api.CommitResponse',
    );
  }

  /** api.VacuumResponse: a null list when nothing was (or would be) removed. */
  vacuumResponse(ids: readonly KsuidHex[]): Value {
    const m = this.m;
    const elem = m.named(TypeBytes, KSUID);
    const list = ids.length === 0 ? m.nullArray(elem) : m.array(elem, ids.map((id) => m.ksuid(id, KSUID)));
    return m.record([['object_ids', list]], 'api.VacuumResponse');
  }

  /** exec.PoolStats; Zed's nano.Duration is an int64 of nanoseconds (JSON gives a number). */
  poolStats(s: PoolStats): Value {
    const m = this.m;
    const spanType = m.recordType(
      [
        ['ts', TypeTime],
        ['dur', m.named(TypeInt64, 'nano.Duration')],
      ],
      'nano.Span',
    );
    const span =
      s.span === null
        ? m.nullOf(spanType)
        : m.record(
            [
              ['ts', m.time(s.span.ts)],
              ['dur', m.int64(s.span.dur, 'nano.Duration')],
            ],
            'nano.Span',
          );
    return m.record(
      [
        ['size', m.int64(s.size)],
        ['span', span],
      ],
      'exec.PoolStats',
    );
  }

  queryError(message: string): Value {
    return this.m.record([['error', this.m.string(message)]], 'api.QueryError');
  }

  authMethodNone(): Value {
    const m = this.m;
    const details = m.recordType(
      [
        ['audience', TypeString],
        ['client_id', TypeString],
        ['domain', TypeString],
      ],
      'api.AuthMethodAuth0Details',
    );
    return m.record(
      [
        ['kind', m.string('', 'api.AuthMethod')],
        ['auth0', m.nullOf(details)],
      ],
      'api.AuthMethodResponse',
    );
  }

  authIdentity(tenantId: string, userId: string): Value {
    const m = this.m;
    return m.record(
      [
        ['tenant_id', m.string(tenantId)],
        ['user_id', m.string(userId)],
      ],
      'api.AuthIdentityResponse',
    );
  }

  /**
   * An event's value: simple type names (`(=EventPool)`, ids typed `KSUID`)
   * since v1.6.0; v1.2.0 sends a plain record.
   */
  event(ev: LakeEvent): Value {
    const m = this.m;
    const simple = this.revision !== 'v1.2.0';
    const id = (hex: KsuidHex): Value => m.ksuid(hex, simple ? 'KSUID' : null);
    const name = (n: string): string | null => (simple ? n : null);
    switch (ev.kind) {
      case 'pool-new':
      case 'pool-update':
      case 'pool-delete':
        return m.record([['pool_id', id(ev.poolId)]], name('EventPool'));
      case 'branch-update':
      case 'branch-delete':
        return m.record(
          [
            ['pool_id', id(ev.poolId)],
            ['branch', m.string(ev.branch)],
          ],
          name('EventBranch'),
        );
      case 'branch-commit':
        return m.record(
          [
            ['commit_id', id(ev.commitId)],
            ['pool_id', id(ev.poolId)],
            ['branch', m.string(ev.branch)],
            ['parent', m.string(ev.parent)],
          ],
          name('EventBranchCommit'),
        );
      default: {
        const never: never = ev;
        throw new Error(`unknown event ${(never as LakeEvent).kind}`);
      }
    }
  }
}
