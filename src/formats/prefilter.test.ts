import { describe, expect, it } from 'vitest';
import { linePrefilter, type LineTerms } from './prefilter.js';

async function run(term: string | LineTerms, text: string, chunk = 0): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  async function* chunks() {
    if (chunk === 0) yield bytes;
    else for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
  }
  let out = '';
  const dec = new TextDecoder();
  for await (const c of linePrefilter(term)!(chunks())) out += dec.decode(c, { stream: true });
  return out;
}

describe('linePrefilter', () => {
  const text = '{"a":"x RSTOS0"}\n{"a":"y"}\n{"b":"rstos0 z"}\n{"c":"\\u0052STOS0"}\n';

  it('drops one-line objects that cannot contain the term, ignoring ASCII case', async () => {
    expect(await run('RSTOS0', text)).toBe('{"a":"x RSTOS0"}\n{"b":"rstos0 z"}\n{"c":"\\u0052STOS0"}\n');
  });

  it('gives the same lines whatever the chunking', async () => {
    const whole = await run('RSTOS0', text);
    for (const n of [1, 2, 3, 7]) expect(await run('RSTOS0', text, n)).toBe(whole);
  });

  it('treats the term literally, not as a pattern', async () => {
    expect(await run('a.b', '{"d":"axb"}\n{"d":"a.b"}\n')).toBe('{"d":"a.b"}\n');
  });

  it('steps aside at the first line that is not a one-line object', async () => {
    const pretty = '{"a":"y"}\n{\n  "a": "z"\n}\n{"a":"q"}\n';
    expect(await run('nomatch', pretty)).toBe('{\n  "a": "z"\n}\n{"a":"q"}\n');
  });

  it('handles CRLF lines, blank lines and non-ASCII text at the right offsets', async () => {
    const t = '{"a":"é"}\r\n\n{"a":"ü q"}\r\n{"b":"ß"}\n';
    // Blank lines are kept (they cost nothing to parse and keep line counts honest).
    for (const n of [0, 1, 5]) expect(await run('q', t, n)).toBe('\n{"a":"ü q"}\r\n');
  });

  it('keeps a last line without a newline, and filters nothing for non-ASCII terms', async () => {
    expect(await run('q', '{"a":"y"}\n{"a":"q"}')).toBe('{"a":"q"}');
    expect(linePrefilter('café')).toBeNull();
  });

  it('keeps a line only when every clause has one of its terms', async () => {
    const t = '{"a":"x","b":"y"}\n{"a":"x"}\n{"b":"Y"}\n{"c":"z"}\n';
    const both: LineTerms = [[{ text: 'x', number: false }], [{ text: 'y', number: false }]];
    const either: LineTerms = [[{ text: 'x', number: false }, { text: 'y', number: false }]];
    for (const n of [0, 1, 4]) {
      expect(await run(both, t, n)).toBe('{"a":"x","b":"y"}\n');
      expect(await run(either, t, n)).toBe('{"a":"x","b":"y"}\n{"a":"x"}\n{"b":"Y"}\n');
    }
  });

  it('keeps lines that may spell a number term another way', async () => {
    const t = '{"p":443}\n{"p":80}\n{"p":4.43e2}\n{"p":44300E-2}\n{"p":442.99999999999999}\n{"p":1}\n{"s":"e443"}\n';
    const num: LineTerms = [[{ text: '443', number: true }]];
    expect(await run(num, t)).toBe('{"p":443}\n{"p":4.43e2}\n{"p":44300E-2}\n{"p":442.99999999999999}\n{"s":"e443"}\n');
    expect(await run([[{ text: '443', number: false }]], t)).toBe('{"p":443}\n{"p":44300E-2}\n{"s":"e443"}\n');
  });

  it('matches "k" against the Kelvin sign, which folds to it', async () => {
    expect(await run('kb', '{"a":"\u212Ab"}\n{"a":"xb"}\n{"a":"KB"}\n')).toBe('{"a":"\u212Ab"}\n{"a":"KB"}\n');
  });

  it('works the same on long inputs cut into slices', async () => {
    let t = '';
    let want = '';
    for (let i = 0; i < 20000; i++) {
      const line = `{"i":${i},"s":"${i % 97 === 0 ? 'needle' : 'hay'}"}\n`;
      t += line;
      if (i % 97 === 0) want += line;
    }
    for (const n of [0, 65536, 100000, 7919]) expect(await run('NEEDLE', t, n)).toBe(want);
  });

  it('filters nothing when no clause can be checked on raw bytes', () => {
    expect(linePrefilter([[{ text: 'café', number: false }]])).toBeNull();
    expect(linePrefilter([])).toBeNull();
  });
});

