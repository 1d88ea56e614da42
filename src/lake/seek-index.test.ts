// Seek indexes hold Zed's entries as Zed writes them, and zlake's value
// bytes of each stream beside them, where a reader of values does not see them.
import { describe, expect, it } from 'vitest';
import { decodeZng, encodeZng } from '../formats/zng/index.js';
import { formatValue, parseZsonValue } from '../zson/index.js';
import { TypeContext } from '../zed/index.js';
import { decodeSeekIndex, encodeSeekIndex, type SeekEntry } from './seek-index.js';

const ctx = new TypeContext();
const t = (s: string) => parseZsonValue(s, ctx);

function entries(withBytes: boolean): SeekEntry[] {
  return [0, 1, 2].map((k) => ({
    min: t(`${k * 10}`),
    max: t(`${k * 10 + 9}`),
    valOff: k * 3,
    valCnt: 3,
    offset: k * 35,
    length: 35,
    ...(withBytes ? { valBytes: 18 - k } : {}),
  }));
}

describe('seek indexes', () => {
  it('read back with their value bytes, which values alone do not show', () => {
    const bytes = encodeSeekIndex(entries(true));
    expect(decodeSeekIndex(bytes, new TypeContext()).map((e) => e.valBytes)).toEqual([18, 17, 16]);
    expect(decodeSeekIndex(bytes, new TypeContext()).map((e) => [formatValue(e.min), formatValue(e.max), e.valOff, e.valCnt, e.offset, e.length])).toEqual([
      ['0', '9', 0, 3, 0, 35],
      ['10', '19', 3, 3, 35, 35],
      ['20', '29', 6, 3, 70, 35],
    ]);
    // What zq (or Zed) reads of the file: Zed's six fields, nothing more.
    expect(decodeZng(bytes, new TypeContext()).map((v) => formatValue(v))).toEqual([
      '{min:0,max:9,val_off:0(uint64),val_cnt:3(uint64),offset:0(uint64),length:35(uint64)}',
      '{min:10,max:19,val_off:3(uint64),val_cnt:3(uint64),offset:35(uint64),length:35(uint64)}',
      '{min:20,max:29,val_off:6(uint64),val_cnt:3(uint64),offset:70(uint64),length:35(uint64)}',
    ]);
  });

  it('read indexes without value bytes, and those zlake wrote with a val_bytes field', () => {
    expect(decodeSeekIndex(encodeSeekIndex(entries(false)), new TypeContext()).every((e) => e.valBytes === undefined)).toBe(true);
    const old = encodeZng([t('{min:1,max:2,val_off:0(uint64),val_cnt:2(uint64),offset:0(uint64),length:20(uint64),val_bytes:7(uint64)}')]);
    expect(decodeSeekIndex(old, new TypeContext()).map((e) => e.valBytes)).toEqual([7]);
  });
});
