// A BlobStore in a local folder on node:fs/promises (Node, Deno and Bun): one
// file per key. Writes go to a temporary file that is then renamed or linked
// into place, so no reader ever sees part of an object. A process killed
// mid-write leaves its temporary file (`.tmp-<pid>-…`): sweepTemporary
// (called by vacuum) removes those of dead processes once they are stale.

import { link, mkdir, open, readdir, readFile, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkBlobKey, checkBlobRange, iterateStream, type BlobInfo, type BlobStore } from '../../src/index.js';

const CHUNK = 1 << 20;

/**
 * A stream put goes to its file in writes of about this many bytes: one
 * write per chunk cost a round trip to the I/O threads each (a data object
 * comes as two chunks per seek stride, about a hundred per object), which
 * held a load's encode thread 25-30 ms per object.
 */
const WRITE_BATCH = 1 << 20;

export class FsBlobStore implements BlobStore {
  #seq = 0;

  /** `root` is the folder that holds the objects; it is made when needed. */
  constructor(private readonly root: string) {}

  uri(key: string): string {
    return pathToFileURL(this.#path(key)).href;
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const b = await readFile(this.#path(key));
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async getStream(key: string): Promise<ReadableStream<Uint8Array> | null> {
    let fh;
    try {
      fh = await open(this.#path(key), 'r');
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
    const file = fh;
    // Chunks are sized to what is left of the file (as it was when opened), so a
    // small object costs one small buffer, not a whole CHUNK.
    let left: number;
    try {
      left = (await file.stat()).size;
    } catch (e) {
      await file.close().catch(() => {});
      throw e;
    }
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          // One spare byte past the known size tells a file that grew since from one that ended.
          const size = Math.max(1, Math.min(CHUNK, left + 1));
          const buf = new Uint8Array(size);
          const { bytesRead } = await file.read(buf, 0, size, null);
          left = Math.max(0, left - bytesRead);
          if (bytesRead === 0) {
            await file.close();
            controller.close();
          } else {
            controller.enqueue(buf.subarray(0, bytesRead));
          }
        } catch (e) {
          await file.close().catch(() => {});
          controller.error(e);
        }
      },
      async cancel() {
        await file.close();
      },
    });
  }

  async getRange(key: string, offset: number, length: number): Promise<Uint8Array | null> {
    checkBlobRange(key, offset, length);
    let fh;
    try {
      fh = await open(this.#path(key), 'r');
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
    try {
      const buf = new Uint8Array(length);
      let at = 0;
      while (at < length) {
        const { bytesRead } = await fh.read(buf, at, length - at, offset + at);
        if (bytesRead === 0) break;
        at += bytesRead;
      }
      return at === length ? buf : buf.slice(0, at);
    } finally {
      await fh.close();
    }
  }

  async put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<void> {
    const path = this.#path(key);
    const tmp = await this.#writeTemp(path, data);
    try {
      await rename(tmp, path);
    } catch (e) {
      await unlink(tmp).catch(() => {});
      throw e;
    }
  }

  async putIfAbsent(key: string, data: Uint8Array): Promise<boolean> {
    const path = this.#path(key);
    const tmp = await this.#writeTemp(path, data);
    try {
      // link() fails if the name exists, and the name appears with all its bytes.
      await link(tmp, path);
      return true;
    } catch (e) {
      if (isExists(e)) return false;
      throw e;
    } finally {
      await unlink(tmp).catch(() => {});
    }
  }

  async delete(key: string): Promise<boolean> {
    try {
      await unlink(this.#path(key));
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    // Walk from the deepest folder the prefix names, then filter by the prefix.
    const slash = prefix.lastIndexOf('/');
    const base = slash < 0 ? '' : prefix.slice(0, slash);
    if (base !== '') checkBlobKey(base);
    yield* this.#walk(base, prefix);
  }

  async *#walk(dir: string, prefix: string): AsyncGenerator<BlobInfo> {
    let entries;
    try {
      entries = await readdir(dir === '' ? this.root : join(this.root, ...dir.split('/')), { withFileTypes: true });
    } catch (e) {
      if (isNotFound(e) || isNotDir(e)) return;
      throw e;
    }
    // Sorting a folder's entry as "name/" lists keys in plain string order.
    const named = entries
      .filter((d) => !d.name.startsWith('.') && (d.isFile() || d.isDirectory()))
      .map((d) => ({ d, sortKey: d.isDirectory() ? `${d.name}/` : d.name }))
      .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
    for (const { d } of named) {
      const key = dir === '' ? d.name : `${dir}/${d.name}`;
      if (d.isDirectory()) {
        const asDir = `${key}/`;
        if (asDir.startsWith(prefix) || prefix.startsWith(asDir)) yield* this.#walk(key, prefix);
      } else if (key.startsWith(prefix)) {
        try {
          const st = await stat(join(this.root, ...key.split('/')));
          yield { key, size: st.size };
        } catch (e) {
          if (!isNotFound(e)) throw e; // deleted while listing
        }
      }
    }
  }

  /**
   * Removes the temporary files under `prefix`'s folder last written before
   * `before` (Unix ns) whose writer is gone. A write in progress keeps its
   * file's mtime fresh; a writer that is alive but stalled (a slow upload)
   * keeps its file too. A pid that is reused keeps a dead writer's file until
   * that process ends; a writer in another pid namespace looks dead, but its
   * file is older than the grace period only if it stopped writing.
   */
  async sweepTemporary(prefix: string, before: bigint): Promise<number> {
    const slash = prefix.lastIndexOf('/');
    const base = slash < 0 ? '' : prefix.slice(0, slash);
    if (base !== '') checkBlobKey(base);
    return this.#sweep(base === '' ? this.root : join(this.root, ...base.split('/')), before);
  }

  async #sweep(dir: string, before: bigint): Promise<number> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      if (isNotFound(e) || isNotDir(e)) return 0;
      throw e;
    }
    let n = 0;
    for (const d of entries) {
      const path = join(dir, d.name);
      if (d.isDirectory()) {
        if (!d.name.startsWith('.')) n += await this.#sweep(path, before);
        continue;
      }
      const m = TEMP_FILE.exec(d.name);
      if (m === null || !d.isFile() || writerAlive(Number(m[1]))) continue;
      try {
        const st = await stat(path, { bigint: true });
        if (st.mtimeNs >= before) continue;
        await unlink(path);
        n++;
      } catch (e) {
        if (!isNotFound(e)) throw e; // gone meanwhile
      }
    }
    return n;
  }

  #path(key: string): string {
    checkBlobKey(key);
    return join(this.root, ...key.split('/'));
  }

  /** Writes the bytes to a new dot-file beside `path` (hidden from list). */
  async #writeTemp(path: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<string> {
    const dir = join(path, '..');
    await mkdir(dir, { recursive: true });
    const rand = crypto.getRandomValues(new Uint32Array(2));
    const tmp = join(dir, `.tmp-${process.pid}-${this.#seq++}-${rand[0]!.toString(36)}${rand[1]!.toString(36)}`);
    const fh = await open(tmp, 'wx');
    try {
      if (data instanceof Uint8Array) {
        await fh.writeFile(data);
      } else {
        let batch: Uint8Array[] = [];
        let size = 0;
        for await (const chunk of iterateStream(data)) {
          batch.push(chunk);
          size += chunk.length;
          if (size >= WRITE_BATCH) {
            await writeAll(fh, batch, size);
            batch = [];
            size = 0;
          }
        }
        if (size > 0) await writeAll(fh, batch, size);
      }
      await fh.sync();
    } catch (e) {
      await fh.close().catch(() => {});
      await unlink(tmp).catch(() => {});
      throw e;
    }
    await fh.close();
    return tmp;
  }
}

