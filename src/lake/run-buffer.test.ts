// A load's run handed to another thread and back (RunBuffer.detach, attach
// and recycle): the values, keys, types (named ones, a name bound to two
// types) and sorted order come through whole into another type context,
// over an arena of several chunks, some of them a single outsized value's;
// a run left unsorted sorts the same there; chunks taken back are filled
// again; where `at` says each value lies is the value.

import { describe, expect, it } from 'vitest';
import { TypeContext, TypeNull, type Type, type Value } from '../zed/index.js';
import { formatValue, parseZsonValue } from '../zson/index.js';
import { RunBuffer } from './run-buffer.js';

const TEXTS = [
  // A null first: a run's first value may be in no chunk.
  'null(int64)',
  '{ts:2024-01-03T00:00:00Z,x:1,s:"a"}',
  '{ts:2024-01-01T00:00:00Z,x:2,r:{a:[1,2,3],b:null}}(=conn)',
  '{x:3}',
  '{ts:null(time),x:4.5}',
  '{ts:"later",x:-5}',
  `{ts:2024-01-02T00:00:00Z,s:"${'long '.repeat(40)}"}`,
  '{ts:2024-01-01T00:00:00Z,x:"shadow"}(=conn)',
  '{ts:2024-01-01T00:00:00Z,id:{h:10.0.0.1,p:80(port=uint16)}}',
  'null',
  '{ts:2024-01-02T00:00:00Z,x:1}',
];

function values(ctx: TypeContext, times: number): Value[] {
  const out: Value[] = [];
  for (let k = 0; k < times; k++) for (const t of TEXTS) out.push(parseZsonValue(t, ctx));
  return out;
}

function contents(run: RunBuffer): string[] {
  const out: string[] = [];
  const ref = { type: TypeNull as Type, buf: new Uint8Array(0), start: -1, end: -1 };
  for (let i = 0; i < run.length; i++) {
    const v = run.value(i);
    // Where `at` says the value lies is the value.
    run.at(i, ref);
    expect(ref.type).toBe(v.type);
    expect(ref.start < 0 ? null : Array.from(ref.buf.subarray(ref.start, ref.end))).toEqual(v.bytes === null ? null : Array.from(v.bytes));
    out.push(`${formatValue(v)} key ${formatValue(run.key(i))} ${run.keyLength(i)}`);
  }
  return out;
}

describe('RunBuffer handed over', () => {
  it('keeps values, keys, types and order in another type context', () => {
    const run = new RunBuffer(['ts'], { shared: true, chunkSize: 128 });
    for (const v of values(new TypeContext(), 7)) run.add(v);
    run.sort('asc');
    const want = contents(run);
    expect(want).toHaveLength(77);
    const bytes = run.bytes;
    const parts = run.detach();
    expect(run.length).toBe(0);
    expect(run.bytes).toBe(0);
    expect(parts.chunks.length).toBeGreaterThan(3);
    expect(parts.chunks.every((c) => c.buffer instanceof SharedArrayBuffer)).toBe(true);
    const there = RunBuffer.attach(structuredClone(parts), ['ts'], new TypeContext());
    expect(contents(there)).toEqual(want);
    expect(there.bytes).toBe(bytes);
  });

  it("keeps each value's type when values of several type contexts meet in one (a rewrite)", () => {
    const run = new RunBuffer(['ts'], { chunkSize: 256 });
    // Equal types from two contexts are two types here, and one once handed over.
    for (const v of [...values(new TypeContext(), 2), ...values(new TypeContext(), 2)]) run.add(v);
    run.sort('asc');
    const want = contents(run);
    const there = RunBuffer.attach(run.detach(), ['ts'], new TypeContext());
    expect(contents(there)).toEqual(want);
  });

  it('sorts a run handed over unsorted as it sorts here', () => {
    const here = new RunBuffer(['ts'], { chunkSize: 64 });
    const away = new RunBuffer(['ts'], { chunkSize: 64 });
    const ctx = new TypeContext();
    for (const v of values(ctx, 3)) {
      here.add(v);
      away.add(v);
    }
    here.sort('desc');
    const parts = away.detach();
    expect(parts.order).toBeNull();
    const there = RunBuffer.attach(parts, ['ts'], new TypeContext());
    there.sort('desc');
    expect(contents(there)).toEqual(contents(here));
    expect(there.bytes).toBe(here.bytes);
  });

  it('fills chunks it takes back instead of new ones', () => {
    const run = new RunBuffer(['ts'], { shared: true, chunkSize: 256 });
    const ctx = new TypeContext();
    for (const v of values(ctx, 2)) run.add(v);
    const first = run.detach();
    const before = first.chunks.map((c) => c.slice());
    run.recycle(first.chunks);
    for (const v of values(ctx, 1).reverse()) run.add(v);
    run.sort('asc');
    // The new run's bytes went into the first chunk taken back.
    const standard = first.chunks.findIndex((c) => c.length === 256);
    expect(first.chunks[standard]!).not.toEqual(before[standard]!);
    const fresh = new RunBuffer(['ts']);
    for (const v of values(ctx, 1).reverse()) fresh.add(v);
    fresh.sort('asc');
    expect(contents(run)).toEqual(contents(fresh));
  });
});
