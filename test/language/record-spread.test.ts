// Record literals with spreads (`{...this, x:1}`) are made by a plan per
// vector of their elements' types (compiler/kernel/record.ts): each output
// field read from its element by position. Over random records, spreading
// `this` and adding fields must answer as put does (both keep a field's
// first place and its last value); fixed cases cover several spreads,
// spreads of what is not a record, and streams whose types change.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/formats.js';
import { pick, record } from '../support/random-records.js';
import { runQuery } from '../support/run-query.js';

/** Right-hand sides that are never error("quiet"), which put would skip. */
const VALUES = ['1', '"s"', '[a]', '{q:c.d}', 'typeof(n)', 'null'];
const NAMES = ['a', 'b', 'c', 'n', 'f0', 'f1'];

describe('record literals with spreads', () => {
  it('spreading this and adding fields answers as put does, in 400 random cases', { timeout: 300_000 }, async () => {
    const r = seededRandom(20261128);
    for (let c = 0; c < 400; c++) {
      // (put makes a null record of a null one; a spread of it makes null fields.)
      const rows: string[] = [];
      while (rows.length < 10) {
        const rec = record(r);
        if (!rec.startsWith('null(')) rows.push(rec);
      }
      const count = 1 + Math.floor(r() * 3);
      const names = [...new Set(Array.from({ length: count }, () => pick(r, NAMES)))];
      const values = names.map(() => pick(r, VALUES));
      const query = `yield {...this, ${names.map((n, i) => `${n}:${values[i]}`).join(', ')}}`;
      const reference = `put ${names.map((n, i) => `${n}:=${values[i]}`).join(', ')}`;
      const input = `${rows.join('\n')}\n`;
      expect({ query, input, got: await runQuery(query, input) }).toEqual({ query, input, got: await runQuery(reference, input) });
    }
  });

  it.each([
    ['yield {...c, ...n}', '{c:{d:1,e:2},n:{a:3,b:{x:4}}}', '{d:1,e:2,a:3,b:{x:4}}'],
    ['yield {x:1, ...this}', '{a:1,x:2}', '{x:2,a:1}'],
    ['yield {...c, d:9, ...c}', '{c:{d:1,e:2}}', '{d:1,e:2}'],
    ['yield {...c, d:9}', '{c:{d:1,e:2}(=cn)}', '{d:9,e:2}'],
    ['yield {...a, b:1}', '{a:5}', '{b:1}'],
    ['yield {...nosuch}', '{a:5}', '{}'],
    ['yield {...c}', '{c:null({d:int64,e:string})}', '{d:null(int64),e:null(string)}'],
    ['yield {...this, b:a}', '{a:1}\n{a:"s"}\n{a:1}\n{b:2,a:[1]}', '{a:1,b:1}\n{a:"s",b:"s"}\n{a:1,b:1}\n{b:[1],a:[1]}'],
    // The first element's type stays, a later one's changes.
    ['yield {x:1, ...c}', '{c:{a:1}}\n{c:{z:"s"}}\n{c:{a:1}}', '{x:1,a:1}\n{x:1,z:"s"}\n{x:1,a:1}'],
    ['yield {...c, ...this}', '{c:{a:1}}\n{c:{a:"x",z:2},a:3}\n{c:1}', '{a:1,c:{a:1}}\n{a:3,z:2,c:{a:"x",z:2}}\n{c:1}'],
  ])('%s over %s', async (query, input, output) => {
    expect(await runQuery(query, `${input}\n`)).toBe(`${output}\n`);
  });
});
