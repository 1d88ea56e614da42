// A runtime-neutral smoke run of the engine: ZSON text -> values -> ZNG ->
// values -> ZSON, printed to stdout. Node, Deno and Bun must print the same.
import { TypeContext, formatByName } from '../../src/index.js';

const text = `{a:1,b:"x",c:[1,2],d:10.0.0.1,e:2018-03-24T17:15:20.600725Z,f:1.5(float32)}
{g:|{"k":-1}|,h:%HEADS(enum(HEADS,TAILS)),i:error("boom"),j:<{x:int64}>,k:-9223372036854775808}
`;

function run(name: string, input: Uint8Array, out: string): Uint8Array {
  const f = formatByName(name)!;
  const dec = f.decoder!(new TypeContext(), {});
  const values = [...dec.push(input), ...dec.end()];
  const enc = formatByName(out)!.encoder!({ pretty: 0 });
  const parts = [enc.write(values), enc.end()].map((c) => (typeof c === 'string' ? new TextEncoder().encode(c) : c));
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    all.set(p, off);
    off += p.length;
  }
  return all;
}

const zng = run('zson', new TextEncoder().encode(text), 'zng');
const back = new TextDecoder().decode(run('zng', zng, 'zson'));
console.log(back.trimEnd());
console.log(`zng bytes: ${zng.length}`);
