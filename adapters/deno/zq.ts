// `deno task zq [zq flags]`: zlake's zq on Deno, the same command as
// `zlake zq` (adapters/node/zq.ts, through Deno's node: modules).

import { useLocalParquetWasm } from '../local/parquet-wasm.js';
import { runZq, zqUsage } from '../node/zq.js';

// Parquet's WebAssembly engine comes from node_modules, compiled on first use.
useLocalParquetWasm();
const argv = Deno.args;
if (argv[0] === '-h' || argv[0] === '-help' || argv[0] === '--help') {
  await Deno.stdout.write(new TextEncoder().encode(zqUsage));
  Deno.exit(0);
}
// The exit status is set, not exited with: output may still be draining into stdout.
Deno.exitCode = await runZq(argv);
