// Run by runtimes.test.ts under Deno and Bun: the text readers of this area,
// with CSV quoting that goes through the CSV library, print the same ZSON as
// under Node.
import { TypeContext, formatByName } from '../../src/index.js';

const te = new TextEncoder();
const td = new TextDecoder();

function convert(from: string, to: string, text: string): string {
  const dec = formatByName(from)!.decoder!(new TypeContext(), {});
  const values = [...dec.push(te.encode(text)), ...dec.end()];
  const enc = formatByName(to)!.encoder!({ pretty: 0 });
  return [enc.write(values), enc.end()].map((c) => (typeof c === 'string' ? c : td.decode(c))).join('');
}

const zson = (format: string, text: string) => convert(format, 'zson', text);

export const output = [
  zson('csv', 'a,b,c\n1,"x, ""y""\nz",true\n"ab"cd, "q" ,\n'),
  zson('tsv', 'a\tb\n 1\t"x\ty"\n'),
  zson('line', 'one\r\ntwo\n'),
  convert('zson', 'csv', '{s:"a,\\"b\\"",n:1.5,t:{u:" x"}}\n'),
].join('');

// Deno and Bun set import.meta.main when this is the script they run.
if ((import.meta as { main?: boolean }).main === true) console.log(output.trimEnd());
