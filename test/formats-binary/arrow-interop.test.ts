// Arrow IPC streams from other writers (apache-arrow's own builders and
// writer, arrow-rs through parquet-wasm) read back with Zed's type mapping,
// and what zlake writes is read by apache-arrow, arrow-rs and (through
// arrow-rs's Parquet) DuckDB.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Dictionary,
  Field,
  Float64,
  Int32,
  List,
  RecordBatchStreamWriter,
  SparseUnion,
  Table,
  Utf8,
  Utf8View,
  makeBuilder,
  tableFromArrays,
  tableFromIPC,
  tableToIPC,
  vectorFromArray,
} from 'apache-arrow';
import { DuckDBInstance } from '@duckdb/node-api';
import { lz4ArrowStream } from '../support/arrow-lz4.js';
import { Table as WasmTable, readParquet, writeParquet } from 'parquet-wasm/esm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ArrowsDecoder, ArrowsEncoder } from '../../src/formats/arrow/index.js';
import { ParquetDecoder } from '../../src/formats/parquet/index.js';
import { ensureParquetWasm } from '../../src/formats/parquet/wasm.js';
import { TypeContext } from '../../src/zed/index.js';
import { parseZsonValue } from '../../src/zson/index.js';
import { decodeWith, encodeWith, useParquetWasm, zsonLines, type Chunking } from './support.js';

beforeAll(() => {
  useParquetWasm();
  ensureParquetWasm();
});

const chunkings: Chunking[] = ['whole', 'bytes', 'random'];

function readArrows(bytes: Uint8Array, chunking: Chunking = 'whole'): string[] {
  return zsonLines(decodeWith(new ArrowsDecoder(new TypeContext()), bytes, chunking));
}

describe('Arrow IPC streams written by apache-arrow', () => {
  it('reads dictionaries, sparse unions, views and the writer\'s other types', () => {
    const ub = makeBuilder({
      type: new SparseUnion([0, 1], [new Field('i', new Int32()), new Field('s', new Utf8())]),
      // apache-arrow's union builder option (not in its BuilderOptions type).
      ...{ valueToChildTypeId: (_b: unknown, v: unknown) => (typeof v === 'number' ? 0 : 1) },
    });
    for (const x of [7, 'seven', 8]) ub.append(x);
    const table = new Table({
      d: vectorFromArray(['red', 'blue', null], new Dictionary(new Utf8(), new Int32())),
      u: ub.finish().toVector(),
      v: vectorFromArray(['tiny', 'a string longer than twelve bytes', null], new Utf8View()),
      n: vectorFromArray([1.5, null, -2], new Float64()),
      l: vectorFromArray([[1, 2], [], null], new List(new Field('item', new Float64(), true))),
    });
    const bytes = tableToIPC(table, 'stream');
    const want = [
      '{d:"red",u:7(int32)((int32,string)),v:"tiny",n:1.5,l:[1.,2.]}',
      '{d:"blue",u:"seven"((int32,string)),v:"a string longer than twelve bytes",n:null(float64),l:[]([float64])}',
      '{d:null(string),u:8(int32)((int32,string)),v:null(string),n:-2.,l:null([float64])}',
    ];
    for (const c of chunkings) expect(readArrows(bytes, c)).toEqual(want);
  });

  it('reads a stream in the legacy format (no continuation markers), across many batches', () => {
    const t = tableFromArrays({ i: Int32Array.from({ length: 3000 }, (_, i) => i), s: Array.from({ length: 3000 }, (_, i) => `k${i % 5}`) });
    const batches = [t.slice(0, 1000), t.slice(1000, 2500), t.slice(2500)].flatMap((x) => x.batches);
    const w = new RecordBatchStreamWriter({ writeLegacyIpcFormat: true });
    for (const b of batches) w.write(b);
    w.finish();
    const bytes = w.toUint8Array(true);
    const got = readArrows(bytes, 'random');
    expect(got).toHaveLength(3000);
    expect(got[0]).toBe('{i:0(int32),s:"k0"}');
    expect(got[2999]).toBe('{i:2999(int32),s:"k4"}');
  });
});

