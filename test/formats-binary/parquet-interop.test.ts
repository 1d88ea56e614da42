// Parquet from other writers (DuckDB's COPY ... TO, hyparquet-writer) reads
// back with Zed's type mapping, and DuckDB reads what zlake writes, row
// groups and all. Real files in a temp dir; DuckDB in process.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParquetDecoder, ParquetEncoder } from '../../src/formats/parquet/index.js';
import { TypeContext } from '../../src/zed/index.js';
import { parseZsonValue } from '../../src/zson/index.js';
import { decodeWith, encodeWith, useParquetWasm, zsonLines } from './support.js';

let dir: string;
let con: DuckDBConnection;

beforeAll(async () => {
  useParquetWasm();
  dir = mkdtempSync(join(tmpdir(), 'zlake-parquet-'));
  const db = await DuckDBInstance.create(':memory:');
  con = await db.connect();
});

afterAll(() => {
  con?.closeSync();
});

function readParquetFile(path: string, chunking: 'whole' | 'bytes' | 'random' = 'whole'): string[] {
  return zsonLines(decodeWith(new ParquetDecoder(new TypeContext()), new Uint8Array(readFileSync(path)), chunking));
}

describe('Parquet written by DuckDB', () => {
  it('reads every column type with the Arrow names Zed gives them', async () => {
    const f = join(dir, 'types.parquet');
    await con.run(`COPY (
      SELECT i::TINYINT t, i::UTINYINT ut, (i * 300)::SMALLINT s, i::USMALLINT us, -i::INTEGER n, i::UINTEGER un,
        (i * 10000000000)::BIGINT b, i::UBIGINT ub, (i / 4)::FLOAT fl, (i / 8)::DOUBLE d, i % 2 = 0 bo,
        'row ' || i v, ('\\x00\\xff' || i)::BLOB bl, DATE '2021-03-04' + i::INTEGER da,
        TIMESTAMP '2021-03-04 05:06:07.123456' + i * INTERVAL 1 SECOND ts,
        '2021-03-04 05:06:07.123456789'::TIMESTAMP_NS tsn, TIME '23:59:58.5' ti, (i * 1.25)::DECIMAL(18,3) de,
        [i, i + 1] li, {'a': i, 'b': 'x'} st, MAP {'k': i} ma, CASE WHEN i = 0 THEN NULL ELSE i END nu
      FROM range(3) r(i)) TO '${f}' (FORMAT parquet)`);
    const want = [
      '{t:0(int8),ut:0(uint8),s:0(int16),us:0(uint16),n:0(int32),un:0(uint32),b:0,ub:0(uint64),fl:0.(float32),d:0.,bo:true,' +
        'v:"row 0",bl:0x00ff30,da:2021-03-04T00:00:00Z(=arrow_date32),ts:2021-03-04T05:06:07.123456Z(=arrow_timestamp_us),' +
        'tsn:2021-03-04T05:06:07.123456789Z,ti:1970-01-01T23:59:58.5Z(=arrow_time64_us),de:{high:0,low:0(uint64)}(=arrow_decimal128),' +
        'li:[0,1],st:{a:0,b:"x"},ma:|{"k":0}|,nu:null(int64)}',
      '{t:1(int8),ut:1(uint8),s:300(int16),us:1(uint16),n:-1(int32),un:1(uint32),b:10000000000,ub:1(uint64),fl:0.25(float32),d:0.125,bo:false,' +
        'v:"row 1",bl:0x00ff31,da:2021-03-05T00:00:00Z(=arrow_date32),ts:2021-03-04T05:06:08.123456Z(=arrow_timestamp_us),' +
        'tsn:2021-03-04T05:06:07.123456789Z,ti:1970-01-01T23:59:58.5Z(=arrow_time64_us),de:{high:0,low:1250(uint64)}(=arrow_decimal128),' +
        'li:[1,2],st:{a:1,b:"x"},ma:|{"k":1}|,nu:1}',
    ];
    const got = readParquetFile(f);
    expect(got).toHaveLength(3);
    expect(got.slice(0, 2)).toEqual(want);
    expect(readParquetFile(f, 'bytes')).toEqual(got);
  });

  it('reads every row group of a large file in order', async () => {
    const f = join(dir, 'groups.parquet');
    await con.run(`COPY (SELECT i, 'id-' || (i % 97) s, CASE WHEN i % 5 = 0 THEN NULL ELSE i * 0.5 END::DOUBLE x FROM range(30000) r(i))
      TO '${f}' (FORMAT parquet, ROW_GROUP_SIZE 4096)`);
    const groups = await con.runAndReadAll(`SELECT count(DISTINCT row_group_id) n FROM parquet_metadata('${f}')`);
    expect(Number(groups.getRowsJS()[0]![0])).toBeGreaterThan(1);
    const got = readParquetFile(f, 'random');
    expect(got).toHaveLength(30000);
    expect(got[0]).toBe('{i:0,s:"id-0",x:null(float64)}');
    expect(got[12345]).toBe('{i:12345,s:"id-26",x:null(float64)}');
    expect(got[29999]).toBe('{i:29999,s:"id-26",x:14999.5}');
  });
});

