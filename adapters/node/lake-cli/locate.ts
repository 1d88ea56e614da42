// Where the lake is (Zed's cli/lakeflags): -lake, else $ZED_LAKE, else a
// service listening on http://localhost:9867, else $XDG_DATA_HOME/zed, else
// ~/.local/share/zed. A path (or file: URI) is a local lake opened directly,
// as is s3://bucket/prefix (with its metastore, -meta); an http(s) URL is a
// lake service the commands talk to as a client.

import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { InvalidError, UnsupportedError } from '../../../src/index.js';

export const LOCAL_SERVICE = 'http://localhost:9867';

export type LakeLocation =
  | { readonly kind: 'local'; readonly path: string; readonly uri: string }
  | { readonly kind: 'storage'; readonly url: string }
  | { readonly kind: 'remote'; readonly url: string };

export interface LakeFlags {
  /** The -lake value, or $ZED_LAKE; null when neither was given. */
  readonly lake: string | null;
}

/** The default data directory (lakeflags.getDefaultDataDir). */
export function defaultDataDir(env: NodeJS.ProcessEnv): string {
  const xdg = env['XDG_DATA_HOME'] ?? '';
  if (xdg !== '') return join(xdg, 'zed');
  const home = env['HOME'] ?? homedir();
  return home === '' ? '' : join(home, '.local', 'share', 'zed');
}

export function isServiceUrl(s: string): boolean {
  return s.startsWith('http://') || s.startsWith('https://');
}

/** Parses a lake location as Zed's storage.ParseURI does (bare paths are made absolute). */
export function parseLocation(text: string): LakeLocation {
  if (isServiceUrl(text)) return { kind: 'remote', url: text.replace(/\/+$/, '') };
  const colon = text.indexOf(':');
  const scheme = colon < 0 ? '' : text.slice(0, colon);
  if (scheme === 'file') {
    const path = fileURLToPath(text);
    return { kind: 'local', path, uri: pathToFileURL(path).href };
  }
  if (scheme === 's3') return { kind: 'storage', url: text };
  if (scheme === 'stdio') throw new UnsupportedError(`${scheme}: lake storage is not supported by zlake`);
  const path = resolve(text);
  return { kind: 'local', path, uri: pathToFileURL(path).href };
}

/** The lake's storage location without probing for a local service (lakeflags.URI). */
export function lakeLocation(flags: LakeFlags, env: NodeJS.ProcessEnv): LakeLocation {
  const text = flags.lake === null ? defaultDataDir(env) : flags.lake.replace(/\/+$/, '');
  if (text === '') throw new InvalidError('lake location must be set (either with the -lake flag or ZED_LAKE environment variable)');
  return parseLocation(text);
}

/**
 * The lake to talk to (lakeflags.ClientURI): when no lake was named, a
 * service answering on localhost:9867 wins over the default directory.
 */
export async function clientLocation(flags: LakeFlags, env: NodeJS.ProcessEnv): Promise<LakeLocation> {
  const loc = lakeLocation(flags, env);
  if (flags.lake === null && (await serviceAnswers(LOCAL_SERVICE))) return { kind: 'remote', url: LOCAL_SERVICE };
  return loc;
}

async function serviceAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/status`, { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

export function describeLocation(loc: LakeLocation): string {
  return loc.kind === 'local' ? loc.uri : loc.url;
}

/** A lake the commands open directly (a folder or object storage), not a service. */
export type DirectLocation = Exclude<LakeLocation, { kind: 'remote' }>;
