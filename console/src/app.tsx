// The page: a header (views, the event feed's state, the theme, the token),
// the view of the route, the notices and the one dialog. A view that fails
// while rendering shows its error in place, never a blank page.

import type { ComponentType } from 'preact';
import { useEffect, useErrorBoundary, useState } from 'preact/hooks';
import { Dialog } from './components/dialog.js';
import { hrefOf, route } from './router.js';
import { session } from './session.js';
import { dismiss, feedState, notices, start } from './store.js';
import { theme, toggleTheme } from './theme.js';
import { PoolView } from './views/pool.js';
import { PoolsView } from './views/pools.js';
import { TokenPrompt } from './views/token-prompt.js';

/** The query view is its own chunk (the editor is most of the console's script): loaded when first opened. */
function LazyQueryView() {
  const [view, setView] = useState<{ C: ComponentType } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    import('./views/query.js').then(
      (m) => setView({ C: m.QueryView }),
      (e: unknown) => setError(`Cannot load the query view (${e instanceof Error ? e.message : String(e)})`),
    );
  }, []);
  if (error !== null)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  return view === null ? <p class="muted">Loading the editor…</p> : <view.C />;
}

function View() {
  const [error, reset] = useErrorBoundary();
  if (error !== undefined) {
    return (
      <section>
        <h1>Something went wrong</h1>
        <p class="error" role="alert">
          {error instanceof Error ? error.message : String(error)}
        </p>
        <button type="button" onClick={reset}>
          Try again
        </button>
      </section>
    );
  }
  const r = route.value;
  switch (r.view) {
    case 'pools':
      return <PoolsView />;
    case 'pool':
      return <PoolView poolId={r.poolId} />;
    case 'query':
      return <LazyQueryView />;
  }
}

const FEED_TEXT = { connecting: 'Connecting…', live: 'Live', retrying: 'Reconnecting…', unavailable: 'No live updates', stopped: 'Offline' } as const;

export function App() {
  const token = session.token.value;
  useEffect(() => start(), [token]);
  const r = route.value;
  const prompt = session.prompt.value;
  const feed = feedState.value;
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href={hrefOf({ view: 'pools' })}>
          zlake
        </a>
        <nav aria-label="Views">
          <a href={hrefOf({ view: 'pools' })} aria-current={r.view !== 'query' ? 'page' : undefined}>
            Pools
          </a>
          <a href={hrefOf({ view: 'query' })} aria-current={r.view === 'query' ? 'page' : undefined}>
            Query
          </a>
        </nav>
        <span
          class={`feed feed-${feed}`}
          role="status"
          title={feed === 'unavailable' ? 'This service ends its event feed at once: refresh to see what others did' : "The lake's event feed"}
          data-testid="feed-state"
        >
          {FEED_TEXT[feed]}
        </span>
        {token !== null && (
          <button type="button" class="small" onClick={() => session.setToken(null)}>
            Forget token
          </button>
        )}
        <button type="button" class="small" onClick={toggleTheme} aria-label={`Switch to the ${theme.value === 'dark' ? 'light' : 'dark'} theme`}>
          {theme.value === 'dark' ? '☀ Light' : '☾ Dark'}
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {prompt !== null ? <TokenPrompt reason={prompt} /> : <View />}
      </main>
      <div class="notices" aria-live="polite">
        {notices.value.map((n) => (
          <div key={n.id} class={`notice-card ${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
            <span>{n.text}</span>
            <button type="button" class="small link" onClick={() => dismiss(n.id)} aria-label="Dismiss">
              ×
            </button>
          </div>
        ))}
      </div>
      <Dialog />
    </>
  );
}