describe('Parquet written by zlake, read by DuckDB', () => {
  it('is one file of many row groups that DuckDB reads whole', async () => {
    const ctx = new TypeContext();
    const vals = Array.from({ length: 10000 }, (_, i) =>
      parseZsonValue(`{i:${i},u:${i}(uint32),s:"s${i % 10}",t:${new Date(1700000000000 + i).toISOString()},f:${i}.5,a:[${i},${i + 1}],r:{x:${i % 3 === 0 ? 'null(int64)' : i}}}`, ctx),
    );
    const f = join(dir, 'ours.parquet');
    writeFileSync(f, encodeWith(new ParquetEncoder({ rowGroupRows: 1000 }), vals));
    const meta = await con.runAndReadAll(`SELECT count(DISTINCT row_group_id) FROM parquet_metadata('${f}')`);
    expect(Number(meta.getRowsJS()[0]![0])).toBe(10);
    const agg = await con.runAndReadAll(
      `SELECT count(*), sum(i), sum(u), count(DISTINCT s), max(f), sum(a[2]), count(r.x), min(typeof(t)) FROM read_parquet('${f}')`,
    );
    const row = agg.getRowsJS()[0]!.map((x) => (typeof x === 'bigint' ? Number(x) : x));
    expect(row).toEqual([10000, 49995000, 49995000, 10, 9999.5, 50005000, 6666, 'TIMESTAMP_NS']);
    const first = await con.runAndReadAll(`SELECT t::VARCHAR, a, r FROM read_parquet('${f}') LIMIT 1`);
    expect(first.getRowsJS()[0]![0]).toBe('2023-11-14 22:13:20');
    // And zlake reads its own file back.
    expect(readParquetFile(f)).toHaveLength(10000);
  });
});

describe('Parquet written by hyparquet-writer', () => {
  it('reads its column types and nulls', () => {
    const buf = parquetWriteBuffer({
      columnData: [
        { name: 'name', data: ['ann', null, 'cy'], type: 'STRING' },
        { name: 'n', data: [1, 2, null], type: 'INT32' },
        { name: 'big', data: [1n, -2n, 3n], type: 'INT64' },
        { name: 'x', data: [0.5, null, -1.5], type: 'DOUBLE' },
        { name: 'ok', data: [true, false, null], type: 'BOOLEAN' },
        { name: 'at', data: [new Date(Date.UTC(2020, 0, 2, 3, 4, 5, 6)), null, new Date(0)], type: 'TIMESTAMP' },
        { name: 'raw', data: [Uint8Array.of(1, 2), Uint8Array.of(), null], type: 'BYTE_ARRAY' },
      ],
    });
    const f = join(dir, 'hyparquet.parquet');
    writeFileSync(f, new Uint8Array(buf));
    expect(readParquetFile(f)).toEqual([
      '{name:"ann",n:1(int32),big:1,x:0.5,ok:true,at:2020-01-02T03:04:05.006Z(=arrow_timestamp_ms),raw:0x0102}',
      '{name:null(string),n:2(int32),big:-2,x:null(float64),ok:false,at:null(arrow_timestamp_ms=time),raw:0x}',
      '{name:"cy",n:null(int32),big:3,x:-1.5,ok:null(bool),at:1970-01-01T00:00:00Z(=arrow_timestamp_ms),raw:null(bytes)}',
    ]);
  });
});
