import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { errorMessage } from '../error-message';
import type { StorageHealth } from '../repository';

/** Which file a connection opened: a path can later name another file, or none. */
export interface FileIdentity {
  path: string;
  dev: number;
  ino: number;
}

/** The identity of the connection's file, or null for an in-memory database. */
export function fileIdentity(connection: BetterSqlite3.Database): FileIdentity | null {
  if (connection.memory) return null;
  const path = resolve(connection.name);
  const { dev, ino } = statSync(path);
  return { path, dev, ino };
}

/**
 * better-sqlite3's entry as this package resolves its own dependency, from its package.json (a
 * URL beside the source, which the service's build keeps naming that file): the worker loads
 * the same driver, wherever the service was started from.
 */
const DRIVER = createRequire(new URL('../../package.json', import.meta.url)).resolve(
  'better-sqlite3',
);

/**
 * Whether the database is still the file the connection opened, and undamaged.
 *
 * The file is checked on a connection of its own, opened for the check: the repository's
 * connection would answer from its page cache, which a damaged disk or an outside write does not
 * invalidate, and would keep reading an unlinked file as if nothing happened. `quick_check` reads
 * every page and checks the b-trees' structure (not that indexes match their tables, which would
 * cost more): time in proportion to the file, about 3 ms a megabyte, so a second or more once the
 * price history holds months. It runs in a worker thread of its own, never on the event loop
 * that answers visitors; the database is in WAL mode, so the check reads a consistent snapshot
 * while the repository goes on writing. It stops at the first problem found.
 */
export async function checkSqliteHealth(
  connection: BetterSqlite3.Database,
  identity: FileIdentity | null,
  /** The driver the thread loads (tests give another to see a thread fail). */
  driver: string = DRIVER,
): Promise<StorageHealth> {
  // An in-memory database: no file to open again, and small.
  if (identity === null) return quickCheck(connection);
  let current: { dev: number; ino: number };
  try {
    current = statSync(identity.path);
  } catch (error) {
    return { ok: false, fault: 'missing', detail: `${identity.path}: ${errorMessage(error)}` };
  }
  if (current.dev !== identity.dev || current.ino !== identity.ino) {
    return {
      ok: false,
      fault: 'replaced',
      detail: `${identity.path} is no longer the file opened at start (another file took its name)`,
    };
  }
  // A thread that cannot run the check (it did not start, could not load the driver, or took
  // over CHECK_TIME_LIMIT_MS) rejects: no finding about the file, so the caller keeps what it
  // knew rather than call a sound store damaged.
  const found = await quickCheckInThread(identity.path, driver);
  if ('result' in found) return checked(found.result);
  return { ok: false, fault: 'damaged', detail: `${identity.path}: ${found.error}` };
}

/**
 * A check over this long is stopped: a disk that hangs must not hold every later check, nor a
 * stopping service, for ever. A year of price history is checked in a few seconds.
 */
export const CHECK_TIME_LIMIT_MS = 60_000;

/**
 * The worker's code: opens the file read-only (waiting up to 5 s for a lock, as the repository's
 * connection does), runs `quick_check(1)` and posts its answer or SQLite's error, a finding
 * about the file. Failing to load the driver is the thread's own failure, thrown. Plain CommonJS
 * given as text, so that it runs alike from the sources and from the built service.
 */
const QUICK_CHECK_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.path, { readonly: true, fileMustExist: true, timeout: 5000 });
  parentPort.postMessage({ result: String(db.pragma('quick_check(1)', { simple: true })) });
} catch (error) {
  parentPort.postMessage({ error: String((error && error.message) || error) });
} finally {
  if (db) db.close();
}
`;

function quickCheckInThread(
  path: string,
  driver: string,
): Promise<{ result: string } | { error: string }> {
  return new Promise((resolve, reject) => {
    // Plain JavaScript: none of this process's flags (run from the sources, tsx's loader would
    // start an esbuild process per check that nobody reaps).
    const worker = new Worker(QUICK_CHECK_THREAD, {
      eval: true,
      workerData: { path, driver },
      execArgv: [],
    });
    // A check under way does not keep a stopping process alive.
    worker.unref();
    const timer = setTimeout(() => {
      reject(new Error(`the store's check took over ${CHECK_TIME_LIMIT_MS / 1000} s; stopped`));
      void worker.terminate();
    }, CHECK_TIME_LIMIT_MS);
    timer.unref();
    // The first of these settles the promise; the thread's exit after its message changes nothing.
    worker.once('message', (message: { result: string } | { error: string }) => resolve(message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the store's check thread ended (${code}) without an answer`));
    });
  });
}

function quickCheck(connection: BetterSqlite3.Database): StorageHealth {
  try {
    return checked(String(connection.pragma('quick_check(1)', { simple: true })));
  } catch (error) {
    return { ok: false, fault: 'damaged', detail: errorMessage(error) };
  }
}

function checked(result: string): StorageHealth {
  if (result === 'ok') return { ok: true };
  return { ok: false, fault: 'damaged', detail: `quick_check: ${result}` };
}
