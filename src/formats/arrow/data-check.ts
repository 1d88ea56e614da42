// Checks that an Arrow Data's buffers can hold what its length and offsets
// claim, before its values are read. apache-arrow takes lengths and offsets
// from the input on trust; corrupt input must end in an error, not in reads
// past a buffer or a loop over billions of phantom rows.

import { Type as ArrowType, type Data, type Vector } from 'apache-arrow';
import { FormatError } from '../../errors/index.js';

type AnyData = Data & Record<string, unknown>;

export class DataChecker {
  constructor(
    private readonly what: string,
    /** The most elements any one array of a batch may claim. */
    private readonly maxLength: number,
  ) {}

  private bad(msg: string): never {
    throw new FormatError(`${this.what}: ${msg}`);
  }

  check(data: Data, depth = 0): void {
    if (depth > 64) this.bad('arrays nested too deeply');
    const d = data as AnyData;
    const { offset, length } = data;
    if (!Number.isSafeInteger(length) || length < 0 || length > this.maxLength) this.bad(`array length ${length} out of range`);
    if (!Number.isSafeInteger(offset) || offset < 0) this.bad(`array offset ${offset} out of range`);
    const end = offset + length;
    const bitmap = data.nullBitmap;
    if (bitmap !== undefined && bitmap.length > 0 && bitmap.length * 8 < end) this.bad('validity bitmap too short');
    const values = d['values'] as ArrayLike<unknown> | undefined;
    const stride = data.stride;
    switch (data.typeId) {
      case ArrowType.Null:
        return;
      case ArrowType.Bool:
        if ((values?.length ?? 0) * 8 < end) this.bad('boolean values too short');
        return;
      case ArrowType.Int:
      case ArrowType.Float:
      case ArrowType.Date:
      case ArrowType.Time:
      case ArrowType.Timestamp:
      case ArrowType.Duration:
      case ArrowType.Interval:
      case ArrowType.Decimal:
      case ArrowType.FixedSizeBinary:
        if ((values?.length ?? 0) < end * stride) this.bad(`${String(data.type)} values too short`);
        return;
      case ArrowType.Utf8:
      case ArrowType.Binary:
      case ArrowType.LargeUtf8:
      case ArrowType.LargeBinary:
        this.offsets(data, values?.length ?? 0);
        return;
      case ArrowType.List:
      case ArrowType.LargeList:
      case ArrowType.Map: {
        const child = this.child(data, 0);
        this.offsets(data, child.length);
        this.check(child, depth + 1);
        return;
      }
      case ArrowType.FixedSizeList: {
        const child = this.child(data, 0);
        if (child.length < end * stride) this.bad('fixed-size list child too short');
        this.check(child, depth + 1);
        return;
      }
      case ArrowType.Struct:
        for (const c of data.children) {
          if (c.length < length) this.bad('struct child shorter than the struct');
          this.check(c, depth + 1);
        }
        return;
      case ArrowType.Union:
        this.union(data, depth);
        return;
      case ArrowType.Dictionary: {
        if ((values?.length ?? 0) < end) this.bad('dictionary indices too short');
        const dict = d['dictionary'] as Vector | undefined;
        if (dict === undefined) this.bad('dictionary batch missing');
        for (const chunk of dict.data) this.check(chunk, depth + 1);
        return;
      }
      case ArrowType.Utf8View:
      case ArrowType.BinaryView:
        // Views (16 bytes each) sit where other types keep their values.
        if ((values?.length ?? 0) < end * 16) this.bad('view buffer too short');
        return;
    }
  }

  private child(data: Data, i: number): Data {
    const c = data.children[i];
    if (c === undefined) this.bad(`${String(data.type)} array without child data`);
    return c;
  }

  /** Offsets must be non-decreasing, start at or above 0 and stay within `limit`. */
  private offsets(data: Data, limit: number): void {
    const offs = data.valueOffsets as ArrayLike<number | bigint> | undefined;
    const { offset, length } = data;
    if (offs === undefined || offs.length < offset + length + 1) {
      if (length === 0) return;
      this.bad('offsets buffer too short');
    }
    let prev = Number(offs[offset]!);
    if (prev < 0) this.bad('negative offset');
    for (let i = offset + 1; i <= offset + length; i++) {
      const o = Number(offs[i]!);
      if (o < prev) this.bad('offsets decrease');
      prev = o;
    }
    if (prev > limit) this.bad('offset past the end of the values');
  }

  private union(data: Data, depth: number): void {
    const d = data as AnyData;
    const { offset, length } = data;
    const typeIds = d['typeIds'] as Int8Array | undefined;
    if (typeIds === undefined || typeIds.length < offset + length) this.bad('union type ids too short');
    const toChild = (data.type as unknown as { typeIdToChildIndex: Record<number, number> }).typeIdToChildIndex;
    const dense = data.type.typeId === ArrowType.Union && (data.type as unknown as { mode: number }).mode === 1;
    const offs = data.valueOffsets as Int32Array | undefined;
    if (dense && (offs === undefined || offs.length < offset + length)) this.bad('union offsets too short');
    for (const c of data.children) this.check(c, depth + 1);
    for (let j = 0; j < length; j++) {
      const i = offset + j;
      const child = data.children[toChild[typeIds[i]!] ?? -1];
      if (child === undefined) this.bad(`union type id ${typeIds[i]} names no child`);
      const row = dense ? offs![i]! : j;
      if (row < 0 || row >= child.length) this.bad('union offset past the end of its child');
    }
  }
}
