import { describe, expect, test } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { createEvalContext } from '../../runtime/index.js';
import { stripLoc } from '../ast/index.js';
import type * as ast from '../ast/index.js';
import { parseQuery } from '../parser/index.js';
import { analyze } from '../semantic/index.js';
import { formatQuery } from './index.js';

const canon = (q: string): string => formatQuery(parseQuery(q));

// Queries written with explicit operators: their canonical text parses back
// to the very same tree.
const explicit = [
  'search a and b or !c',
  'search (a or b) and !(c and d)',
  'search x==1 and y!=2 or *',
  'search "quoted words" and 10.0.0.1 and fo*o and /re+gex/',
  'search x in [1,2] and has(y) and grep("g", s)',
  'where (y==2 or x==4) and z==5',
  'where !(ts<=2) and a~/x/',
  'where a in b and not c',
  'yield (10+2)/8, 8/(10+2), a-(b-c), a-b-c, a*(b+c), a%b*c',
  'yield -x, -(a+b), -(1), a-(-1), !!a, !a*b',
  'yield a ? b : c, (a ? b : c).x, x ? (y ? 1 : 2) : 3, (x==1) ? y : z',
  'yield a.b.c, a[0], a[1:2], a[:2], a[1:], this["@x"], (a+b)[0]',
  'yield f(a, b), lower(s), now(), cast(x, <string>)',
  'yield <int64>(x), <(int64,string)>(1), <{a:int64,"b c":[string]}>',
  'yield <|[ip]|>, <|{string:int64}|>, <error({msg:string})>, <port=uint16>, <port>',
  'yield {a:1,"b c":2,...d,e}, [1,...x], |[1,2]|, |{"a":1,"b":2}|, {}, []',
  'yield "a\\"b\\n\\t\\u0001é", 0x0102, 10.0.0.1, 10.0.0.0/8, 1h30m, 2020-01-01T00:00:00Z',
  'yield null, true, false, NaN, -Inf, 1.5e3, -7',
  'yield f"x {a+1} y {f"in {b}"}"',
  'yield f"brace \\{ and quote \\" and tab \\t"',
  'yield (over a | summarize sum(this)), (over a, b with c=d, e=f | search g | head)',
  'put x:=1,y:=lower(s)',
  'cut a,b:=c,d.e',
  'drop a,b.c',
  'rename a:=b,c.d:=e',
  'sort',
  'sort -r a',
  'sort -nulls first a desc, b asc, c',
  'sort -r -nulls first x',
  'top 3 a,b',
  'top 3 -flush',
  'head',
  'head 10',
  'tail 2+3',
  'uniq',
  'uniq -c',
  'fuse',
  'shape',
  'pass',
  'sample',
  'sample a.b',
  'assert a==1',
  'explode a, b by {x:int64} as v',
  'explode a by (int64,string)',
  'merge ts',
  'yield a',
  'yield a, b',
  'output out',
  'debug',
  'debug f"debug: {this}"',
  'load p',
  'load "my pool"@dev author "me" message "why" meta "{}"',
  'summarize count()',
  'summarize n:=count(),sum(x) by k,v:=lower(w)',
  'summarize count() where x>1 by k with -limit 10',
  'summarize by a,b',
  'summarize collect((over a | yield this))',
  'over a',
  'over a, b',
  'over a => (head)',
  'over a with b=c, d => (yield b+d | head)',
  'join on a=b',
  'join on a',
  'left join on a=b x:=y,z',
  'right join (from p | head) on (lower(a))=b.c',
  'anti join (file r.json) on k=k',
  'fork (=> head => tail | uniq)',
  'switch (case a==1 => head default => tail)',
  'switch x (case 1 => pass case "two" => head 2 default => tail)',
  'from p',
  'from p@main',
  'from p@main:objects',
  'from p tap',
  'from :pools',
  'from "my pool"',
  'from p* | head',
  'from /po+l/',
  'from (pool a => head 1 pool b pass file f.json => tail 1 get http://h/p)',
  'file data.json',
  'file "a b.json" format json order x desc, y',
  'get http://host/path',
  'get http://host/path format f order t method m headers {a:["b"]} body b',
  'get http://host/path method "m|" body "b|"',
  '(const x = 1 yield x) | head',
  'const x = 1 type port = uint16 func f(a, b): (a+b) op o(x): (const y = 2 yield x+y) yield f(x, 2) | o(1)',
  'op nested(): (const k = 3 op inner(): (yield k) inner()) nested()',
  'func none(): (1) yield none()',
];

