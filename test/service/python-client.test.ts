// Zed's own Python client (python/zed/zed.py of Zed v1.18.0) against a real
// server: create a pool, load, query. The client comes from the Zed source
// mirror at test time (test/support/python-client.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPythonClient, runPython, unavailable } from '../support/python-client.js';
import { testServer, type TestServer } from './server.js';

const why = unavailable();
if (why !== null) console.log(`python client test skipped: ${why}`);

describe.skipIf(why !== null)('Zed\'s Python client against zlake', () => {
  let s: TestServer;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    s = await testServer();
    dir = mkdtempSync(join(tmpdir(), 'zlake-python-'));
    env = { ...process.env, PYTHONPATH: installPythonClient(dir), ZED_LAKE: s.url, HOME: dir };
  }, 120_000);
  afterAll(async () => {
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const py = (script: string) => runPython(script, env, dir);

  it('creates a pool, loads data and queries it', async () => {
    const r = await py(`
import json, zed
c = zed.Client()
c.create_pool('py', layout={'order': 'asc', 'keys': [['ts']]})
c.load('py', '{"ts":1,"s":"a","d":"1s"}\\n{"ts":2,"s":"b","d":"2s"}\\n', commit_author='tester', commit_body='from python')
c.load('py', b'{ts:3,s:"c",t:2024-01-01T00:00:00Z,ip:10.0.0.1,dur:1m30s}')
rows = list(c.query('from py | sort ts'))
print(json.dumps([{k: str(v) for k, v in r.items()} for r in rows]))
print(json.dumps(list(c.query('from py | count()'))))
`);
    expect(r.err).toBe('');
    expect(r.status).toBe(0);
    const [rows, count] = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toEqual([
      { ts: '1', s: 'a', d: '1s' },
      { ts: '2', s: 'b', d: '2s' },
      { ts: '3', s: 'c', t: '2024-01-01 00:00:00+00:00', ip: '10.0.0.1', dur: '0:01:30' },
    ]);
    expect(count).toEqual([3]);
  });

  it('raises RequestError with the server\'s message', async () => {
    const r = await py(`
import zed
c = zed.Client()
for f in (lambda: c.create_pool('py'), lambda: list(c.query('from nosuch'))):
    try:
        f()
    except zed.RequestError as e:
        print(e.response.status_code, str(e).split(' at line')[0])
`);
    expect(r.status).toBe(0);
    expect(r.out).toBe('409 py: pool already exists\n400 nosuch: pool not found\n');
  });
});
