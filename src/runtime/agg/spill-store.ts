// The port the group-by table spills sorted runs through, and an in-memory
// implementation for tests and small deployments. A disk adapter (Node's
// fs/promises, a temp directory) implements the same two interfaces.

/** One temporary file: written once front to back, then read, then removed. */
export interface SpillFile {
  /** Appends `chunk`. The caller never reuses it, so the store may keep it. Writes are not concurrent. */
  write(chunk: Uint8Array): Promise<void>;
  /** The bytes written, from the start, in chunks of any size. Called after the last write, possibly more than once. */
  read(): AsyncIterable<Uint8Array>;
  /** Deletes the file; safe to call twice. */
  remove(): Promise<void>;
}

export interface SpillStore {
  /** A new, empty temporary file. */
  create(): Promise<SpillFile>;
}

export interface MemorySpillStoreOptions {
  /** Re-chunk reads to this size (tests use 1 to exercise boundaries); default: as written. */
  readonly readChunkSize?: number;
}

/** Keeps spill files as arrays of chunks. */
export class MemorySpillStore implements SpillStore {
  private live = 0;
  private created = 0;
  private bytes = 0;

  constructor(private readonly opts: MemorySpillStoreOptions = {}) {}

  /** Files created so far. */
  get filesCreated(): number {
    return this.created;
  }

  /** Files created and not yet removed. */
  get liveFiles(): number {
    return this.live;
  }

  /** Bytes written to all files. */
  get bytesWritten(): number {
    return this.bytes;
  }

  create(): Promise<SpillFile> {
    const chunks: Uint8Array[] = [];
    let removed = false;
    const size = this.opts.readChunkSize;
    this.live++;
    this.created++;
    const file: SpillFile = {
      write: (chunk) => {
        if (removed) return Promise.reject(new Error('spill file was removed'));
        chunks.push(chunk);
        this.bytes += chunk.length;
        return Promise.resolve();
      },
      read: async function* () {
        for (const c of chunks) {
          if (size === undefined) yield c;
          else for (let i = 0; i < c.length; i += size) yield c.subarray(i, i + size);
        }
      },
      remove: () => {
        if (!removed) {
          removed = true;
          chunks.length = 0;
          this.live--;
        }
        return Promise.resolve();
      },
    };
    return Promise.resolve(file);
  }
}
