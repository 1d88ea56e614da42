// The query view: an editor, the pool and branch a query without `from`
// reads, Run (Mod-Enter) and Cancel (Escape), the results streaming into
// the grid, a chart when the result has a time and numbers, and the
// query's stats at the bottom. Compilation errors are marked in the editor.

import type { ComponentType } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, describeError, type CompilationError } from '../api/client.js';
import { listBranches } from '../api/lake.js';
import { runQuery, type QueryStats } from '../api/query-stream.js';
import { QueryEditor, type EditorMark } from '../components/query-editor.js';
import { ResultsTable } from '../components/results-table.js';
import { bytes, count, elapsed } from '../format.js';
import { chartSpec, type ChartSpec } from '../results/chart-spec.js';
import { ResultSet } from '../results/result-set.js';
import { pools, queryTarget } from '../store.js';

/** Values a result keeps at most; the query is stopped there. */
const MAX_ROWS = 500_000;
const QUERY_KEY = 'zlake.console.query';

type Status = 'running' | 'done' | 'canceled' | 'failed';

interface Run {
  readonly requestId: string;
  readonly sets: Map<string, ResultSet>;
  status: Status;
  stats: QueryStats | null;
  error: string | null;
  truncated: boolean;
  readonly abort: AbortController;
}

interface ErrorLine {
  readonly text: string;
  readonly mark: EditorMark | null;
}

/** The service's compilation errors as editor marks (their offsets count UTF-8 bytes) and lines with line and column. */
export function compileErrors(query: string, errs: readonly CompilationError[]): ErrorLine[] {
  const utf8 = new TextEncoder().encode(query);
  const dec = new TextDecoder();
  const at = (b: number) => dec.decode(utf8.subarray(0, Math.max(0, Math.min(b, utf8.length)))).length;
  return errs.map((e) => {
    const from = at(e.Pos);
    const to = e.End < 0 ? from : at(e.End);
    const before = query.slice(0, from);
    const line = before.split('\n').length;
    const column = from - (before.lastIndexOf('\n') + 1) + 1;
    return { text: `line ${line}, column ${column}: ${e.Msg}`, mark: { from, to, message: e.Msg } };
  });
}

