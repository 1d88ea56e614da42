// Bad input (issue #6): truncated or corrupt ZNG, VNG, Parquet and Arrow,
// a CSV with a ragged row, and Zeek lines that do not match their header.
// Through `zlake zq` each ends in exit status 1 and one clear message that
// names the file, the format (binary formats) and the byte offset, row
// group or line. Through a real server, a load of each answers Zed's 400
// body and commits nothing, except where Zed documents otherwise: values
// read before a mid-stream error are committed and the error comes back in
// `warnings`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, zlake } from '../support/zlake.js';
import { testServer, type TestServer } from '../service/server.js';

const dir = tempDir();
const rows = Array.from({ length: 3000 }, (_, i) => `{a:${i},s:"row ${i}"}`).join('\n') + '\n';

function fixture(format: string): Buffer {
  writeFileSync(join(dir, 'rows.zson'), rows);
  const r = zlake(['zq', '-f', format, '-o', `ok.${format}`, 'rows.zson'], '', dir);
  expect(r.status).toBe(0);
  return zlake(['zq', '-i', format, '-f', format, `ok.${format}`], '', dir).stdoutBytes;
}

function truncated(b: Buffer): Buffer<ArrayBuffer> {
  return Buffer.from(b.subarray(0, Math.floor(b.length / 2)));
}

function corrupted(b: Buffer, at: number): Buffer<ArrayBuffer> {
  const c = Buffer.from(b);
  for (let i = at; i < Math.min(c.length, at + 40); i++) c[i]! ^= 0xff;
  return c;
}

interface Case {
  name: string;
  format: string;
  mediaType: string;
  bytes: () => Buffer<ArrayBuffer>;
  /** What zq says after "<file>: ". */
  zq: RegExp;
}

