// A private PostgreSQL cluster for tests: initdb in a temp folder, started
// with pg_ctl on 127.0.0.1 at a free port, trusting local connections, and
// removed again by stop(). PostgreSQL refuses to run as root, so as root
// (here and in CI) its programs run as the postgres user.

import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Where Debian's postgresql package puts the server's programs (newest version first). */
export async function postgresBin(): Promise<string> {
  const { stdout } = await run('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1']);
  const bin = stdout.trim();
  if (bin === '') throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  return bin;
}

export interface PostgresHandle {
  /** postgres://... of a fresh database in the cluster */
  createDatabase(): Promise<string>;
  readonly port: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

export async function startPostgres(): Promise<PostgresHandle> {
  const bin = await postgresBin();
  const dir = await mkdtemp(join(tmpdir(), 'zlake-pg-'));
  const asRoot = process.getuid?.() === 0;
  const as = async (prog: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, prog), ...args]) : run(join(bin, prog), args);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dir, 'data');
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'zlake', '-E', 'UTF8', '--no-sync']);
  let port = 0;
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      await as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
      break;
    } catch (e) {
      if (attempt >= 2) {
        await rm(dir, { recursive: true, force: true });
        throw e;
      }
    }
  }
  let dbs = 0;
  return {
    port,
    async createDatabase() {
      const name = `lake${dbs++}`;
      const c = new pg.Client({ connectionString: `postgres://zlake@127.0.0.1:${port}/postgres` });
      await c.connect();
      try {
        await c.query(`CREATE DATABASE ${name}`);
      } finally {
        await c.end();
      }
      return `postgres://zlake@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