describe('LZ4-compressed Arrow IPC streams', () => {
  it('read back (apache-arrow writes them with an LZ4 frame codec)', () => {
    new ArrowsDecoder(new TypeContext()); // registers the LZ4 decoder
    const t = tableFromArrays({ i: Int32Array.from({ length: 5000 }, (_, i) => i % 100), s: Array.from({ length: 5000 }, (_, i) => `repeat ${i % 3}`) });
    const bytes = lz4ArrowStream(t);
    expect(bytes.length).toBeLessThan(tableToIPC(t, 'stream').length / 2);
    const got = readArrows(bytes, 'random');
    expect(got).toHaveLength(5000);
    expect(got[4321]).toBe('{i:21(int32),s:"repeat 1"}');
  });
});

describe('Arrow IPC streams written by arrow-rs (parquet-wasm)', () => {
  it('read the same as the Parquet file they came from', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zlake-arrow-'));
    const f = join(dir, 'd.parquet');
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    await con.run(`COPY (SELECT i, (i % 256)::UTINYINT small, 'v' || i s, [i, -i] a, {'x': i / 3} r, DATE '2000-01-01' + i::INTEGER dt
      FROM range(5000) t(i)) TO '${f}' (FORMAT parquet, ROW_GROUP_SIZE 2048)`);
    con.closeSync();
    const file = new Uint8Array(await import('node:fs').then((fs) => fs.readFileSync(f)));
    const ipc = readParquet(file).intoIPCStream();
    const fromParquet = zsonLines(decodeWith(new ParquetDecoder(new TypeContext()), file));
    expect(readArrows(ipc, 'random')).toEqual(fromParquet);
    expect(fromParquet[4999]).toBe('{i:4999,small:135(uint8),s:"v4999",a:[4999,-4999],r:{x:1666.3333333333333},dt:2013-09-08T00:00:00Z(=arrow_date32)}');
  });
});

describe('Arrow IPC streams written by zlake', () => {
  const ctx = new TypeContext();
  const vals = Array.from({ length: 2100 }, (_, i) =>
    parseZsonValue(`{i:${i},s:"s${i}",f:${i}.25,b:${i % 2 === 0},t:2020-01-01T00:00:${String(i % 60).padStart(2, '0')}Z,a:[${i},${i * 2}],r:{ip:10.0.0.${i % 256}}}`, ctx),
  );
  const bytes = encodeWith(new ArrowsEncoder(), vals);

  it('are read by apache-arrow', () => {
    const t = tableFromIPC(bytes);
    expect(t.numRows).toBe(2100);
    expect(t.batches).toHaveLength(3); // 1024-row batches, as Zed writes them
    const row = t.get(1234)!.toJSON() as Record<string, unknown>;
    expect(row['i']).toBe(1234n);
    expect(row['s']).toBe('s1234');
    expect(row['f']).toBe(1234.25);
    expect(row['b']).toBe(true);
    expect(String(t.schema.fields.map((f) => f.type))).toBe('Int64,Utf8,Float64,Bool,Timestamp<NANOSECOND>,List<Int64>,Struct<{ip:Utf8}>');
    expect((t.getChild('r')!.get(1234)!.toJSON() as Record<string, unknown>)['ip']).toBe('10.0.0.210');
  });

  it('are read by arrow-rs, whose Parquet DuckDB then reads', async () => {
    const pq = writeParquet(WasmTable.fromIPCStream(bytes));
    const dir = mkdtempSync(join(tmpdir(), 'zlake-arrow-'));
    const f = join(dir, 'via-rs.parquet');
    writeFileSync(f, pq);
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    const r = await con.runAndReadAll(`SELECT count(*), sum(i), sum(len(a)), count(DISTINCT r.ip), max(t)::VARCHAR FROM read_parquet('${f}')`);
    con.closeSync();
    expect(r.getRowsJS()[0]!.map((x) => (typeof x === 'bigint' ? Number(x) : x))).toEqual([2100, 2203950, 4200, 256, '2020-01-01 00:00:59']);
  });

  it('round-trip through zlake\'s reader in any chunking', () => {
    const want = zsonLines(vals).map((s) => s.replace(/ip:(10\.0\.0\.\d+)/, 'ip:"$1"'));
    for (const c of chunkings) expect(readArrows(bytes, c)).toEqual(want);
  });
});