function newRequestId(): string {
  const b = crypto.getRandomValues(new Uint8Array(12));
  return `console-${[...b].map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}

function savedQuery(): string {
  try {
    return localStorage.getItem(QUERY_KEY) ?? '';
  } catch {
    return '';
  }
}

export function QueryView() {
  const target = queryTarget.value;
  const [text, setText] = useState(savedQuery);
  const [poolId, setPoolId] = useState(target?.poolId ?? '');
  const [branch, setBranch] = useState(target?.branch ?? 'main');
  const [branches, setBranches] = useState<string[]>(['main']);
  const [run, setRun] = useState<Run | null>(null);
  const [channel, setChannel] = useState('main');
  const [errors, setErrors] = useState<ErrorLine[]>([]);
  const [version, setVersion] = useState(0);
  const [Chart, setChart] = useState<ComponentType<{ rs: ResultSet; spec: ChartSpec; version: number }> | null>(null);
  const textRef = useRef(text);
  const runRef = useRef<Run | null>(null);
  const frame = useRef(0);

  // Re-render at most once a frame while values stream in.
  const repaint = () => {
    if (frame.current !== 0) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      setVersion((v) => v + 1);
    });
  };

  useEffect(() => () => runRef.current?.abort.abort(), []);

  useEffect(() => {
    if (poolId === '') {
      setBranches(['main']);
      return;
    }
    let live = true;
    listBranches(poolId)
      .then((bs) => {
        if (live) setBranches(bs.map((b) => b.branch.name).sort((a, b) => (a === 'main' ? -1 : b === 'main' ? 1 : a.localeCompare(b))));
      })
      .catch(() => {
        if (live) setBranches(['main']);
      });
    return () => {
      live = false;
    };
  }, [poolId]);

  const cancel = () => {
    const r = runRef.current;
    if (r === null || r.status !== 'running') return;
    r.status = 'canceled';
    r.abort.abort();
    setVersion((v) => v + 1);
  };

  const start = async () => {
    cancel();
    const query = textRef.current;
    const r: Run = { requestId: newRequestId(), sets: new Map(), status: 'running', stats: null, error: null, truncated: false, abort: new AbortController() };
    runRef.current = r;
    setRun(r);
    setErrors([]);
    setChannel('main');
    try {
      localStorage.setItem(QUERY_KEY, query);
    } catch {
      // storage refused: the query is not kept
    }
    let rows = 0;
    try {
      await runQuery(query, poolId === '' ? null : { pool: poolId, branch }, r.requestId, r.abort.signal, {
        values(ch, vs) {
          let rs = r.sets.get(ch);
          if (rs === undefined) {
            rs = new ResultSet();
            r.sets.set(ch, rs);
          }
          const room = MAX_ROWS - rows;
          rs.add(vs.length > room ? vs.slice(0, room) : vs);
          rows += Math.min(vs.length, room);
          if (rows >= MAX_ROWS && !r.truncated) {
            r.truncated = true;
            r.abort.abort();
          }
          repaint();
        },
        stats(s) {
          r.stats = s;
          repaint();
        },
        error(message) {
          r.error = message;
          repaint();
        },
      });
      if (r.status === 'running') r.status = r.error !== null ? 'failed' : 'done';
    } catch (e) {
      if (r.abort.signal.aborted) {
        if (r.status === 'running') r.status = r.truncated ? 'done' : 'canceled';
      } else {
        r.status = 'failed';
        if (e instanceof ApiError && e.compilationErrors.length > 0) {
          r.error = e.message;
          setErrors(compileErrors(query, e.compilationErrors));
        } else r.error = describeError(e);
      }
    }
    setVersion((v) => v + 1);
  };

  const channels = run === null ? [] : [...run.sets.keys()];
  const current = run?.sets.has(channel) === true ? channel : channels[0];
  const shown = current === undefined ? undefined : run?.sets.get(current);
  const spec = shown !== undefined && run?.status !== 'running' ? chartSpec(shown) : null;
  useEffect(() => {
    if (spec !== null && Chart === null) {
      void import('../components/time-chart.js').then((m) => setChart(() => m.TimeChart));
    }
  }, [spec !== null]);
  const marks = errors.flatMap((e) => (e.mark !== null ? [e.mark] : []));

  return (
    <section aria-labelledby="query-title" class="query-view">
      <div class="view-head">
        <h1 id="query-title">Query</h1>
        <label class="field">
          <span>Pool</span>
          <select
            name="pool"
            value={poolId}
            onChange={(e) => {
              setPoolId(e.currentTarget.value);
              setBranch('main');
            }}
          >
            <option value="">(the query's own from)</option>
            {(pools.value ?? []).map((p) => (
              <option value={p.config.id}>{p.config.name}</option>
            ))}
          </select>
        </label>
        <label class="field">
          <span>Branch</span>
          <select name="branch" value={branch} disabled={poolId === ''} onChange={(e) => setBranch(e.currentTarget.value)}>
            {branches.map((b) => (
              <option value={b}>{b}</option>
            ))}
          </select>
        </label>
        <div class="run-buttons">
          <button type="button" class="primary" onClick={() => void start()} title="Run (Ctrl+Enter)">
            Run
          </button>
          <button type="button" onClick={cancel} disabled={run?.status !== 'running'} title="Cancel (Escape)">
            Cancel
          </button>
        </div>
      </div>
      <QueryEditor
        initial={text}
        marks={marks}
        onChange={(t) => {
          textRef.current = t;
          setText(t);
          if (errors.length > 0) setErrors([]);
        }}
        onRun={() => void start()}
        onCancel={cancel}
      />
      {errors.length > 0 && (
        <ul class="compile-errors" role="alert" aria-label="Query errors">
          {errors.map((e) => (
            <li>{e.text}</li>
          ))}
        </ul>
      )}
      {run !== null && run.error !== null && errors.length === 0 && (
        <p class="error" role="alert">
          {run.status === 'failed' ? 'The query failed: ' : ''}
          {run.error}
        </p>
      )}
      {run?.status === 'canceled' && (
        <p class="notice" role="status">
          Query canceled.
        </p>
      )}
      {run?.truncated === true && (
        <p class="notice" role="status">
          Showing the first {count(MAX_ROWS)} values; the query was stopped there.
        </p>
      )}
      {channels.length > 1 && (
        <div class="tabs" role="tablist" aria-label="Output channels">
          {channels.map((c) => (
            <button type="button" role="tab" aria-selected={c === current} onClick={() => setChannel(c)}>
              {c}
            </button>
          ))}
        </div>
      )}
      {spec !== null && Chart !== null && shown !== undefined && <Chart rs={shown} spec={spec} version={version} />}
      {shown !== undefined ? (
        <ResultsTable rs={shown} version={version} />
      ) : (
        run?.status === 'done' && <p class="muted">The query returned nothing.</p>
      )}
      {run !== null && <Stats run={run} shown={shown} />}
    </section>
  );
}

function Stats({ run, shown }: { run: Run; shown: ResultSet | undefined }) {
  const s = run.stats;
  return (
    <footer class="stats" aria-label="Query stats" aria-live="polite">
      <span data-testid="query-status">{run.status === 'running' ? 'Running…' : run.status === 'done' ? 'Done' : run.status === 'canceled' ? 'Canceled' : 'Failed'}</span>
      <span>{count(shown?.rows.length ?? 0)} values</span>
      {s !== null && (
        <>
          <span>{count(s.records_read)} records read</span>
          <span>{count(s.records_matched)} matched</span>
          <span>{bytes(s.bytes_read)} read</span>
          <span>{elapsed(s.start_time, s.update_time)}</span>
        </>
      )}
      <span class="muted">
        request <code data-testid="request-id">{run.requestId}</code>
      </span>
    </footer>
  );
}
