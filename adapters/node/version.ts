// The version lines the CLI prints: zlake's own (`zlake -version`, from
// package.json) and Zed's (`zlake zq -version`, the Zed release whose
// behaviour zlake reproduces, as the service's /version reports it).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LATEST_REVISION } from '../../src/index.js';

// Set by scripts/bundle-node.mjs in the CLI bundle, which has no package.json beside it.
declare const __ZLAKE_VERSION__: string | undefined;

/** Zed's version line, as `zq -version` prints it (cli/cli.go: "Version: %s"). */
export function zedVersionLine(): string {
  return `Version: ${LATEST_REVISION}\n`;
}

/** zlake's version, `v` and package.json's version; "unknown" when it cannot be read. */
export function zlakeVersion(): string {
  if (typeof __ZLAKE_VERSION__ === 'string') return `v${__ZLAKE_VERSION__}`;
  // Unbundled: the nearest package.json above this file (sources or dist/) is zlake's.
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'zlake') return `v${pkg.version ?? '0.0.0'}`;
    } catch {
      // No package.json here: keep climbing.
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}
