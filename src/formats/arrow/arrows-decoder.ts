// The Arrow IPC stream reader (zq -i arrows). Input is framed into whole IPC
// messages here (continuation marker, metadata length, checked metadata,
// body); apache-arrow's stream reader then decodes each message, pulling it
// from a queue that this decoder only lets it read when a whole record batch
// (with any dictionaries before it) has arrived. So a message may straddle
// any chunk boundary, and memory holds at most one message beyond the
// values it yields. Bounds: metadata up to 64 MiB, a message body up to 2 GiB.

import { RecordBatchReader, type RecordBatch } from 'apache-arrow';
import { FormatError } from '../../errors/index.js';
import type { TypeContext, Value } from '../../zed/index.js';
import type { Decoder } from '../codec.js';
import { BatchReader } from './batch-reader.js';
import { ByteQueue } from './byte-queue.js';
import { registerArrowCodecs } from './compression.js';
import { checkMessage, MessageHeaderType, type MessageInfo } from './message-check.js';
import { readerError } from './reader-error.js';

export const MAX_METADATA_LENGTH = 64 << 20;
export const MAX_BODY_LENGTH = 2 ** 31 - 1;

/** Arrays in a batch may claim at most this many elements beyond 8 per body byte (null columns need no bytes). */
const SLACK_LENGTH = 1 << 20;

const EMPTY = new Uint8Array(0);

const FILE_MAGIC = [0x41, 0x52, 0x52, 0x4f, 0x57, 0x31]; // "ARROW1"

export class ArrowsDecoder implements Decoder {
  private readonly q = new ByteQueue();
  /** Whole messages the Arrow reader may read next. */
  private readonly feed: Uint8Array[] = [];
  private reader: RecordBatchReader | null = null;
  private batches: BatchReader | null = null;
  private dictionaryBytes = 0;
  private eos = false;
  private failed: unknown = undefined;

  constructor(private readonly ctx: TypeContext) {
    registerArrowCodecs();
  }

  push(chunk: Uint8Array): Value[] {
    if (this.failed !== undefined) throw this.failed;
    if (this.eos) return [];
    this.q.push(chunk);
    return this.guard(() => this.drain());
  }

  end(): Value[] {
    if (this.failed !== undefined) throw this.failed;
    if (this.eos) return [];
    return this.guard(() => {
      if (this.q.length > 0) throw new FormatError(`arrows: truncated stream: incomplete message at offset ${this.q.consumed}`);
      if (this.reader === null) throw new FormatError('arrows: empty stream: no schema message');
      return [];
    });
  }

  private guard(f: () => Value[]): Value[] {
    try {
      return f();
    } catch (e) {
      this.failed = readerError('arrows', e);
      throw this.failed;
    }
  }

  private drain(): Value[] {
    const out: Value[] = [];
    const q = this.q;
    for (;;) {
      if (q.length < 4) break;
      if (q.consumed === 0) {
        const n = Math.min(q.length, FILE_MAGIC.length);
        const head = q.view(0, n);
        if (FILE_MAGIC.slice(0, n).every((c, i) => head[i] === c)) {
          if (n < FILE_MAGIC.length) break; // it may yet be "ARROW1"
          throw new FormatError('arrows: input is an Arrow IPC file, not a stream');
        }
      }
      let prefix = 4;
      let len = q.int32(0);
      if (len === -1) {
        if (q.length < 8) break;
        len = q.int32(4);
        prefix = 8;
      }
      if (len === 0) {
        // End-of-stream marker; what follows it is not read (as Go's ipc.Reader stops there).
        this.eos = true;
        q.skip(q.length);
        break;
      }
      if (len < 0 || len > MAX_METADATA_LENGTH) throw new FormatError(`arrows: bad message metadata length ${len} at offset ${q.consumed}`);
      if (q.length < prefix + len) break;
      const at = q.consumed;
      const info = checkMessage(q.view(prefix, len), `arrows: message at offset ${at}`);
      if (info.bodyLength > MAX_BODY_LENGTH) throw new FormatError(`arrows: message body of ${info.bodyLength} bytes at offset ${at} exceeds the 2 GiB limit`);
      const total = prefix + len + info.bodyLength;
      if (q.length < total) break;
      this.message(info, q.take(total), at, out);
    }
    return out;
  }

  private message(info: MessageInfo, msg: Uint8Array, at: number, out: Value[]): void {
    if (this.reader === null) {
      if (info.headerType !== MessageHeaderType.schema) throw new FormatError(`arrows: stream does not begin with a schema message (offset ${at})`);
      this.feed.push(msg);
      const reader = RecordBatchReader.from(this.source());
      if (!reader.isSync() || !reader.isStream()) throw new FormatError('arrows: not an Arrow IPC stream');
      reader.open();
      this.reader = reader;
      this.batches = new BatchReader(reader.schema, this.ctx, 'arrows');
      return;
    }
    switch (info.headerType) {
      case MessageHeaderType.dictionaryBatch:
        this.feed.push(msg);
        this.dictionaryBytes += info.bodyLength;
        return;
      case MessageHeaderType.recordBatch: {
        this.feed.push(msg);
        const r = this.reader.next() as IteratorResult<RecordBatch>;
        if (r.done === true || r.value === undefined) throw new FormatError(`arrows: record batch at offset ${at} could not be read`);
        const limit = (info.bodyLength + this.dictionaryBytes) * 8 + SLACK_LENGTH;
        for (const v of this.batches!.read(r.value, limit)) out.push(v);
        return;
      }
      case MessageHeaderType.schema:
        throw new FormatError(`arrows: unexpected second schema message at offset ${at}`);
      default:
        throw new FormatError(`arrows: unsupported message type ${info.headerType} at offset ${at}`);
    }
  }

  /**
   * The byte source the Arrow reader pulls from: only whole, framed messages.
   * apache-arrow's byte stream pulls once more when a read asks for exactly
   * what it holds; an empty chunk answers that. A second pull in a row with
   * nothing queued would mean the reader wants bytes the framing did not see.
   */
  private source(): Iterable<Uint8Array> {
    const feed = this.feed;
    let starved = false;
    const it: Iterator<Uint8Array> & Iterable<Uint8Array> = {
      [Symbol.iterator]: () => it,
      next: () => {
        const m = feed.shift();
        if (m !== undefined) {
          starved = false;
          return { done: false, value: m };
        }
        if (starved) throw new FormatError('arrows: message shorter than its metadata says');
        starved = true;
        return { done: false, value: EMPTY };
      },
    };
    return it;
  }
}