describe('formatQuery', () => {
  test.each(explicit)('parses back to the same tree: %s', (q) => {
    const tree = parseQuery(q);
    const text = formatQuery(tree);
    expect(stripLoc(parseQuery(text))).toEqual(stripLoc(tree));
    expect(canon(text)).toBe(text);
  });

  test('lays out implied operators under their names', () => {
    expect(canon('a')).toBe('search a');
    expect(canon('a b or c')).toBe('search a and b or c');
    expect(canon('*')).toBe('where true');
    expect(canon('x==1')).toBe('where x==1');
    expect(canon('has(x)')).toBe('where has(x)');
    expect(canon('is(<int64>) foo')).toBe('search is(<int64>) and foo');
    expect(canon('{a:1}')).toBe('yield {a:1}');
    expect(canon('1+1')).toBe('yield 1+1');
    expect(canon('x:=1,y:=2')).toBe('put x:=1,y:=2');
    expect(canon('n:=count()')).toBe('summarize\n    n:=count()');
    expect(canon('count()')).toBe('summarize\n    count()');
    expect(canon('sum(x) by y')).toBe('summarize\n    sum(x) by y');
    // Any other call may be a user operator's: it stays as written.
    expect(canon('myop(1, "a")')).toBe('myop(1, "a")');
  });

  test('indents legs, blocks and lateral expressions', () => {
    expect(canon('file f | fork (=> count() by k => where x | head 1) | sort y')).toBe(
      'file f\n| fork (\n  =>\n    summarize\n        count() by k\n  =>\n    where x\n    | head 1\n)\n| sort y',
    );
    expect(canon('switch k (case "x" => yield 1 default => pass)')).toBe(
      'switch k (\n  case "x" =>\n    yield 1\n  default =>\n    pass\n)',
    );
    expect(canon('from (file a => head 1 pool b)')).toBe('from (\n  file a =>\n    head 1\n  pool b\n)');
    expect(canon('inner join (file r) on a=b c:=d')).toBe('join (\n  file r\n) on a=b c:=d');
    expect(canon('yield (over a with b=c | d)')).toBe('yield (\n  over a with b=c\n  | search d\n)');
    expect(canon('fork (=> yield (over a | b))')).toBe('fork (\n  =>\n    yield (\n      over a\n      | search b\n    )\n)');
    expect(canon('where grep(x, over a | b)')).toBe('where grep(x,(\n    over a\n    | search b\n  ))');
    expect(canon('collect(over a | b)')).toBe('summarize\n    collect((\n      over a\n      | search b\n    ))');
    expect(canon('func f(n): (n<=1 ? n : f(n-1)) op g(): (pass) g()')).toBe(
      'func f(n): (\n  (n<=1) ? n : f(n-1)\n)\nop g(): (\n  pass\n)\ng()',
    );
  });

  test('quotes names that are not identifiers and escapes glob characters', () => {
    expect(canon('yield {"a b":1,c:2}')).toBe('yield {"a b":1,c:2}');
    expect(canon('yield <{"a b":int64}>')).toBe('yield <{"a b":int64}>');
    expect(canon('A\\=b*')).toBe('search A\\=b*');
    expect(canon('A\\=b*')).toBe(canon(canon('A\\=b*')));
  });

  // Implied operators change the tree (an OpExpr becomes a Search, Where or
  // Yield) but not the program: the plan is the same, and the text a fixpoint.
  // A bare aggregation is the exception, as in Zed: `count()` yields the bare
  // count while `summarize count()` yields a record.
  const implied = [
    'a b', 'x==1 or y', 'has(a)', '{a:x+1,b:y-1}', 'x:=1,y:=lower(s)', 'n:=count(),sum(x) by k',
    'widget | count() by color | COLOR := upper(color)', 'file f | a* | /b/ | !c', 'yield 1 | this+1',
  ];
  test.each(implied)('keeps the program of an implied operator: %s', (q) => {
    const text = canon(q);
    expect(canon(text)).toBe(text);
    const plan = (s: string) => analyze(parseQuery(s), { ectx: createEvalContext(new TypeContext()) }).seq;
    expect(plan(text)).toEqual(plan(q));
  });

  test('renders every kind of node', () => {
    const seen = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v !== null && typeof v === 'object') {
        const kind = (v as { kind?: unknown }).kind;
        if (typeof kind === 'string') seen.add(kind);
        Object.values(v).forEach(walk);
      }
    };
    for (const q of explicit) walk(parseQuery(q));
    walk(parseQuery('a:=1'));
    walk(parseQuery('a'));
    const all: readonly (ast.Node['kind'] | 'String' | 'QuotedString' | 'FStringText' | 'FStringExpr')[] = [
      'Scope', 'Parallel', 'Switch', 'From', 'Pool', 'File', 'HTTP', 'Pass', 'Assert', 'Sort', 'Top', 'Cut',
      'Drop', 'Head', 'Tail', 'Where', 'Uniq', 'Put', 'Rename', 'Fuse', 'Shape', 'Join', 'Sample', 'Explode',
      'Merge', 'Over', 'Yield', 'Load', 'Output', 'Debug', 'Summarize', 'Search', 'OpAssignment', 'OpExpr',
      'ConstDecl', 'FuncDecl', 'OpDecl', 'TypeDecl', 'ID', 'Primitive', 'TypeValue', 'Term', 'UnaryExpr',
      'BinaryExpr', 'Conditional', 'Call', 'Cast', 'IndexExpr', 'SliceExpr', 'Grep', 'Glob', 'Regexp',
      'RecordExpr', 'ArrayExpr', 'SetExpr', 'MapExpr', 'OverExpr', 'FString', 'FStringText', 'FStringExpr',
      'TypePrimitive', 'TypeRecord', 'TypeArray', 'TypeSet', 'TypeMap', 'TypeUnion', 'TypeError', 'TypeName',
      'TypeDef', 'TypeField', 'Assignment', 'Agg', 'Case', 'Def', 'Entry', 'Field', 'PoolSpec', 'SortExpr',
      'Spread', 'Trunk', 'VectorValue', 'String', 'QuotedString',
    ];
    expect(all.filter((k) => !seen.has(k))).toEqual([]);
  });
});
