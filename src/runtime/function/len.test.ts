import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';

describe('len', () => {
  test('len of every kind of value (len.yaml)', () => {
    const h = harness();
    const input = [
      'null', 'null(bytes)', '0x', '0x0123', '0x0123((bytes,string))', 'null(string)', '""', '"string"', 'null(ip)', '1.0.0.0',
      '1::', 'null(net)', '1.0.0.0/8', '1::/8', 'null({})', '{}', '{x:1}', '{x:1,s:"hello"}', '{x:{a:1,b:2}}', 'null([int64])',
      '[]([int64])', '[1,2]([int64])', 'null(|[int64]|)', '|[]|(|[int64]|)', '|[1,2]|(|[int64]|)', 'null(|{int64:int64}|)',
      '|{1:1}|(|{int64:int64}|)', '|{1:1,2:2}|', '<int64>', '<type>', '<{x:int64,y:int64}>', '<(int64,string)>', '<[int64]>',
      '<[(int64,string)]>', '<any=(int64,string)>', 'error(null)', 'error("")', 'error("error")',
    ];
    const want = [
      '0', '0', '0', '2', '2', '0', '0', '6', '0', '4', '16', '0', '8', '32', '0', '0', '1', '2', '1', '0', '0', '2', '0', '0', '2', '0',
      '1', '2', '1', '1', '2', '2', '1', '2', '2',
      'error({message:"len()",on:null(error(null))})', 'error({message:"len()",on:error("")})', 'error({message:"len()",on:error("error")})',
    ];
    const len = h.fn('len');
    expect(input.map((v) => len(v))).toEqual(want);
  });

  test('len rejects numbers (len.md)', () => {
    const h = harness();
    expect(h.call('len', '1')).toBe('error({message:"len: bad type",on:1})');
    expect(h.call('len', '%a(enum(a,b))')).toBe('error({message:"len: bad type",on:%a(enum(a,b))})(error({message:string,on:enum(a,b)}))');
  });
});
