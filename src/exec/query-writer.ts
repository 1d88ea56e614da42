// A query's response body in one format (Zed's api/queryio): data through the
// registry's encoder, plus control messages when asked for. ZJSON carries
// them as JSON lines, ZNG as control frames holding ZSON; other formats have
// none. JSON output is one array, as Zed's server writes it.

import { InvalidError } from '../errors/index.js';
import { formatByName, type Chunk, type Encoder } from '../formats/index.js';
import { ZngEncoder } from '../formats/zng/index.js';
import { formatValue } from '../zson/index.js';
import { TypeContext, type Value } from '../zed/index.js';
import { goJson } from '../util/go-json.js';
import { Marshaler } from './marshal.js';
import type { QueryStats } from './query-meter.js';

/** How control messages name a channel: not at all (no channel messages), by number, or by name. */
export type ChannelStyle = 'none' | 'channel_id' | 'channel';

export interface QueryWriterOptions {
  readonly format: string;
  /** Write control messages (ZJSON and ZNG only). */
  readonly ctrl: boolean;
  readonly channel: ChannelStyle;
  /** Channel numbers for the channel_id style (default: main is 0, as are the rest). */
  readonly channelIds?: ReadonlyMap<string, number>;
}

const encoder = new TextEncoder();

/** A JSON array around the JSON encoder's one-value-per-line output. */
class JsonArrayEncoder implements Encoder {
  #first = true;
  constructor(private readonly inner: Encoder) {}

  write(values: readonly Value[]): Chunk {
    const out = this.inner.write(values);
    const b = typeof out === 'string' ? encoder.encode(out) : out;
    if (b.length === 0) return '';
    // Every value ends in a newline that JSON text cannot hold raw: each becomes the separator before it.
    const r = new Uint8Array(b.length);
    r[0] = this.#first ? 0x5b : 0x2c;
    this.#first = false;
    for (let i = 0; i < b.length - 1; i++) r[i + 1] = b[i] === 0x0a ? 0x2c : b[i]!;
    return r;
  }

  end(): Chunk {
    return this.#first ? '[]\n' : ']\n';
  }
}

function dataEncoder(format: string): Encoder {
  const f = formatByName(format);
  if (f?.encoder === undefined) throw new InvalidError(`unknown format: ${format}`);
  if (format === 'json') return new JsonArrayEncoder(f.encoder({ pretty: 0 }));
  if (format === 'zng') return new ZngEncoder({ compress: true });
  return f.encoder({ pretty: 0 });
}

type ControlKind = 'QueryChannelSet' | 'QueryChannelEnd' | 'QueryStats' | 'QueryError' | 'QueryWarning';

function nsParts(ns: bigint): { sec: number; ns: number } {
  return { sec: Number(ns / 1_000_000_000n), ns: Number(ns % 1_000_000_000n) };
}

export class QueryWriter {
  readonly #enc: Encoder;
  readonly #format: string;
  readonly #ctrl: boolean;
  readonly #style: ChannelStyle;
  #channel: string | null = null;
  /** Warnings already sent. */
  #warned = 0;
  readonly #channelIds: ReadonlyMap<string, number> | undefined;

  constructor(opts: QueryWriterOptions) {
    this.#enc = dataEncoder(opts.format);
    this.#format = opts.format;
    this.#ctrl = opts.ctrl && (opts.format === 'zjson' || opts.format === 'zng');
    this.#style = opts.channel;
    this.#channelIds = opts.channelIds;
  }

  /** The output of a batch on `channel`, opened with QueryChannelSet when the channel changes. */
  batch(values: readonly Value[], channel = 'main'): Chunk[] {
    const out: Chunk[] = [];
    if (this.#channel !== channel) {
      this.#channel = channel;
      const c = this.#channelControl('QueryChannelSet', channel);
      if (c !== null) out.push(c);
    }
    const data = this.#enc.write(values);
    if (data.length > 0) out.push(data);
    return out;
  }

  channelEnd(channel = 'main'): Chunk[] {
    const c = this.#channelControl('QueryChannelEnd', channel);
    return c === null ? [] : [c];
  }

  /** The stats, after a QueryWarning (Zed's api.QueryWarning) for each warning not sent yet. */
  stats(s: QueryStats): Chunk[] {
    if (!this.#ctrl) return [];
    const out = s.warnings.slice(this.#warned).map((w) => this.#warning(w));
    this.#warned = s.warnings.length;
    out.push(this.#stats(s));
    return out;
  }

  #warning(text: string): Chunk {
    if (this.#format === 'zjson') return this.#jsonLine('QueryWarning', { warning: text });
    const m = new Marshaler(new TypeContext());
    return this.#zngControl(m.record([['warning', m.string(text)]], 'QueryWarning'));
  }

  #stats(s: QueryStats): Chunk {
    if (this.#format === 'zjson') {
      const value = {
        start_time: nsParts(s.startTime),
        update_time: nsParts(s.updateTime),
        bytes_read: s.bytesRead,
        bytes_matched: s.bytesMatched,
        records_read: s.recordsRead,
        records_matched: s.recordsMatched,
      };
      return this.#jsonLine('QueryStats', value);
    }
    const m = new Marshaler(new TypeContext());
    const progress = m.record(
      [
        ['bytes_read', m.int64(s.bytesRead)],
        ['bytes_matched', m.int64(s.bytesMatched)],
        ['records_read', m.int64(s.recordsRead)],
        ['records_matched', m.int64(s.recordsMatched)],
      ],
      'Progress',
    );
    const v = m.record(
      [
        ['start_time', m.time(s.startTime)],
        ['update_time', m.time(s.updateTime)],
        ['Progress', progress],
      ],
      'QueryStats',
    );
    return this.#zngControl(v);
  }

  error(message: string): Chunk[] {
    if (!this.#ctrl) return [];
    if (this.#format === 'zjson') return [this.#jsonLine('QueryError', { error: message })];
    const m = new Marshaler(new TypeContext());
    return [this.#zngControl(m.record([['error', m.string(message)]], 'QueryError'))];
  }

  end(): Chunk {
    return this.#enc.end();
  }

  #channelControl(kind: ControlKind, channel: string): Chunk | null {
    if (!this.#ctrl || this.#style === 'none') return null;
    // Before v1.10 channels were numbered; the main output is 0.
    const byNumber = this.#style === 'channel_id';
    const id = this.#channelIds?.get(channel) ?? 0;
    if (this.#format === 'zjson') return this.#jsonLine(kind, byNumber ? { channel_id: id } : { channel });
    const m = new Marshaler(new TypeContext());
    const v = byNumber ? m.record([['channel_id', m.int64(id)]], kind) : m.record([['channel', m.string(channel)]], kind);
    return this.#zngControl(v);
  }

  #jsonLine(kind: ControlKind, value: unknown): string {
    return `${goJson({ type: kind, value })}\n`;
  }

  #zngControl(v: Value): Uint8Array {
    const enc = this.#enc as ZngEncoder;
    // ZNG control payload encoding 2 is ZSON (zngio.ControlFormatZSON).
    return enc.writeControl(2, encoder.encode(formatValue(v, 0)));
  }
}
