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
  try {
    const found = await quickCheckInThread(identity.path);
    if ('result' in found) return checked(found.result);
    return { ok: false, fault: 'damaged', detail: `${identity.path}: ${found.error}` };
  } catch (error) {
    return { ok: false, fault: 'damaged', detail: `${identity.path}: ${errorMessage(error)}` };
  }
}

/**
 * The worker's code: opens the file read-only (waiting up to 5 s for a lock, as the repository's
 * connection does), runs `quick_check(1)` and posts its answer or the error's message. Plain
 * CommonJS given as text, so that it runs alike from the sources and from the built service.
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

/**
 * better-sqlite3's entry as this package resolves its own dependency, from its package.json (a
 * URL beside the source, which the service's build keeps naming that file): the worker loads
 * the same driver, wherever the service was started from.
 */
const DRIVER = createRequire(new URL('../../package.json', import.meta.url)).resolve(
  'better-sqlite3',
);

function quickCheckInThread(path: string): Promise<{ result: string } | { error: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(QUICK_CHECK_THREAD, {
      eval: true,
      workerData: { path, driver: DRIVER },
    });
    // A check under way does not hold a stopping service up.
    worker.unref();
    worker.once('message', (message: { result: string } | { error: string }) => resolve(message));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the check's thread ended (${code})`)));
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
