// The token prompt: shown when the service answers 401. The token is an
// API token (zlake token create) or a Zed access token (zlake auth login
// keeps one in ~/.zed/credentials.json); the page keeps it for this tab.

import { useState } from 'preact/hooks';
import { session } from '../session.js';

export function TokenPrompt({ reason }: { reason: string }) {
  const [token, setToken] = useState('');
  const had = session.token.value !== null;
  return (
    <section class="token-prompt" aria-labelledby="token-title">
      <h1 id="token-title">This lake needs a token</h1>
      <p role="alert" class="error">
        {had ? `The service refused the token: ${reason}` : `The service asks for credentials: ${reason}`}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (token.trim() !== '') session.setToken(token.trim());
        }}
      >
        <label class="field">
          <span>Bearer token</span>
          <input
            type="password"
            name="token"
            value={token}
            onInput={(e) => setToken(e.currentTarget.value)}
            autoComplete="off"
            autoFocus
            required
            placeholder="zlake_… or a Zed access token"
          />
        </label>
        <button type="submit" class="primary">
          Use token
        </button>
      </form>
      <p class="muted">
        An API token comes from <code>zlake token create</code>; with Zed's auth mode, an access token from <code>zlake auth login</code> (in
        <code>~/.zed/credentials.json</code>). The page keeps it until this tab closes.
      </p>
    </section>
  );
}
