// Column writers for the Arrow types Zed keeps as small named records or
// arrays (zio/arrowio): arrow_day_time_interval, arrow_month_day_nano_interval,
// arrow_decimal128 and arrow_decimal256. Each is fixed-width 32-bit words.

import { Decimal, IntervalDayTime, IntervalMonthDayNano, makeData, type Data, type DataType } from 'apache-arrow';
import { readElement, type Type } from '../../zed/index.js';
import type { ColumnWriter } from './column-writer.js';
import { Growable, Validity, uint32s } from './growable.js';
import { intBodyToWords, uintBodyToWords } from './int64.js';
import { badValueError, type WriterName } from './writer-errors.js';

/** How each element of the Zed body fills words: 'i32' and 'u32' one word, 'i64' and 'u64' two. */
type Slot = 'i32' | 'u32' | 'i64' | 'u64';

const el = { start: 0, end: 0 };
const scratch = new Uint32Array(2);

class WordsWriter implements ColumnWriter {
  private readonly words = new Growable(uint32s);
  private readonly valid = new Validity();
  private readonly stride: number;
  constructor(
    readonly type: DataType,
    /** Slots in the order of the Zed body's elements, with the word offset each fills. */
    private readonly slots: readonly { slot: Slot; at: number }[],
    private readonly out: 'int32' | 'uint32',
    private readonly writer: WriterName,
    private readonly what: string,
  ) {
    this.stride = slots.reduce((n, s) => n + (s.slot === 'i64' || s.slot === 'u64' ? 2 : 1), 0);
  }
  get length(): number {
    return this.valid.length;
  }
  append(_t: Type, buf: Uint8Array, start: number, end: number): void {
    this.valid.push(start >= 0);
    const w = this.words.reserve(this.stride);
    const base = this.words.n;
    this.words.n += this.stride;
    w.fill(0, base, base + this.stride);
    if (start < 0) return;
    let off = start;
    for (const { slot, at } of this.slots) {
      if (off >= end) throw badValueError(this.writer, `${this.what} value has too few elements`);
      off = readElement(buf, off, end, el);
      if (el.start < 0) continue; // a null element is zero
      if (slot === 'i64' || slot === 'i32') intBodyToWords(buf, el.start, el.end, scratch, 0);
      else uintBodyToWords(buf, el.start, el.end, scratch, 0);
      w[base + at] = scratch[0]!;
      if (slot === 'i64' || slot === 'u64') w[base + at + 1] = scratch[1]!;
    }
    if (off !== end) throw badValueError(this.writer, `${this.what} value has too many elements`);
  }
  flush(): Data {
    const length = this.valid.length;
    const words = this.words.take();
    const data = this.out === 'int32' ? new Int32Array(words.buffer) : words;
    return makeData({ type: this.type, length, ...this.valid.take(), data } as never);
  }
}

/** {days:int32,milliseconds:uint32} as Arrow's DAY_TIME interval. */
export function dayTimeWriter(w: WriterName): ColumnWriter {
  return new WordsWriter(new IntervalDayTime(), [{ slot: 'i32', at: 0 }, { slot: 'u32', at: 1 }], 'int32', w, 'arrow_day_time_interval');
}

/** {month:int32,day:int32,nanoseconds:int64} as Arrow's MONTH_DAY_NANO interval. */
export function monthDayNanoWriter(w: WriterName): ColumnWriter {
  const slots = [{ slot: 'i32', at: 0 }, { slot: 'i32', at: 1 }, { slot: 'i64', at: 2 }] as const;
  return new WordsWriter(new IntervalMonthDayNano(), slots, 'int32', w, 'arrow_month_day_nano_interval');
}

/**
 * {high:int64,low:uint64} as a 128-bit decimal (low word first in memory).
 * Zed keeps no precision or scale; `precision` is what the column declares.
 */
export function decimal128Writer(w: WriterName, precision: number): ColumnWriter {
  const slots = [{ slot: 'i64', at: 2 }, { slot: 'u64', at: 0 }] as const;
  return new WordsWriter(new Decimal(0, precision, 128), slots, 'uint32', w, 'arrow_decimal128');
}

/** [uint64] of four words, least significant first, as a 256-bit decimal. */
export function decimal256Writer(w: WriterName, precision: number): ColumnWriter {
  const slots = [0, 2, 4, 6].map((at) => ({ slot: 'u64' as const, at }));
  return new WordsWriter(new Decimal(0, precision, 256), slots, 'uint32', w, 'arrow_decimal256');
}
