// Projection: reading only some fields, with Zed's results (the cases of
// runtime/vcache/ztests/projection.yaml), fetching only the segments of those
// fields through ranged reads, with adjacent segments merged into one read.
import { describe, expect, it } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { encodeVng, openVng, openVngBytes, type Segment } from './index.js';
import { countingSource, zsonText, zsonValues } from './test-helpers.js';

const input = `{x:1,y:2,s:"foo"}
{x:3,y:4}
{x:3,y:4,s:"bar"}
{x:3,y:4}
{s:"baz",w:{y:5}}
`;

async function project(text: string, paths: string[]): Promise<string> {
  const obj = await openVng(countingSource(encodeVng(zsonValues(text, new TypeContext()))));
  return zsonText(await obj.project(paths).toArray());
}

describe('VNG projection', () => {
  it('gives the records of Zed projection.yaml', async () => {
    expect(await project(input, ['x', 'y', 'z'])).toBe(`{x:1,y:2,z:error("missing")}
{x:3,y:4,z:error("missing")}
{x:3,y:4,z:error("missing")}
{x:3,y:4,z:error("missing")}
{x:error("missing"),y:error("missing"),z:error("missing")}
`);
    expect(await project(input, ['s'])).toBe(`{s:"foo"}
{s:error("missing")}
{s:"bar"}
{s:error("missing")}
{s:"baz"}
`);
    expect(await project(input, ['x', 's'])).toBe(`{x:1,s:"foo"}
{x:3,s:error("missing")}
{x:3,s:"bar"}
{x:3,s:error("missing")}
{x:error("missing"),s:"baz"}
`);
    expect(await project(input, ['s', 'x'])).toBe(`{s:"foo",x:1}
{s:error("missing"),x:3}
{s:"bar",x:3}
{s:error("missing"),x:3}
{s:"baz",x:error("missing")}
`);
    expect(await project(input, ['y', 'w.y'])).toBe(`{y:2,w:error("missing")}
{y:4,w:error("missing")}
{y:4,w:error("missing")}
{y:4,w:error("missing")}
{y:error("missing"),w:{y:5}}
`);
  });

  it('keeps null records null, narrows nested paths and reads containers whole', async () => {
    const text = `{a:{b:1,c:"x"},n:[1,2],t:1(=t)}
{a:null({b:int64,c:string}),n:null([int64]),t:2(t)}
{a:{b:null(int64),c:"y"},n:[]([int64]),t:3(t)}
`;
    expect(await project(text, ['a.b', 'n'])).toBe(`{a:{b:1},n:[1,2]}
{a:null({b:int64}),n:null([int64])}
{a:{b:null(int64)},n:[]([int64])}
`);
    // "a" then "a.c" is "a.c", as in Zed's insertPath.
    expect(await project(text, ['a', 'a.c'])).toBe(`{a:{c:"x"}}
{a:null({c:string})}
{a:{c:"y"}}
`);
    // A path through a primitive makes it missing, names kept.
    expect(await project(text, ['t.x'])).toBe('{t:error("missing")(=t)}\n'.repeat(3));
    expect(await project('1\n"s"\n', ['x'])).toBe('error("missing")\nerror("missing")\n');
  });

  it('reads only the segments of the projected columns', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 2000; i++) {
      lines.push(
        `{ts:${1_600_000_000_000 + i * 7919},uid:"C${(i * 2654435761) % 99991}x${i}",proto:"${['tcp', 'udp', 'icmp'][i % 3]}",` +
          `service:"${['http', 'dns', 'ssh', 'ssl'][i % 4]}",bytes:${(i * 7919) % 100003},note:"${'n'.repeat(i % 50)}"}`,
      );
    }
    const file = encodeVng(zsonValues(lines.join('\n'), new TypeContext()));
    const src = countingSource(file);
    const obj = await openVng(src, { prefetch: 0 });
    const opened = src.bytesRead();
    expect(opened).toBe(16 + obj.header.metaSize);
    const scan = obj.project(['proto', 'service']);
    const want = scan.segments;
    const values = await scan.toArray();
    expect(values).toHaveLength(2000);
    expect(zsonText(values.slice(0, 2))).toBe('{proto:"tcp",service:"http"}\n{proto:"udp",service:"dns"}\n');
    const read = src.bytesRead() - opened;
    const stored = (s: Segment) => (s.compression === 0 ? s.memLength : s.length);
    expect(read).toBe(want.reduce((n, s) => n + stored(s), 0));
    // Two dictionary columns: a few KB of a file of more than 30.
    expect(read).toBeLessThan(5000);
    expect(file.length).toBeGreaterThan(30_000);
    const all = openVngBytes(file).segmentsFor();
    expect(all.length).toBeGreaterThan(want.length);
  });

  it('merges touching segments into one read and can bridge gaps', async () => {
    const text = '{a:1,b:"x"}\n{a:2,b:"y"}\n{a:3,b:"z"}\n{a:4,b:"w"}\n';
    const file = encodeVng(zsonValues(text, new TypeContext()));
    const src = countingSource(file);
    const obj = await openVng(src);
    src.reads.length = 0;
    // a and b are dictionary columns stored back to back.
    expect(zsonText(await obj.scan().toArray())).toBe(text);
    expect(src.reads).toHaveLength(1);
    src.reads.length = 0;
    await obj.project(['a']).toArray();
    expect(src.reads).toEqual([{ offset: obj.dataOffset, length: 4 }]);
  });

  it('reports the types of what a projection yields', async () => {
    const obj = openVngBytes(encodeVng(zsonValues(input, new TypeContext())));
    const ctx = new TypeContext();
    expect(obj.types(ctx, ['x']).length).toBeGreaterThan(0);
    expect(obj.length).toBe(5);
  });
});

describe('VNG random access', () => {
  it('gives the same values whether or not it shares Value objects', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) {
      lines.push(
        i % 7 === 0
          ? `{p:null(string),q:${i % 3},r:{x:"${i % 2}"},id:${i}}`
          : `{p:"${['a', 'b', 'c'][i % 3]}",q:${i % 3},r:{x:"${i % 2}"},id:${i},t:null(string)}`,
      );
      if (i % 11 === 0) lines.push(`"${i % 4}"`, `{}`, `null({a:int64})`);
    }
    const file = encodeVng(zsonValues(lines.join('\n'), new TypeContext()));
    for (const paths of [[], ['p', 'q', 'r'], ['p', 'r.x'], ['id', 't']]) {
      const a = await openVngBytes(file).project(paths, { batchSize: 100 }).toArray();
      const b = await openVngBytes(file).project(paths, { batchSize: 100, shareValues: false }).toArray();
      expect(zsonText(a), paths.join(',')).toBe(zsonText(b));
      expect(a.length).toBe(b.length);
    }
    // Shared values are the same objects; unshared ones never are.
    const shared = await openVngBytes(file).project(['q']).toArray();
    expect(new Set(shared).size).toBeLessThan(20);
    const own = await openVngBytes(file).project(['q'], { shareValues: false }).toArray();
    expect(new Set(own).size).toBe(own.length);
  });
});
