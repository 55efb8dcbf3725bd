import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/*
 * A throwaway PostgreSQL server for tests: the system's PostgreSQL (apt package `postgresql`,
 * installed by scripts/ensure-system-packages.sh), a cluster made with initdb in a temporary
 * folder, listening on 127.0.0.1 on a free port, stopped and deleted at the end. Run as the
 * `postgres` user when the tests run as root, which PostgreSQL refuses to run as.
 * Durability is off (fsync, full page writes): a test's database outlives nothing.
 */

const run = promisify(execFile);
const SUPERUSER = 'postgres';

export interface PostgresServer {
  port: number;
  /** A fresh, empty database; answers its URL. */
  createDatabase(): Promise<string>;
  /** Drops a database made by `createDatabase`, ending the connections still open on it. */
  dropDatabase(url: string): Promise<void>;
  /** Runs SQL as the superuser on a database of this server (by its URL). */
  query(url: string, text: string, values?: unknown[]): Promise<pg.QueryResult>;
  /** Stops the server (its data kept) until `resume`: an outage, as clients see one. */
  halt(): Promise<void>;
  /** Starts the halted server again, on the same port. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const runAs = await serverUser();
  const exec = (command: string, args: string[]) =>
    run(
      runAs === null ? command : 'runuser',
      runAs === null ? args : ['-u', SUPERUSER, '--', command, ...args],
    );
  const folder = await mkdtemp(join(tmpdir(), 'stl-deals-pg-'));
  if (runAs !== null) await chown(folder, runAs.uid, runAs.gid);
  const data = join(folder, 'data');
  const log = join(folder, 'server.log');
  const pgCtl = join(bin, 'pg_ctl');
  let started = false;
  const stopNow = () => {
    // The test process is ending without afterAll (a crash, a timeout): leave no server behind.
    if (started)
      spawnSync(
        runAs === null ? pgCtl : 'runuser',
        runAs === null
          ? ['-D', data, '-m', 'immediate', 'stop']
          : ['-u', SUPERUSER, '--', pgCtl, '-D', data, '-m', 'immediate', 'stop'],
      );
  };
  try {
    await exec(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      SUPERUSER,
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    const startOn = async (port: number) => {
      const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
      await exec(pgCtl, ['-D', data, '-l', log, '-w', '-t', '60', '-o', options, 'start']);
    };
    const port = await startOnFreePort(startOn, log);
    started = true;
    process.once('exit', stopNow);
    const admin = new pg.Pool({ connectionString: urlOf(port, 'postgres'), max: 2 });
    admin.on('error', () => undefined);
    let next = 0;
    return {
      port,
      async createDatabase() {
        const name = `t${process.pid}_${++next}`;
        await admin.query(`create database ${name}`);
        return urlOf(port, name);
      },
      async dropDatabase(url) {
        await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
      },
      async query(url, text, values) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          return await client.query(text, values);
        } finally {
          await client.end();
        }
      },
      async halt() {
        await exec(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
      },
      async resume() {
        await startOn(port);
      },
      async stop() {
        await admin.end();
        await exec(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
        started = false;
        process.off('exit', stopNow);
        await rm(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    stopNow();
    await rm(folder, { recursive: true, force: true });
    throw new Error(`Cannot start a PostgreSQL server for the tests: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function urlOf(port: number, database: string): string {
  return `postgres://${SUPERUSER}@127.0.0.1:${port}/${database}`;
}

/** Debian keeps the server's programs off PATH, under /usr/lib/postgresql/<version>/bin. */
function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  if (onPath !== '') return join(onPath, '..');
  throw new Error(
    'PostgreSQL is not installed: no initdb and pg_ctl under /usr/lib/postgresql/*/bin or on PATH. ' +
      'Install it with `bash scripts/ensure-system-packages.sh` (apt package postgresql), as `npm test` does.',
  );
}

/** Null: run the server as this process's user. Else root's tests run it as `postgres`. */
async function serverUser(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  try {
    const [uid, gid] = await Promise.all(
      ['-u', '-g'].map(async (flag) => Number((await run('id', [flag, SUPERUSER])).stdout.trim())),
    );
    return { uid: uid ?? 0, gid: gid ?? 0 };
  } catch {
    throw new Error(
      `the tests run as root, which PostgreSQL refuses, and there is no '${SUPERUSER}' user to run it as (the apt package creates it)`,
    );
  }
}

/** Another process may take the port between asking and binding: then try another. */
async function startOnFreePort(
  start: (port: number) => Promise<void>,
  log: string,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      await start(port);
      return port;
    } catch (error) {
      const tail = existsSync(log)
        ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n')
        : '';
      if (attempt < 3 && /could not bind|already in use/i.test(tail)) continue;
      throw new Error(`${(error as Error).message}\nServer log:\n${tail}`, { cause: error });
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address === null || typeof address === 'string') reject(new Error('no port'));
        else resolve(address.port);
      });
    });
  });
}