/** Writes `bufs` (`size` bytes in all) at the file's position, in one call unless it writes short. */
async function writeAll(fh: FileHandle, bufs: readonly Uint8Array[], size: number): Promise<void> {
  const { bytesWritten } = await fh.writev(bufs as Uint8Array[]);
  if (bytesWritten === size) return;
  // A short write (rare for a file): the rest, which writeFile writes whole.
  const all = new Uint8Array(size);
  let at = 0;
  for (const b of bufs) {
    all.set(b, at);
    at += b.length;
  }
  await fh.writeFile(all.subarray(bytesWritten));
}

/** The temporary files #writeTemp makes: `.tmp-<pid>-<seq>-<random>`. */
const TEMP_FILE = /^\.tmp-(\d+)-\d+-[0-9a-z]+$/;

/** Whether process `pid` (a temporary file's writer) exists; this process counts. */
function writerAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return code(e) !== 'ESRCH';
  }
}

function code(e: unknown): unknown {
  return typeof e === 'object' && e !== null && 'code' in e ? e.code : undefined;
}

function isNotFound(e: unknown): boolean {
  return code(e) === 'ENOENT';
}

function isNotDir(e: unknown): boolean {
  return code(e) === 'ENOTDIR';
}

function isExists(e: unknown): boolean {
  return code(e) === 'EEXIST';
}
