// A SpillStore on the local disk: one temporary file per spilled run, in a
// private directory under the system temp dir (or one given), removed when read.

import { mkdir, mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SpillFile, SpillStore } from '../../src/index.js';

export class DiskSpillStore implements SpillStore {
  private dir: Promise<string> | null = null;
  private seq = 0;

  constructor(private readonly parent: string = tmpdir()) {}

  async create(): Promise<SpillFile> {
    // (The parent is made here, when a query first spills, not before each query.)
    this.dir ??= mkdir(this.parent, { recursive: true }).then(() => mkdtemp(join(this.parent, 'zlake-spill-')));
    const path = join(await this.dir, `run-${this.seq++}`);
    const fh: FileHandle = await open(path, 'w');
    let closed = false;
    return {
      async write(chunk) {
        await fh.write(chunk);
      },
      async *read() {
        if (!closed) {
          await fh.close();
          closed = true;
        }
        for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) yield chunk as Uint8Array;
      },
      async remove() {
        if (!closed) {
          closed = true;
          await fh.close().catch(() => {});
        }
        await rm(path, { force: true });
      },
    };
  }

  /** Removes the store's directory and anything left in it. */
  async close(): Promise<void> {
    if (this.dir !== null) await rm(await this.dir, { recursive: true, force: true });
  }
}
