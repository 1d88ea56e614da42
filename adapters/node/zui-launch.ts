// How Zui starts its local lake (Zed's cmd/zed/serve, hidden flags):
// `-portfile F` writes the port listened on to F once the server listens,
// and `-brimfd N` names the read end of a pipe Zui holds open; when Zui
// exits (or is killed) the pipe closes and the server shuts down.

import { createReadStream, renameSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { basename, dirname, join } from 'node:path';
import type { FlagSpec } from './flags.js';

export const ZUI_FLAGS: readonly FlagSpec[] = [
  { kind: 'int', name: 'brimfd', usage: 'pipe read fd passed by Zui to signal Zui closure', default: -1 },
  { kind: 'string', name: 'portfile', usage: 'write listen port to file', default: '' },
];

/** The flags Zed's serve hides from its help. */
export const HIDDEN_ZUI_FLAGS: readonly string[] = ['brimfd', 'portfile'];

/** Writes the port to `path` as Zed's fs.ReplaceFile does: a temporary file renamed over it, so a reader never sees it half written. */
export function writePortFile(path: string, port: number): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(tmp, String(port), { mode: 0o644 });
  renameSync(tmp, path);
}

/**
 * Calls `onClose` once when the pipe at descriptor `fd` reaches its end or
 * fails (everything read is discarded, as Zed's io.Copy to io.Discard).
 * A pipe or socket is read as a libuv stream; anything else (a file) by
 * reads, so it still ends.
 */
export function watchBrimFd(fd: number, onClose: (reason: string) => void): () => void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    onClose('Zui pipe closed');
  };
  let stream: NodeJS.ReadableStream & { destroy(): void; unref?: () => void };
  try {
    const s = new Socket({ fd, readable: true, writable: false });
    stream = s;
  } catch {
    stream = createReadStream('', { fd, autoClose: false });
  }
  stream.on('data', () => {});
  stream.on('end', finish);
  stream.on('close', finish);
  stream.on('error', finish);
  // The watch alone never keeps the process alive.
  stream.unref?.();
  return () => {
    done = true;
    stream.destroy();
  };
}
