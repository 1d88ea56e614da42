// The command that serves the lake API on each runtime, as README gives it:
// zlake serve on Node, deno task serve, bun run serve:bun, and npx wrangler
// dev for Cloudflare Workers (workerd). Shared by the tests and bench/.
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const bin = (name) => resolve(ROOT, 'node_modules/.bin', name);

/** The runtimes whose server takes zlake serve's flags. */
export const FLAG_RUNTIMES = ['node', 'deno', 'bun'];

/** `{ cmd, args }` serving with zlake serve's `flags` on `runtime` (node, deno or bun), run in ROOT. */
export function serveCommand(runtime, flags) {
  switch (runtime) {
    case 'node':
      return { cmd: process.execPath, args: [resolve(ROOT, 'bin/zlake'), 'serve', ...flags] };
    case 'deno':
      return { cmd: bin('deno'), args: ['task', '--quiet', 'serve', ...flags] };
    case 'bun':
      return { cmd: bin('bun'), args: ['run', '--silent', 'serve:bun', ...flags] };
    default:
      throw new Error(`no zlake serve command for ${runtime}`);
  }
}

/**
 * `{ cmd, args, env }` of `npx wrangler dev` on 127.0.0.1:`port`, its local
 * R2, D1 and Durable Object state in `stateDir`, `vars` as the Worker's
 * variables; wrangler's own files (logs, settings) go under `stateDir` too.
 */
export function wranglerDevCommand(port, stateDir, vars = {}) {
  const args = ['dev', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', stateDir, '--log-level', 'warn', '--show-interactive-dev-session=false'];
  for (const [k, v] of Object.entries(vars)) args.push('--var', `${k}:${v}`);
  return {
    cmd: bin('wrangler'),
    args,
    env: { WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG_PATH: resolve(stateDir, 'logs'), XDG_CONFIG_HOME: resolve(stateDir, 'config') },
  };
}
