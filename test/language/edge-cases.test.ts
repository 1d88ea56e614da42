// Every function, aggregate and operator of issue #3 on the edge cases the
// issue names: null, a missing field, an error value, mixed types and empty
// input. The expected outputs were checked against Zed v1.18.0's documented
// and implemented behaviour (a function's type check comes before its null
// check, so most string and number functions wrap null in an error;
// aggregates skip missing values; join's subquery gets the same input).
import { describe, expect, it } from 'vitest';
import { runQuery } from '../support/run-query.js';

// [name, call on x, on {x:null}, on {y:1} (x missing), on {x:error("boom")}, on {x:[1,"a"]} (mixed types)]
const functions: [string, string, string, string, string, string][] = [
  ["abs","abs(x)","error({message:\"abs: not a number\",on:null})","error({message:\"abs: not a number\",on:error(\"missing\")})","error({message:\"abs: not a number\",on:error(\"boom\")})","error({message:\"abs: not a number\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["base64","base64(x)","error({message:\"base64: argument must a bytes or string type\",on:null})","error({message:\"base64: argument must a bytes or string type\",on:error(\"missing\")})","error({message:\"base64: argument must a bytes or string type\",on:error(\"boom\")})","error({message:\"base64: argument must a bytes or string type\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["bucket","bucket(x, 1s)","null(time)","error({message:\"bucket: first argument is not a time\",on:error(\"missing\")})","error({message:\"bucket: first argument is not a time\",on:error(\"boom\")})","error({message:\"bucket: first argument is not a time\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["cast","cast(x, <string>)","null(string)","error(\"missing\")","error(\"boom\")","\"[1,\\\"a\\\"]\""],
  ["ceil","ceil(x)","error({message:\"ceil: not a number\",on:null})","error({message:\"ceil: not a number\",on:error(\"missing\")})","error({message:\"ceil: not a number\",on:error(\"boom\")})","error({message:\"ceil: not a number\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["cidr_match","cidr_match(10.0.0.0/8, x)","false","false","false","false"],
  ["coalesce","coalesce(x, 1)","1","1","error(\"boom\")","[1,\"a\"]"],
  ["compare","compare(x, 1)","1","1","1","1"],
  ["crop","crop(x, <{a:int64}>)","null({a:int64})","error(\"missing\")","error(\"boom\")","[1,\"a\"]"],
  ["error","error(x)","null(error(null))","error(error(\"missing\"))","error(error(\"boom\"))","error([1,\"a\"])(error([(int64,string)]))"],
  ["every","every(1h)","error({message:\"every: first argument is not a time\",on:error(\"missing\")})","error({message:\"every: first argument is not a time\",on:error(\"missing\")})","error({message:\"every: first argument is not a time\",on:error(\"missing\")})","error({message:\"every: first argument is not a time\",on:error(\"missing\")})"],
  ["fields","fields(x)","error(\"missing\")","error(\"missing\")","error(\"missing\")","error(\"missing\")"],
  ["fill","fill(x, <{a:int64}>)","null({a:int64})","error(\"missing\")","error(\"boom\")","[1,\"a\"]"],
  ["flatten","flatten(x)","null","error(\"missing\")","error(\"boom\")","[1,\"a\"]"],
  ["floor","floor(x)","error({message:\"floor: not a number\",on:null})","error({message:\"floor: not a number\",on:error(\"missing\")})","error({message:\"floor: not a number\",on:error(\"boom\")})","error({message:\"floor: not a number\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["grep","grep(\"a\", x)","false","false","false","true"],
  ["grok","grok(\"%{WORD:w}\", x)","error({message:\"grok(): input argument must be a string\",on:null})","error({message:\"grok(): input argument must be a string\",on:error(\"missing\")})","error({message:\"grok(): input argument must be a string\",on:error(\"boom\")})","error({message:\"grok(): input argument must be a string\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["has","has(x)","true","false","error(\"boom\")","true"],
  ["has_error","has_error(x)","false","true","true","false"],
  ["hex","hex(x)","error({message:\"base64: argument must a bytes or string type\",on:null})","error({message:\"base64: argument must a bytes or string type\",on:error(\"missing\")})","error({message:\"base64: argument must a bytes or string type\",on:error(\"boom\")})","error({message:\"base64: argument must a bytes or string type\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["is","is(x, <int64>)","false","false","false","false"],
  ["is_error","is_error(x)","false","true","true","false"],
  ["join","join(x, \",\")","error({message:\"join: array of string arg required\",on:null})","error({message:\"join: array of string arg required\",on:error(\"missing\")})","error({message:\"join: array of string arg required\",on:error(\"boom\")})","error({message:\"join: array of string arg required\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["kind","kind(x)","\"primitive\"","\"error\"","\"error\"","\"array\""],
  ["ksuid","ksuid(x)","error({message:\"ksuid: argument must a bytes or string type\",on:null})","error({message:\"ksuid: argument must a bytes or string type\",on:error(\"missing\")})","error({message:\"ksuid: argument must a bytes or string type\",on:error(\"boom\")})","error({message:\"ksuid: argument must a bytes or string type\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["len","len(x)","0","error({message:\"len()\",on:error(\"missing\")})","error({message:\"len()\",on:error(\"boom\")})","2"],
  ["levenshtein","levenshtein(x, \"a\")","error({message:\"levenshtein: string args required\",on:null})","error({message:\"levenshtein: string args required\",on:error(\"missing\")})","error({message:\"levenshtein: string args required\",on:error(\"boom\")})","error({message:\"levenshtein: string args required\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["log","log(x)","error({message:\"log: not a number\",on:null})","error({message:\"log: not a number\",on:error(\"missing\")})","error({message:\"log: not a number\",on:error(\"boom\")})","error({message:\"log: not a number\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["lower","lower(x)","error({message:\"lower: string arg required\",on:null})","error({message:\"lower: string arg required\",on:error(\"missing\")})","error({message:\"lower: string arg required\",on:error(\"boom\")})","error({message:\"lower: string arg required\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["map","map(x, lower)","error({message:\"not an array or set\",on:{x:null}})","error(\"missing\")","error(\"boom\")","[error({message:\"lower: string arg required\",on:1}),\"a\"]"],
  ["missing","missing(x)","false","true","error(\"boom\")","false"],
  ["nameof","nameof(x)","error(\"missing\")","error(\"missing\")","error(\"missing\")","error(\"missing\")"],
  ["nest_dotted","nest_dotted(x)","null","error(\"missing\")","error(\"boom\")","[1,\"a\"]"],
  ["network_of","network_of(x)","error({message:\"network_of: not an IP\",on:null})","error({message:\"network_of: not an IP\",on:error(\"missing\")})","error({message:\"network_of: not an IP\",on:error(\"boom\")})","error({message:\"network_of: not an IP\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["order","order(x, <{a:int64}>)","null({a:int64})","error(\"missing\")","error(\"boom\")","[1,\"a\"]"],
  ["parse_uri","parse_uri(x)","error({message:\"parse_uri: non-empty string arg required\",on:null})","error({message:\"parse_uri: non-empty string arg required\",on:error(\"missing\")})","error({message:\"parse_uri: non-empty string arg required\",on:error(\"boom\")})","error({message:\"parse_uri: non-empty string arg required\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["parse_zson","parse_zson(x)","error({message:\"parse_zson: string arg required\",on:null})","error({message:\"parse_zson: string arg required\",on:error(\"missing\")})","error({message:\"parse_zson: string arg required\",on:error(\"boom\")})","error({message:\"parse_zson: string arg required\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["pow","pow(x, 2)","error({message:\"pow: not a number\",on:null})","error({message:\"pow: not a number\",on:error(\"missing\")})","error({message:\"pow: not a number\",on:error(\"boom\")})","error({message:\"pow: not a number\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["quiet","quiet(x)","null","","error(\"boom\")","[1,\"a\"]"],
  ["regexp","regexp(\"a\", x)","error({message:\"regexp: string required for second arg\",on:null})","error({message:\"regexp: string required for second arg\",on:error(\"missing\")})","error({message:\"regexp: string required for second arg\",on:error(\"boom\")})","error({message:\"regexp: string required for second arg\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["regexp_replace","regexp_replace(x, \"a\", \"b\")","error({message:\"regexp_replace: string arg required\",on:null})","error({message:\"regexp_replace: string arg required\",on:error(\"missing\")})","error({message:\"regexp_replace: string arg required\",on:error(\"boom\")})","error({message:\"regexp_replace: string arg required\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["replace","replace(x, \"a\", \"b\")","error({message:\"replace: string arg required\",on:null})","error({message:\"replace: string arg required\",on:error(\"missing\")})","error({message:\"replace: string arg required\",on:error(\"boom\")})","error({message:\"replace: string arg required\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["round","round(x)","error({message:\"round: not a number\",on:null})","error({message:\"round: not a number\",on:error(\"missing\")})","error({message:\"round: not a number\",on:error(\"boom\")})","error({message:\"round: not a number\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["rune_len","rune_len(x)","error({message:\"rune_len: string arg required\",on:null})","error({message:\"rune_len: string arg required\",on:error(\"missing\")})","error({message:\"rune_len: string arg required\",on:error(\"boom\")})","error({message:\"rune_len: string arg required\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["shape","shape(x, <{a:int64}>)","null({a:int64})","error(\"missing\")","error(\"boom\")","[1,\"a\"]"],
  ["split","split(x, \",\")","error({message:\"split: string arg required\",on:null})","error({message:\"split: string arg required\",on:error(\"missing\")})","error({message:\"split: string arg required\",on:error(\"boom\")})","error({message:\"split: string arg required\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["sqrt","sqrt(x)","error({message:\"sqrt: not a number\",on:null})","error({message:\"sqrt: not a number\",on:error(\"missing\")})","error({message:\"sqrt: not a number\",on:error(\"boom\")})","error({message:\"sqrt: not a number\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["strftime","strftime(\"%Y\", x)","error({message:\"strftime: time value required for time arg\",on:null})","error({message:\"strftime: time value required for time arg\",on:error(\"missing\")})","error({message:\"strftime: time value required for time arg\",on:error(\"boom\")})","error({message:\"strftime: time value required for time arg\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["trim","trim(x)","error({message:\"trim: string arg required\",on:null})","error({message:\"trim: string arg required\",on:error(\"missing\")})","error({message:\"trim: string arg required\",on:error(\"boom\")})","error({message:\"trim: string arg required\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["typename","typename(x)","error({message:\"typename: first argument not a string\",on:null})","error({message:\"typename: first argument not a string\",on:error(\"missing\")})","error({message:\"typename: first argument not a string\",on:error(\"boom\")})","error({message:\"typename: first argument not a string\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"],
  ["typeof","typeof(x)","<null>","<error(string)>","<error(string)>","<[(int64,string)]>"],
  ["typeunder","typeunder(x)","<null>","<error(string)>","<error(string)>","<[(int64,string)]>"],
  ["under","under(x)","null","\"missing\"","\"boom\"","[1,\"a\"]"],
  ["unflatten","unflatten(x)","null","error(\"missing\")","error(\"boom\")","{}"],
  ["upper","upper(x)","error({message:\"upper: string arg required\",on:null})","error({message:\"upper: string arg required\",on:error(\"missing\")})","error({message:\"upper: string arg required\",on:error(\"boom\")})","error({message:\"upper: string arg required\",on:[1,\"a\"]})(error({message:string,on:[(int64,string)]}))"]
];

// [query, on no input, on {x:null}, on {y:1}, on {x:error("boom")}, on {x:1} {x:"a"} {x:2.5}]
// (a query that starts with yield runs once on null when there is no input, as zq runs it)
const aggregates: [string, string, string, string, string, string][] = [
  ["and(x)","","null(bool)","null(bool)","null(bool)","null(bool)"],
  ["any(x)","","null","null","error(\"boom\")","1"],
  ["avg(x)","","null(float64)","null(float64)","null(float64)","1.75"],
  ["collect(x)","","null","null","[error(\"boom\")]","[1,\"a\",2.5]"],
  ["collect_map(|{\"k\":x}|)","","|{\"k\":null}|","|{\"k\":error(\"missing\")}|","|{\"k\":error(\"boom\")}|","|{\"k\":2.5}|"],
  ["count(x)","","1(uint64)","0(uint64)","1(uint64)","3(uint64)"],
  ["dcount(x)","","1(uint64)","0(uint64)","1(uint64)","3(uint64)"],
  ["fuse(x)","","<null>","null(type)","<error(string)>","<(int64,float64,string)>"],
  ["max(x)","","null","null","null","2.5"],
  ["min(x)","","null","null","null","1."],
  ["or(x)","","null(bool)","null(bool)","null(bool)","null(bool)"],
  ["sum(x)","","null","null","null","3.5"],
  ["union(x)","","null","null","|[error(\"boom\")]|","|[1,\"a\",2.5]|"],
  ["s:=sum(x) by k:=typeof(x) | sort k","","{k:<null>,s:null}","{k:<error(string)>,s:null}","{k:<error(string)>,s:null}","{k:<int64>,s:1}\n{k:<float64>,s:2.5}\n{k:<string>,s:null}"],
  ["yield count()","1(uint64)","1(uint64)","1(uint64)","1(uint64)","1(uint64)\n2(uint64)\n3(uint64)"],
  ["yield sum(x)","null","null","null","null","1\n1\n3.5"]
];

// [query, on no input, on {x:null}, on {y:1}, on {x:error("boom")}, on {x:1} {x:"a"} {x:2.5}]
const operators: [string, string, string, string, string, string][] = [
  ["assert x > 0","","error({message:\"assertion failed\",expr:\"x > 0\",on:{x:null}})","error({message:\"?-operator: bool predicate required\",on:error(\"missing\")})","error({message:\"?-operator: bool predicate required\",on:error(\"boom\")})","{x:1}\nerror({message:\"assertion failed\",expr:\"x > 0\",on:{x:\"a\"}})\n{x:2.5}"],
  ["cut x","","{x:null}","{x:error(\"missing\")}","{x:error(\"boom\")}","{x:1}\n{x:\"a\"}\n{x:2.5}"],
  ["drop x","","","{y:1}","",""],
  ["fork (=> pass => count()) | sort this","","1(uint64)\n{x:null}","1(uint64)\n{y:1}","1(uint64)\n{x:error(\"boom\")}","3(uint64)\n{x:1}\n{x:2.5}\n{x:\"a\"}"],
  ["fuse","","{x:null}","{y:1}","{x:error(\"boom\")}","{x:1((int64,float64,string))}\n{x:\"a\"((int64,float64,string))}\n{x:2.5((int64,float64,string))}"],
  ["head 1","","{x:null}","{y:1}","{x:error(\"boom\")}","{x:1}"],
  ["join (head 1 | yield {x:1,v:\"j\"}) on x=x v:=v","","","","","{x:1,v:\"j\"}"],
  ["left join (head 1 | yield {x:1,v:\"j\"}) on x=x v:=v","","{x:null}","","{x:error(\"boom\")}","{x:1,v:\"j\"}\n{x:2.5}\n{x:\"a\"}"],
  ["right join (head 1 | yield {x:1,v:\"j\"}) on x=x v:=v","","{x:1,v:\"j\"}","{x:1,v:\"j\"}","{x:1,v:\"j\"}","{x:1,v:\"j\",v_2:error(\"missing\")}"],
  ["anti join (head 1 | yield {x:1,v:\"j\"}) on x=x","","{x:null}","","{x:error(\"boom\")}","{x:2.5}\n{x:\"a\"}"],
  ["merge x","","{x:null}","{y:1}","{x:error(\"boom\")}","{x:1}\n{x:\"a\"}\n{x:2.5}"],
  ["over x","","null","","error(\"boom\")","1\n\"a\"\n2.5"],
  ["pass","","{x:null}","{y:1}","{x:error(\"boom\")}","{x:1}\n{x:\"a\"}\n{x:2.5}"],
  ["put z:=x","","{x:null,z:null}","{y:1,z:error(\"missing\")}","{x:error(\"boom\"),z:error(\"boom\")}","{x:1,z:1}\n{x:\"a\",z:\"a\"}\n{x:2.5,z:2.5}"],
  ["rename z:=x","","{z:null}","{y:1}","{z:error(\"boom\")}","{z:1}\n{z:\"a\"}\n{z:2.5}"],
  ["sample x","","null","null","error(\"boom\")","1\n\"a\"\n2.5"],
  ["search 1","","","{y:1}","","{x:1}"],
  ["sort x","","{x:null}","{y:1}","{x:error(\"boom\")}","{x:1}\n{x:2.5}\n{x:\"a\"}"],
  ["summarize c:=count() by x","","{x:null,c:1(uint64)}","{x:error(\"missing\"),c:1(uint64)}","{x:error(\"boom\"),c:1(uint64)}","{x:1,c:1(uint64)}\n{x:\"a\",c:1(uint64)}\n{x:2.5,c:1(uint64)}"],
  ["switch x (case 1 => yield \"one\" default => yield \"other\")","","\"other\"","","\"other\"","\"one\"\n\"other\"\n\"other\""],
  ["tail 1","","{x:null}","{y:1}","{x:error(\"boom\")}","{x:2.5}"],
  ["top 1 x","","{x:null}","{y:1}","{x:error(\"boom\")}","{x:\"a\"}"],
  ["uniq -c","","{value:{x:null},count:1(uint64)}","{value:{y:1},count:1(uint64)}","{value:{x:error(\"boom\")},count:1(uint64)}","{value:{x:1},count:1(uint64)}\n{value:{x:\"a\"},count:1(uint64)}\n{value:{x:2.5},count:1(uint64)}"],
  ["where x == 1","","","","","{x:1}"],
  ["yield x","error(\"missing\")","null","error(\"missing\")","error(\"boom\")","1\n\"a\"\n2.5"],
  ["explode x by int64 as v","","","","error(\"boom\")","{v:1}"],
  ["shape","","{x:null(int64)}","{y:1}","{x:error(\"boom\")}","{x:1}\n{x:\"a\"}\n{x:2.5}"],
  ["load p","ERROR:load operator cannot be used without a lake","ERROR:load operator cannot be used without a lake","ERROR:load operator cannot be used without a lake","ERROR:load operator cannot be used without a lake","ERROR:load operator cannot be used without a lake"]
];

const fnInputs = ['{x:null}', '{y:1}', '{x:error("boom")}', '{x:[1,"a"]}'];
const opInputs = ['', '{x:null}', '{y:1}', '{x:error("boom")}', '{x:1}\n{x:"a"}\n{x:2.5}'];
const opLabels = ['empty input', 'null', 'missing field', 'error value', 'mixed types'];

async function check(query: string, input: string, want: string): Promise<void> {
  if (want.startsWith('ERROR:')) {
    await expect(runQuery(query, input)).rejects.toThrow(want.slice(6));
    return;
  }
  expect((await runQuery(query, input)).trimEnd()).toBe(want);
}

describe('functions on null, missing, error and mixed-type arguments', () => {
  for (const [name, call, ...want] of functions) {
    it(name, async () => {
      for (let i = 0; i < fnInputs.length; i++) await check(`yield ${call}`, `${fnInputs[i]}\n`, want[i]!);
    });
  }
});

describe('aggregates on empty input, null, missing, errors and mixed types', () => {
  for (const [query, ...want] of aggregates) {
    it(query, async () => {
      for (let i = 0; i < opInputs.length; i++) await check(query, opInputs[i] === '' ? '' : `${opInputs[i]}\n`, want[i]!);
    });
  }
});

describe('operators on empty input, null, missing, errors and mixed types', () => {
  for (const [query, ...want] of operators) {
    for (let i = 0; i < opInputs.length; i++) {
      it(`${query} (${opLabels[i]})`, () => check(query, opInputs[i] === '' ? '' : `${opInputs[i]}\n`, want[i]!));
    }
  }
});

describe('every name of issue #3 is in these tables', () => {
  it('functions, aggregates and operators', () => {
    const fns = 'abs base64 bucket cast ceil cidr_match coalesce compare crop error every fields fill flatten floor grep grok has has_error hex is is_error join kind ksuid len levenshtein log lower map missing nameof nest_dotted network_of now order parse_uri parse_zson pow quiet regexp regexp_replace replace round rune_len shape split sqrt strftime trim typename typeof typeunder under unflatten upper';
    const have = new Set(functions.map((f) => f[0]));
    expect(fns.split(' ').filter((f) => f !== 'now' && !have.has(f))).toEqual([]);
    const aggs = 'and any avg collect collect_map count dcount fuse max min or sum union';
    expect(aggs.split(' ').filter((a) => !aggregates.some((r) => r[0].startsWith(`${a}(`)))).toEqual([]);
    const ops = 'assert cut drop fork fuse head join merge over pass put rename sample search sort summarize switch tail top uniq where yield explode shape load';
    expect(ops.split(' ').filter((o) => !operators.some((r) => new RegExp(`(^|\\s)${o}\\b`).test(r[0])))).toEqual([]);
  });
});
