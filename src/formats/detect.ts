// Input format auto-detection (zq's "-i auto", a load without Content-Type):
// Zed's candidates in Zed's order (zio/anyio/reader.go), each a registry
// entry with a `detect` hook (detect-hook.ts). As in Zed, a candidate is
// tried once all before it have failed; it starts on the prefix read so far
// and then keeps its trial decoder, fed each new chunk once, so detection
// costs at most one pass per candidate over a bounded prefix, whatever the
// chunking. The caller replays the prefix into the real decoder, so the
// input is read once.

import { growBytes } from '../util/byte-writer.js';
import { FormatDetectionError, FormatError, InternalError, ParseError } from '../errors/index.js';
import { TypeContext } from '../zed/index.js';
import type { Decoder, DecoderOptions } from './codec.js';
import { DETECT_OVERFLOW, type DetectCheck, type DetectEnd } from './detect-hook.js';
import { allFormats, type FormatEntry, type FormatName } from './registry.js';

/**
 * The look-ahead limit on a stream. Zed's recorder (zio/anyio/recorder.go)
 * doubles its buffer from 8 KiB and gives up before 10 MiB: at most 8 MiB.
 */
export const DETECT_LIMIT = 8 << 20;

/**
 * The look-ahead limit on a file. Zed seeks back in a file and has no limit;
 * we hold the prefix in memory, so we allow more than on a stream, not all.
 */
export const SEEKABLE_DETECT_LIMIT = 64 << 20;

export interface DetectOptions extends DecoderOptions {
  /**
   * The input is a whole file that Zed could seek in (zq's file operands):
   * Parquet and VNG are candidates, and the look-ahead limit is larger.
   */
  seekable?: boolean;
  /** Overrides DETECT_LIMIT (tests). */
  limit?: number;
  /** The formats to consider (default: the registry). */
  formats?: readonly FormatEntry[];
}

type Phase = 'check' | 'trial' | 'ok' | 'failed';

interface Candidate {
  readonly entry: FormatEntry;
  readonly rank: number;
  readonly want: number;
  readonly check: DetectCheck | undefined;
  /** Seekable formats are decided by their check alone. */
  readonly byCheck: boolean;
  phase: Phase;
  why: string;
  dec: Decoder | null;
  count: number;
}

/** The line a failed candidate contributes to the error message. */
function reason(name: string, e: unknown): string {
  if (e instanceof ParseError && e.message === `${e.reason} at line ${e.line}, column ${e.column}`) {
    // The bare cause, as Zed's readers word it; positions are ours.
    return `${name}: ${e.reason}`;
  }
  const msg = e instanceof FormatError ? e.reason : e instanceof Error ? e.message : String(e);
  // Binary readers already name their format ("arrows: ..."); say it once.
  return msg.startsWith(`${name}: `) ? msg : `${name}: ${msg}`;
}

export class Detector {
  private readonly candidates: Candidate[] = [];
  /** Lines for formats that are listed but never tried. */
  private readonly fixed: string[] = [];
  private readonly limit: number;
  private readonly seekable: boolean;
  private buf = new Uint8Array(1024);
  private len = 0;
  private winner: FormatName | null = null;

  constructor(opts: DetectOptions = {}) {
    this.seekable = opts.seekable === true;
    this.limit = opts.limit ?? (this.seekable ? SEEKABLE_DETECT_LIMIT : DETECT_LIMIT);
    for (const entry of opts.formats ?? allFormats()) {
      const d = entry.detect;
      if (d === undefined) continue;
      if (d.kind === 'never') {
        this.fixed.push(`${entry.name}: auto-detection not supported`);
      } else if (d.kind === 'seekable' && !this.seekable) {
        this.fixed.push(`${entry.name}: auto-detection requires seekable input`);
      } else if (d.kind === 'seekable' && entry.decoder === undefined) {
        this.fixed.push(`${entry.name}: auto-detection not supported`);
      } else {
        this.candidates.push({
          entry,
          rank: d.rank,
          want: d.kind === 'trial' ? (d.want ?? 1) : 1,
          check: d.check,
          byCheck: d.kind === 'seekable',
          phase: 'check',
          why: '',
          dec: null,
          count: 0,
        });
      }
    }
    this.candidates.sort((a, b) => a.rank - b.rank);
  }

  /** The bytes seen so far, to replay into the chosen decoder. */
  get seen(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }

  /** Feeds the next chunk; returns the format once it is decided, else null. */
  push(chunk: Uint8Array): FormatName | null {
    if (this.winner !== null) return this.winner;
    if (chunk.length === 0) return null;
    this.append(chunk);
    const overflow = this.len >= this.limit;
    // In Zed's order: a candidate starts once all before it have failed.
    for (const c of this.candidates) {
      if (c.phase === 'failed') continue;
      if (c.phase === 'trial') this.feed(c, chunk);
      else if (c.phase === 'check') this.start(c, overflow ? 'overflow' : 'partial');
      if (overflow && (c.phase === 'check' || c.phase === 'trial')) this.fail(c, `${c.entry.name}: ${DETECT_OVERFLOW}`);
      // (Re-read: the calls above change the phase.)
      if ((c.phase as Phase) !== 'failed') break;
    }
    return this.resolve(false);
  }

