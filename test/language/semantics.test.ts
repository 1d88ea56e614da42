// The compiler's decisions about bare expressions, user operators and
// lateral expressions, checked end to end on small inputs of our own.
import { describe, expect, it } from 'vitest';
import { runQuery } from '../support/run-query.js';

const cases: { name: string; query: string; input: string; output: string }[] = [
  { name: 'a bare Boolean expression filters', query: 'x > 1', input: '{x:1}\n{x:2}\n', output: '{x:2}\n' },
  { name: 'a bare non-Boolean expression is an implied yield', query: 'x + 1', input: '{x:1}\n{x:2}\n', output: '2\n3\n' },
  { name: 'a bare aggregation yields its value alone', query: 'count()', input: '{x:1}\n{x:2}\n', output: '2(uint64)\n' },
  { name: 'bare assignments of aggregates summarize', query: 'n:=count(),s:=sum(x)', input: '{x:1}\n{x:2}\n', output: '{n:2(uint64),s:3}\n' },
  { name: 'bare assignments of expressions put', query: 'y:=x*10', input: '{x:1}\n', output: '{x:1,y:10}\n' },
  { name: 'a search term matches inside strings', query: 'needle', input: '{s:"a NEEDLE here"}\n{s:"nothing"}\n', output: '{s:"a NEEDLE here"}\n' },
  {
    name: 'user op parameters stand for their argument expressions, also as record shorthand',
    query: 'op stamp(who, x): ( yield {...this, who} | put x := x + 1 )\nstamp("bob", n)',
    input: '{n:1}\n',
    output: '{n:2,who:"bob"}\n',
  },
  {
    name: 'user op cycles are reported',
    query: 'op a(): (b())\nop b(): (a())\na()',
    input: '{}\n',
    output: 'ERROR:operator cycle found: a -> b -> a',
  },
  { name: 'a lateral expression sums each array', query: 'yield (over a | sum(this))', input: '{a:[1,2]}\n{a:[3,4]}\n', output: '3\n7\n' },
  { name: 'a lateral expression with no results is null', query: 'yield (over a | sum(this))', input: '{b:1}\n', output: 'null\n' },
  { name: 'several lateral results are wrapped in an array', query: 'yield {s:(over x | yield this+1)}', input: '{x:[3,4]}\n', output: '{s:[4,5]}\n' },
  {
    name: 'lateral expressions nest inside an over body',
    query: 'over a => ( {y,s:(over x | sum(this))} )',
    input: '{a:[{x:[1,2],y:2},{x:[3],y:4}]}\n',
    output: '{y:2,s:3}\n{y:4,s:3}\n',
  },
  { name: 'over with locals sees the outer value', query: 'over a with k=key => ( yield {k,v:this} )', input: '{key:"z",a:[1,2]}\n', output: '{k:"z",v:1}\n{k:"z",v:2}\n' },
  { name: 'a group-by key may be a lateral local', query: 'over x with s => (sum(this) by s)', input: '{s:"a",x:[1,2]}\n', output: '{s:"a",sum:3}\n' },
  {
    name: 'a declared type name evaluates to its type value',
    query: 'type port = uint16\nconst m = |{"p": port}|\nyield m[k]',
    input: '{k:"p"}\n{k:"q"}\n',
    output: '<port=uint16>\nerror("missing")\n',
  },
  { name: 'quiet(x) keeps the name of x in cut', query: 'cut quiet(a.b)', input: '{a:{b:1}}\n', output: '{a:{b:1}}\n' },
];

describe('query semantics', () => {
  for (const c of cases) {
    it(c.name, async () => {
      if (c.output.startsWith('ERROR:')) {
        await expect(runQuery(c.query, c.input)).rejects.toThrow(c.output.slice(6));
        return;
      }
      expect(await runQuery(c.query, c.input)).toBe(c.output);
    });
  }
});
