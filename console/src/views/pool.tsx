// One pool: its branches, the commit log of the branch chosen (author,
// date, message, objects), merge and revert behind a confirmation, and a
// drop area that loads into the branch chosen. Events about the pool
// refresh what is shown.

import { useEffect, useState } from 'preact/hooks';
import { describeError } from '../api/client.js';
import { branchLog, listBranches, mergeBranch, revertCommit, type BranchMeta, type Commit } from '../api/lake.js';
import { confirmAction } from '../components/dialog.js';
import { LoadTarget } from '../components/load-target.js';
import { bytes, shortId, span, time } from '../format.js';
import { go, hrefOf } from '../router.js';
import { may } from '../session.js';
import { lastEvent, notify, pools, queryTarget } from '../store.js';
import { keyText } from './pools.js';

interface Loaded {
  readonly branches: BranchMeta[];
  readonly log: Commit[];
}

async function merge(poolId: string, child: string, into: string): Promise<boolean> {
  const ok = await confirmAction('Merge branch', `Merge branch "${child}" into "${into}"? "${into}" gets a new commit with the objects of "${child}".`, 'Merge');
  if (!ok) return false;
  try {
    const r = await mergeBranch(poolId, into, child);
    notify('info', `Merged "${child}" into "${into}" (commit ${shortId(r.commit)})`);
    return true;
  } catch (e) {
    notify('error', `Merging "${child}" into "${into}" failed: ${describeError(e)}`);
    return false;
  }
}

async function revert(poolId: string, branch: string, c: Commit): Promise<boolean> {
  const ok = await confirmAction('Revert commit', `Revert commit ${c.id} on branch "${branch}"? A new commit undoes what it added and deleted.`, 'Revert', true);
  if (!ok) return false;
  try {
    const r = await revertCommit(poolId, branch, c.id);
    notify('info', `Reverted ${shortId(c.id)} on "${branch}" (commit ${shortId(r.commit)})`);
    return true;
  } catch (e) {
    notify('error', `Reverting ${shortId(c.id)} failed: ${describeError(e)}`);
    return false;
  }
}

export function PoolView({ poolId }: { poolId: string }) {
  const row = pools.value?.find((p) => p.config.id === poolId);
  const [branch, setBranch] = useState('main');
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const ev = lastEvent.value;

  // Refresh on the pool's own events, and after this page's writes.
  const poolEvent = ev !== null && ev.poolId === poolId ? ev : null;
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const [branches, log] = await Promise.all([listBranches(poolId), branchLog(poolId, branch)]);
        branches.sort((a, b) => (a.branch.name === 'main' ? -1 : b.branch.name === 'main' ? 1 : a.branch.name.localeCompare(b.branch.name)));
        if (live) {
          setData({ branches, log });
          setError(null);
        }
      } catch (e) {
        if (live) setError(describeError(e));
      }
    })();
    return () => {
      live = false;
    };
  }, [poolId, branch, tick, poolEvent]);

  if (pools.value !== null && row === undefined) {
    return (
      <section>
        <h1>Pool not found</h1>
        <p>
          No pool has the id {poolId} (it may have been dropped). <a href={hrefOf({ view: 'pools' })}>Back to the pools</a>
        </p>
      </section>
    );
  }
  const name = row?.config.name ?? poolId;
  const write = may(name, 'write');
  const refresh = () => setTick((t) => t + 1);

  return (
    <section aria-labelledby="pool-title">
      <nav class="crumbs" aria-label="Breadcrumb">
        <a href={hrefOf({ view: 'pools' })}>Pools</a> / <span aria-current="page">{name}</span>
      </nav>
      <div class="view-head">
        <h1 id="pool-title">{name}</h1>
        <button
          type="button"
          onClick={() => {
            queryTarget.value = { poolId, branch };
            go({ view: 'query' });
          }}
        >
          Query {branch}
        </button>
        {row !== undefined && (
          <dl class="facts">
            <dt>Pool key</dt>
            <dd>{keyText(row.config.layout)}</dd>
            <dt>Size</dt>
            <dd>{row.stats !== null ? bytes(row.stats.size) : '…'}</dd>
            <dt>Span</dt>
            <dd>{row.stats !== null ? span(row.stats.span) : '…'}</dd>
            <dt>Id</dt>
            <dd>
              <code>{row.config.id}</code>
            </dd>
          </dl>
        )}
      </div>
      {error !== null && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <LoadTarget poolId={poolId} poolName={name} branch={branch} enabled={write} class="drop-area">
        {write && (
          <p class="muted">
            Drop files here to load them into branch <strong>{branch}</strong>.
          </p>
        )}
      </LoadTarget>
      <div class="columns">
        <section aria-labelledby="branches-title" class="branches">
          <h2 id="branches-title">Branches</h2>
          {data === null ? (
            <p class="muted">Loading…</p>
          ) : (
            <ul class="branch-list">
              {data.branches.map((b) => (
                <li key={b.branch.name} class={b.branch.name === branch ? 'current' : ''}>
                  <button type="button" class="link" aria-pressed={b.branch.name === branch} onClick={() => setBranch(b.branch.name)}>
                    {b.branch.name}
                  </button>
                  <code title={b.branch.commit}>{shortId(b.branch.commit)}</code>
                  {write && b.branch.name !== branch && (
                    <button
                      type="button"
                      class="small"
                      onClick={async () => {
                        if (await merge(poolId, b.branch.name, branch)) refresh();
                      }}
                    >
                      Merge into {branch}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="log-title" class="log">
          <h2 id="log-title">Commits on {branch}</h2>
          {data === null ? null : data.log.length === 0 ? (
            <p class="muted">No commits yet.</p>
          ) : (
            <table class="commits">
              <thead>
                <tr>
                  <th scope="col">Commit</th>
                  <th scope="col">Author</th>
                  <th scope="col">Date</th>
                  <th scope="col">Message</th>
                  <th scope="col" class="num">
                    Objects
                  </th>
                  {write && (
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {data.log.map((c) => (
                  <tr key={c.id} data-commit={c.id}>
                    <td>
                      <code title={c.id}>{shortId(c.id)}</code>
                    </td>
                    <td>{c.author === '' ? <span class="muted">—</span> : c.author}</td>
                    <td>{time(c.date)}</td>
                    <td class="message">
                      <pre>{c.message.trim()}</pre>
                    </td>
                    <td class="num" title={`${c.added} added, ${c.deleted} deleted`}>
                      +{c.added}
                      {c.deleted > 0 ? ` −${c.deleted}` : ''}
                    </td>
                    {write && (
                      <td>
                        <button
                          type="button"
                          class="small"
                          onClick={async () => {
                            if (await revert(poolId, branch, c)) refresh();
                          }}
                          aria-label={`Revert commit ${c.id}`}
                        >
                          Revert
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </section>
  );
}
