// The pools: name, pool key, size and span, with create, rename and drop
// where the session may, and each row a place to drop files to load.

import { useState } from 'preact/hooks';
import { describeError } from '../api/client.js';
import { createPool, dropPool, renamePool } from '../api/lake.js';
import { askText, confirmAction } from '../components/dialog.js';
import { LoadTarget } from '../components/load-target.js';
import { bytes, span } from '../format.js';
import { hrefOf } from '../router.js';
import { may, mayCreatePools } from '../session.js';
import { notify, pools, poolsError, refreshPools, type PoolRow } from '../store.js';

export function keyText(layout: PoolRow['config']['layout']): string {
  const k = layout.keys[0];
  return `${k === undefined ? 'ts' : k.join('.')} ${layout.order}`;
}

function CreatePool() {
  const [name, setName] = useState('');
  const [key, setKey] = useState('ts');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      class="create-pool"
      aria-label="Create a pool"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          await createPool(name.trim(), key, order);
          notify('info', `Created pool "${name.trim()}"`);
          setName('');
          await refreshPools();
        } catch (err) {
          setError(describeError(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label class="field">
        <span>New pool</span>
        <input name="name" value={name} onInput={(e) => setName(e.currentTarget.value)} placeholder="name" required autoComplete="off" />
      </label>
      <label class="field">
        <span>Pool key</span>
        <input name="key" value={key} onInput={(e) => setKey(e.currentTarget.value)} placeholder="ts" autoComplete="off" />
      </label>
      <label class="field">
        <span>Order</span>
        <select name="order" value={order} onChange={(e) => setOrder(e.currentTarget.value as 'asc' | 'desc')}>
          <option value="desc">descending</option>
          <option value="asc">ascending</option>
        </select>
      </label>
      <button type="submit" class="primary" disabled={busy || name.trim() === ''}>
        Create
      </button>
      {error !== null && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

async function rename(row: PoolRow): Promise<void> {
  const name = await askText('Rename pool', `Pool "${row.config.name}" gets a new name; its data stays as it is.`, 'New name', row.config.name, 'Rename');
  if (name === null || name === row.config.name) return;
  try {
    await renamePool(row.config.id, name);
    notify('info', `Renamed pool "${row.config.name}" to "${name}"`);
    await refreshPools();
  } catch (e) {
    notify('error', `Renaming "${row.config.name}" failed: ${describeError(e)}`);
  }
}

async function drop(row: PoolRow): Promise<void> {
  const ok = await confirmAction('Drop pool', `Drop pool "${row.config.name}" and delete all of its data, branches and commits? This cannot be undone.`, 'Drop', true);
  if (!ok) return;
  try {
    await dropPool(row.config.id);
    notify('info', `Dropped pool "${row.config.name}"`);
    await refreshPools();
  } catch (e) {
    notify('error', `Dropping "${row.config.name}" failed: ${describeError(e)}`);
  }
}

function PoolLine({ row }: { row: PoolRow }) {
  const { config } = row;
  const admin = may(config.name, 'admin');
  return (
    <LoadTarget
      as="tr"
      poolId={config.id}
      poolName={config.name}
      branch="main"
      enabled={may(config.name, 'write')}
      renderStatus={(status, button) => (
        <td class="actions">
          {button}
          {admin && (
            <>
              <button type="button" class="small" onClick={() => void rename(row)} aria-label={`Rename pool ${config.name}`}>
                Rename
              </button>
              <button type="button" class="small danger" onClick={() => void drop(row)} aria-label={`Drop pool ${config.name}`}>
                Drop
              </button>
            </>
          )}
          {status}
        </td>
      )}
    >
      <th scope="row">
        <a href={hrefOf({ view: 'pool', poolId: config.id })}>{config.name}</a>
      </th>
      <td>{keyText(config.layout)}</td>
      <td class="num" title={row.stats !== null ? `${row.stats.size} bytes` : undefined}>
        {row.stats !== null ? bytes(row.stats.size) : row.statsError !== null ? <span class="error">{row.statsError}</span> : '…'}
      </td>
      <td>{row.stats !== null ? span(row.stats.span) : ''}</td>
    </LoadTarget>
  );
}

export function PoolsView() {
  const list = pools.value;
  return (
    <section aria-labelledby="pools-title">
      <div class="view-head">
        <h1 id="pools-title">Pools</h1>
        {mayCreatePools.value && <CreatePool />}
      </div>
      {poolsError.value !== null && (
        <p class="error" role="alert">
          {poolsError.value}
        </p>
      )}
      {list === null ? (
        poolsError.value === null && <p class="muted">Loading pools…</p>
      ) : list.length === 0 ? (
        <p class="muted">No pools yet.{mayCreatePools.value ? ' Create one above, then drop a file on it.' : ''}</p>
      ) : (
        <table class="pools">
          <caption class="muted">Drop a file on a pool to load it into its main branch.</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Pool key</th>
              <th scope="col" class="num">
                Size
              </th>
              <th scope="col">Span</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((row) => (
              <PoolLine key={row.config.id} row={row} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
