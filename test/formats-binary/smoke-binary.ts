// A runtime-neutral run of the Arrow IPC and Parquet formats: ZSON -> values
// -> arrows -> values -> Parquet -> values -> ZSON, printed to stdout. Node,
// Deno and Bun must print the same. The Parquet engine's bytes come from
// node_modules through node:fs, which all three provide.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ArrowsDecoder, ArrowsEncoder } from '../../src/formats/arrow/index.js';
import { ParquetDecoder, ParquetEncoder, setParquetWasmLoader } from '../../src/formats/parquet/index.js';
import { TypeContext, type Value } from '../../src/zed/index.js';
import { formatValue, parseZsonValue } from '../../src/zson/index.js';

setParquetWasmLoader(() => readFileSync(fileURLToPath(import.meta.resolve('parquet-wasm/esm/parquet_wasm_bg.wasm'))));

const ctx = new TypeContext();
const vals: Value[] = [
  '{a:1,s:"x",t:2018-03-24T17:15:20.600725Z,f:1.5(float32),l:[1,2],m:|{"k":-1}|,r:{ip:10.0.0.1},u:9(uint64)}',
  '{a:-2,s:"ÿ",t:1970-01-01T00:00:00Z,f:-0.25(float32),l:[3],m:|{"j":2}|,r:{ip:null(ip)},u:18446744073709551615(uint64)}',
].map((t) => parseZsonValue(t, ctx));

function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const ae = new ArrowsEncoder();
const arrows = join([ae.write(vals), ae.end()]);
const ad = new ArrowsDecoder(new TypeContext());
const fromArrows = [...ad.push(arrows), ...ad.end()];
const pe = new ParquetEncoder();
const parquet = join([pe.write(fromArrows), pe.end()]);
const pd = new ParquetDecoder(new TypeContext());
pd.push(parquet);
for (const v of pd.end()) console.log(formatValue(v));
console.log(`arrows bytes: ${arrows.length}`);
