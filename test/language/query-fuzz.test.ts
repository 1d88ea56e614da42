// Malformed queries (issue #3, "Bad input"): seeded mutants of valid
// queries (characters deleted, inserted, replaced, swapped, truncated, and
// tokens spliced in from other queries) are compiled and run on a small
// input. Each must end in output or a typed Zed error (a parse error with
// line, column and marked source, or a compile/runtime error of a known
// kind), never another exception, and within a time limit.
import { describe, expect, it } from 'vitest';
import { ParseError, ZedError } from '../../src/index.js';
import { seededRandom } from '../support/formats.js';
import { runQuery } from '../support/run-query.js';

const seeds = [
  'where x > 1 | sort -r x | head 2',
  'count() by k | sort k',
  'put y := x * 2, z := f"{k}-{x}" | cut y, z',
  'over a with k => ( yield {k, v: this} )',
  'switch x ( case 1 => yield "one" case 2 => yield "two" default => pass )',
  'fork ( => count() => sum(x) ) | sort this',
  'const c = 3\nfunc f(v): (v + c)\nyield f(x)',
  'op stamp(n): ( put n := n )\nstamp(x)',
  'yield {a: [1, 2, ...[3]], b: |[1, 2]|, m: |{"k": 1}|, t: <int64>, i: 10.0.0.1, n: 10.0.0.0/8, d: 1h30m}',
  'search "needle" or x == 2 and !(k in ["a", "b"])',
  'grep(/ab+c/, s) | yield regexp_replace(s, "b", "B")',
  'summarize avg(x), max(x) by every(1h) | sort ts',
  'join (head 1) on x=x y:=x',
  'yield cast(x, <string>) | uniq -c',
  'rename z := x | drop k | fuse | tail 1',
  'yield (over a | sum(this))',
  'type port = uint16\nyield <port>(x)',
  'top 2 x | sample x | assert x > 0',
  'explode a by int64 as v | where v > 1',
  'yield parse_zson("{a:1}") | yield shape(this, <{a:int64,b:string}>)',
];

const input = '{x:1,k:"a",a:[1,2],s:"abbc",ts:2024-01-01T00:00:00Z}\n{x:2,k:"b",a:[3],s:"ac",ts:2024-01-01T02:00:00Z}\n{x:"z",k:null}\n';

const pieces = ['(', ')', '[', ']', '{', '}', '|', '=>', ':=', '"', "'", '`', '/', '\\', ',', '...', '<', '>', '==', '!', ' and ', ' or ', ' by ', '$', '@', '\n', '//', '/*', '*/', '0x', '1e', 'f"{', '}"', 'over', 'with', 'yield', 'const', 'func', 'op', 'type', 'case', 'default'];

function mutate(q: string, rand: () => number): string {
  const at = () => Math.floor(rand() * (q.length + 1));
  switch (Math.floor(rand() * 6)) {
    case 0: {
      const i = at();
      return q.slice(0, i) + q.slice(i + 1 + Math.floor(rand() * 4));
    }
    case 1: {
      const i = at();
      return q.slice(0, i) + pieces[Math.floor(rand() * pieces.length)] + q.slice(i);
    }
    case 2: {
      const i = at();
      return q.slice(0, i) + String.fromCharCode(32 + Math.floor(rand() * 95)) + q.slice(i + 1);
    }
    case 3:
      return q.slice(0, at());
    case 4: {
      const i = at();
      const j = at();
      return i < j ? q.slice(0, i) + q.slice(j) + q.slice(i, j) : q;
    }
    default: {
      const other = seeds[Math.floor(rand() * seeds.length)]!;
      const i = at();
      const k = Math.floor(rand() * other.length);
      return q.slice(0, i) + other.slice(k, k + 1 + Math.floor(rand() * 12)) + q.slice(i);
    }
  }
}

const LIMIT_MS = 2000;

async function within<T>(p: Promise<T>, query: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`query ran past ${LIMIT_MS} ms: ${JSON.stringify(query)}`)), LIMIT_MS);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('malformed queries end in output or a clear error', () => {
  it('the seed queries themselves run', async () => {
    for (const q of seeds) expect(typeof (await runQuery(q, input)), q).toBe('string');
  });

  for (const seed of [1, 2, 3]) {
    it(`600 mutants, seed ${seed}`, async () => {
      const rand = seededRandom(seed);
      const kinds = { ran: 0, parse: 0, other: 0 };
      for (let n = 0; n < 600; n++) {
        let q = seeds[Math.floor(rand() * seeds.length)]!;
        const times = 1 + Math.floor(rand() * 3);
        for (let m = 0; m < times; m++) q = mutate(q, rand);
        try {
          await within(runQuery(q, input), q);
          kinds.ran++;
        } catch (e) {
          if (e instanceof ParseError) {
            // Zed's form: the place, the source line and a marker under it.
            expect(e.message, q).toMatch(/^error parsing Zed at line \d+, column \d+:\n[^\n]*\n *=* *\^ ===$/);
            kinds.parse++;
          } else if (e instanceof ZedError) {
            expect(e.message.length, q).toBeGreaterThan(0);
            kinds.other++;
          } else {
            throw new Error(`mutant ${n} of seed ${seed} threw ${String(e)}: ${JSON.stringify(q)}`, { cause: e });
          }
        }
      }
      // The mutants exercise all three outcomes.
      expect(kinds.ran).toBeGreaterThan(30);
      expect(kinds.parse).toBeGreaterThan(100);
      expect(kinds.other).toBeGreaterThan(5);
    });
  }

  it('a runtime fault in one value is an error value, and the rest of the query goes on', async () => {
    expect(await runQuery('yield x / 0, x + 1', '{x:1}\n{x:"s"}\n{x:3}\n')).toBe(
      'error("divide by zero")\n2\nerror("incompatible types")\nerror("incompatible types")\nerror("divide by zero")\n4\n',
    );
  });
});
