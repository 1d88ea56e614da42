import { describe, expect, it } from 'vitest';
import { CsvRecords } from './csv-records.js';

/** Splits `text` fed in pieces of `size` characters; returns [line, fields] pairs. */
function split(text: string, size = 1 << 30, delim = ','): [number, string[]][] {
  const r = new CsvRecords(delim);
  const out: [number, string[]][] = [];
  const take = (got: { fields: string[][]; lines: number[] }) => got.fields.forEach((f, k) => out.push([got.lines[k]!, f]));
  for (let i = 0; i < text.length; i += size) take(r.push(text.slice(i, i + size)));
  take(r.end());
  return out;
}

/** Splits whole, one character at a time and in pieces of 3 and 7; all must agree. */
function splitAll(text: string, delim = ','): [number, string[]][] {
  const whole = split(text, 1 << 30, delim);
  for (const size of [1, 3, 7]) expect(split(text, size, delim)).toEqual(whole);
  return whole;
}

describe('CsvRecords', () => {
  it('CsvRecords splits records without quotes on the delimiter, trimming leading space', () => {
    expect(splitAll('a,b,c\n 1,  2 ,3\n')).toEqual([
      [1, ['a', 'b', 'c']],
      [2, ['1', '2 ', '3']],
    ]);
  });

  it('CsvRecords takes the text outside quoted runs into the field, as Zed repairs it', () => {
    // The cases of zio/csvio/preprocess_test.go, as fields.
    expect(splitAll('field1,"field"2,field"3" my friend\n')).toEqual([[1, ['field1', 'field2', 'field3 my friend']]]);
    expect(splitAll('field4,"field"5 with "multiple" quotes "to" escape,field6\n')).toEqual([
      [1, ['field4', 'field5 with multiple quotes to escape', 'field6']],
    ]);
    expect(splitAll('""",""",""" has a couple "" embedded quotes and a , comma",""" """\n')).toEqual([
      [1, ['","', '" has a couple " embedded quotes and a , comma', '" "']],
    ]);
    expect(splitAll('x,"hello,\n"" world , " foo,y\n')).toEqual([[1, ['x', 'hello,\n" world ,  foo', 'y']]]);
  });

  it('CsvRecords drops the leading space of a quoted field and keeps its trailing space', () => {
    expect(splitAll('  " a ""b"" " ,c\n')).toEqual([[1, ['a "b"  ', 'c']]]);
  });

  it('CsvRecords closes a quoted run left open at the end of the input', () => {
    expect(splitAll('a,"open, still\nopen')).toEqual([[1, ['a', 'open, still\nopen']]]);
  });

  it('CsvRecords reads CRLF as LF, inside quotes too, and drops a CR before the end', () => {
    expect(splitAll('a,b\r\n"x\r\ny",z\r\nlast,one\r')).toEqual([
      [1, ['a', 'b']],
      [2, ['x\ny', 'z']],
      [4, ['last', 'one']],
    ]);
  });

  it('CsvRecords ends the record at a quoted field ending in CR, as preprocess.go does', () => {
    // The "\r" after the closing quote turns the delimiter into a line end.
    expect(splitAll('"x"\r,y\nz\n')).toEqual([
      [1, ['x']],
      [2, ['y']],
      [3, ['z']],
    ]);
  });

  it('CsvRecords skips empty lines but counts them, and keeps a line of spaces', () => {
    expect(splitAll('a\n\n\r\nb\n   \n""\n')).toEqual([
      [1, ['a']],
      [4, ['b']],
      [5, ['']],
      [6, ['']],
    ]);
  });

  it('CsvRecords numbers lines across quoted fields that span lines', () => {
    expect(splitAll('h1,h2\n"one\ntwo\nthree",x\nnext,y\n')).toEqual([
      [1, ['h1', 'h2']],
      [2, ['one\ntwo\nthree', 'x']],
      [5, ['next', 'y']],
    ]);
  });

  it('CsvRecords keeps leading space for a space-like delimiter but not inside quotes', () => {
    expect(splitAll('  a\t  "  b"\t c\n', '\t')).toEqual([[1, ['  a', 'b', ' c']]]);
  });

  it('CsvRecords trims Unicode white space the way Go does', () => {
    expect(splitAll('\u00a0a,\u3000b,\u200bc\n')).toEqual([[1, ['a', 'b', '\u200bc']]]);
  });

  it('CsvRecords decodes many quoted fields with CSV syntax in one chunk', () => {
    const rows = Array.from({ length: 50 }, (_, i) => `${i},"a ""${i}"", b","plain"`).join('\n');
    const got = split(rows + '\n');
    expect(got).toHaveLength(50);
    expect(got[49]).toEqual([50, ['49', 'a "49", b', 'plain']]);
  });
});
