import { describe, expect, it } from 'vitest';
import { ByteTable, hashBytes } from './byte-table.js';

const enc = new TextEncoder();

function intern(t: ByteTable, tag: number, s: string): number {
  const b = enc.encode(s);
  return t.intern(tag, b, 0, b.length, hashBytes(tag, b, 0, b.length));
}

function bytesOf(t: ByteTable, id: number): string {
  return new TextDecoder().decode(t.arena.subarray(t.start(id), t.end(id)));
}

describe('ByteTable', () => {
  it('gives dense ids in order of first sight, equal bytes and tag the same id', () => {
    const t = new ByteTable();
    expect(intern(t, 0, 'a')).toBe(0);
    expect(intern(t, 0, 'bc')).toBe(1);
    expect(intern(t, 0, 'a')).toBe(0);
    expect(intern(t, 0, '')).toBe(2);
    expect(t.size).toBe(3);
    expect(bytesOf(t, 1)).toBe('bc');
  });

  it('tells entries apart by tag as well as bytes', () => {
    const t = new ByteTable();
    expect(intern(t, 1, 'x')).toBe(0);
    expect(intern(t, 2, 'x')).toBe(1);
    expect(t.tag(0)).toBe(1);
    expect(t.tag(1)).toBe(2);
    const b = enc.encode('x');
    expect(t.find(3, b, 0, 1, hashBytes(3, b, 0, 1))).toBe(-1);
  });

  it('keeps every entry through growth of slots and arena, and forgets them on clear', () => {
    const t = new ByteTable();
    const n = 20000;
    for (let i = 0; i < n; i++) expect(intern(t, i % 3, `key-${i}-${'z'.repeat(i % 40)}`)).toBe(i);
    for (let i = 0; i < n; i += 997) {
      expect(intern(t, i % 3, `key-${i}-${'z'.repeat(i % 40)}`)).toBe(i);
      expect(bytesOf(t, i)).toBe(`key-${i}-${'z'.repeat(i % 40)}`);
    }
    expect(t.size).toBe(n);
    t.clear();
    expect(t.size).toBe(0);
    expect(intern(t, 0, 'key-5')).toBe(0);
  });
});