const bin: Record<string, Buffer> = {};
const cases: Case[] = [
  { name: 'truncated ZNG', format: 'zng', mediaType: 'application/x-zng', bytes: () => truncated(bin.zng!), zq: /^zng: (truncated input|malformed zng record) \(the frame at byte offset \d+: the frame has \d+ of its \d+ bytes\)$/ },
  { name: 'corrupt ZNG', format: 'zng', mediaType: 'application/x-zng', bytes: () => corrupted(bin.zng!, 0), zq: /^zng: .+ \(the frame at byte offset \d+/ },
  { name: 'truncated VNG', format: 'vng', mediaType: 'application/x-vng', bytes: () => truncated(bin.vng!), zq: /^VNG input truncated: \d+ bytes read, the header at offset 0 says \d+$/ },
  { name: 'corrupt VNG', format: 'vng', mediaType: 'application/x-vng', bytes: () => corrupted(bin.vng!, 0), zq: /^invalid VNG header \(no VNG magic at offset 0\)$/ },
  { name: 'truncated Parquet', format: 'parquet', mediaType: 'application/x-parquet', bytes: () => truncated(bin.parquet!), zq: /^parquet: not a Parquet file \(no PAR1 magic at both ends\)$/ },
  { name: 'corrupt Parquet', format: 'parquet', mediaType: 'application/x-parquet', bytes: () => corrupted(bin.parquet!, 200), zq: /^parquet: row group 0 of 1: .+/ },
  { name: 'truncated Arrow IPC', format: 'arrows', mediaType: 'application/vnd.apache.arrow.stream', bytes: () => truncated(bin.arrows!), zq: /^arrows: truncated stream: incomplete message at offset \d+$/ },
  { name: 'corrupt Arrow IPC', format: 'arrows', mediaType: 'application/vnd.apache.arrow.stream', bytes: () => corrupted(bin.arrows!, 8), zq: /^arrows: message at offset \d+: .+/ },
];

const zeekHeader = '#separator \\x09\n#fields\ta\tb\n#types\tint\tstring\n';
const textCases = [
  { name: 'CSV with a ragged row', format: 'csv', mediaType: 'text/csv', text: 'a,b\n1,x\n2\n3,y\n', zq: /^record on line 3: wrong number of fields$/, before: 1 },
  { name: 'Zeek line with more values than fields', format: 'zeek', mediaType: 'application/x-zeek', text: `${zeekHeader}1\tx\textra\n`, zq: /^line 4: too many values$/, before: 0 },
  { name: 'Zeek #types that do not match #fields', format: 'zeek', mediaType: 'application/x-zeek', text: '#separator \\x09\n#fields\ta\tb\n#types\tint\n1\tx\n', zq: /^line 4: bad types\/fields definition in zeek header$/, before: 0 },
  { name: 'Zeek value that is not its type', format: 'zeek', mediaType: 'application/x-zeek', text: `${zeekHeader}1\tx\nnope\ty\n`, zq: /^line 5: .+/, before: 1 },
];

beforeAll(() => {
  for (const f of ['zng', 'vng', 'parquet', 'arrows']) bin[f] = fixture(f);
});

describe('zlake zq on bad input', () => {
  for (const c of cases) {
    it(`${c.name}: exit 1, one message naming the file, format and place`, () => {
      const file = `bad-${c.name.replace(/\W+/g, '-')}.${c.format}`;
      writeFileSync(join(dir, file), c.bytes());
      // Named with -i, or (for the formats known by their magic) detected.
      for (const args of ['vng', 'parquet'].includes(c.format) && !c.name.startsWith('corrupt') ? [['-i', c.format], []] : [['-i', c.format]]) {
        const r = zlake(['zq', '-z', ...args, 'pass', file], '', dir);
        expect(r.status).toBe(1);
        const msg = r.stderr.trimEnd();
        expect(msg.startsWith(`${file}: `), msg).toBe(true);
        expect(msg.slice(file.length + 2)).toMatch(c.zq);
      }
    });
  }
  for (const c of textCases) {
    it(`${c.name}: the values before it, then exit 1 with the line`, () => {
      const file = `bad.${c.format === 'csv' ? 'csv' : 'log'}`;
      writeFileSync(join(dir, file), c.text);
      const r = zlake(['zq', '-z', '-i', c.format, 'pass', file], '', dir);
      expect(r.status).toBe(1);
      expect(r.stderr.trimEnd().slice(file.length + 2)).toMatch(c.zq);
      expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(c.before);
    });
  }
});

describe('a load of bad input over HTTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await testServer();
    await s.pool('p', undefined, { order: 'asc', keys: [['a']] });
  });
  afterAll(async () => {
    await s.stop();
  });

  async function tip(): Promise<string> {
    return ((await (await s.req('/pool/p/branch/main', { headers: { Accept: 'application/json' } })).json()) as { commit: string }).commit;
  }

  async function load(body: Uint8Array<ArrayBuffer>, mediaType: string): Promise<Response> {
    return s.req('/pool/p/branch/main', { method: 'POST', body, headers: { Accept: 'application/json', 'Content-Type': mediaType } });
  }

  for (const c of cases) {
    it(`${c.name}: 400 with the reader's message, and nothing committed`, async () => {
      const before = await tip();
      const r = await load(c.bytes(), c.mediaType);
      const body = (await r.json()) as { type: string; kind: string; error: string };
      if (r.status === 200) {
        // A stream cut after whole values: Zed commits those and warns.
        expect(c.format).toBe('arrows');
        expect((body as unknown as { warnings: string[] }).warnings[0]).toMatch(c.zq);
        return;
      }
      expect(r.status).toBe(400);
      expect(body.type).toBe('Error');
      expect(body.kind).toBe('invalid operation');
      expect(body.error).toMatch(c.zq);
      expect(await tip()).toBe(before);
    });
  }

  for (const c of textCases) {
    it(`${c.name}: ${c.before > 0 ? 'the values before it are committed, the error is a warning' : '400, nothing committed'}`, async () => {
      const before = await tip();
      const r = await load(new TextEncoder().encode(c.text), c.mediaType);
      if (c.before === 0) {
        expect(r.status).toBe(400);
        const body = (await r.json()) as { error: string };
        expect(body.error).toMatch(c.zq);
        expect(await tip()).toBe(before);
        return;
      }
      expect(r.status).toBe(200);
      const body = (await r.json()) as { commit: string; warnings: string[] };
      expect(body.warnings).toHaveLength(1);
      expect(body.warnings[0]).toMatch(c.zq);
      expect(await tip()).toBe(body.commit);
      const got = await s.query(`from p@${body.commit} | count()`, 'application/json');
      expect(got).toBeDefined();
    });
  }
});