  /** Ends the input; returns the format or throws Zed's detection error. */
  end(): FormatName {
    if (this.winner !== null) return this.winner;
    for (const c of this.candidates) {
      if (c.phase === 'failed') continue;
      if (c.phase === 'check') this.start(c, 'eof');
      if (c.phase === 'trial') {
        // As zio/anyio match(): reaching the end cleanly is a match, with values or not.
        try {
          c.dec!.end();
          c.phase = 'ok';
        } catch (e) {
          this.fail(c, reason(c.entry.name, e));
        }
      }
      if (c.phase === 'ok') break;
    }
    return this.resolve(true)!;
  }

  private resolve(atEnd: boolean): FormatName | null {
    for (const c of this.candidates) {
      if (c.phase === 'failed') continue;
      if (c.phase === 'ok') {
        this.winner = c.entry.name;
        return this.winner;
      }
      if (atEnd) throw new InternalError(`detect: ${c.entry.name} undecided at end of input`);
      return null;
    }
    const lines = [...this.fixed, ...this.candidates.map((c) => c.why)];
    lines.sort();
    throw new FormatDetectionError(`format detection error\n\t${lines.join('\n\t')}`);
  }

  /** Runs the check on the prefix; when it passes, starts the trial decode on all of it. */
  private start(c: Candidate, end: DetectEnd): void {
    const prefix = this.buf.subarray(0, this.len);
    if (c.check !== undefined) {
      const v = c.check(prefix, end);
      if (v === 'more') {
        // A check may only wait while more input can come.
        if (end !== 'partial') this.fail(c, `${c.entry.name}: ${end === 'eof' ? 'EOF' : DETECT_OVERFLOW}`);
        return;
      }
      if (v !== null) {
        this.fail(c, v);
        return;
      }
    }
    if (c.byCheck) {
      c.phase = 'ok';
      return;
    }
    const factory = c.entry.decoder;
    if (factory === undefined) {
      this.fail(c, `${c.entry.name}: format cannot be read`);
      return;
    }
    try {
      c.dec = factory(new TypeContext(), {});
    } catch (e) {
      this.fail(c, reason(c.entry.name, e));
      return;
    }
    c.phase = 'trial';
    this.feed(c, prefix);
  }

  private feed(c: Candidate, bytes: Uint8Array): void {
    try {
      c.count += c.dec!.push(bytes).length;
    } catch (e) {
      // Zed's match() reads only the values it wants: an error after them
      // (a bad line further on) is the chosen reader's to report, not a mismatch.
      if (this.wantedBeforeError(c)) c.phase = 'ok';
      else this.fail(c, reason(c.entry.name, e));
      return;
    }
    if (c.count >= c.want) c.phase = 'ok';
  }

  /** Decodes the prefix again a line at a time: do the wanted values come before the error? */
  private wantedBeforeError(c: Candidate): boolean {
    const factory = c.entry.decoder;
    if (factory === undefined) return false;
    const prefix = this.buf.subarray(0, this.len);
    let dec;
    try {
      dec = factory(new TypeContext(), {});
    } catch {
      return false;
    }
    let count = 0;
    for (let at = 0; at < prefix.length; ) {
      const nl = prefix.indexOf(0x0a, at);
      const next = nl < 0 ? prefix.length : nl + 1;
      try {
        count += dec.push(prefix.subarray(at, next)).length;
      } catch {
        return count >= c.want;
      }
      if (count >= c.want) return true;
      at = next;
    }
    return false;
  }

  private fail(c: Candidate, why: string): void {
    c.phase = 'failed';
    c.why = why;
    c.dec = null;
  }

  private append(chunk: Uint8Array): void {
    const need = this.len + chunk.length;
    this.buf = growBytes(this.buf, this.len, need);
    this.buf.set(chunk, this.len);
    this.len = need;
  }
}

/**
 * Picks the format of a whole input held in memory: Zed's choice, or its
 * detection error.
 */
export function detectFormat(input: Uint8Array, opts: DetectOptions = {}): FormatName {
  const d = new Detector(opts);
  return d.push(input) ?? d.end();
}

/**
 * Gzip by its magic bytes (lake-api §3.4). As Go's gzip.NewReader, a third
 * byte naming a method other than deflate means it is not gzip after all
 * (zio/anyio/gzip.go then reads the input as it is).
 */
export function isGzip(prefix: Uint8Array): boolean {
  return prefix.length >= 2 && prefix[0] === 0x1f && prefix[1] === 0x8b && (prefix.length < 3 || prefix[2] === 0x08);
}
