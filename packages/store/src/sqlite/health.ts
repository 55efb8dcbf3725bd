import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
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
 * cost more): time in proportion to the file, some tens of milliseconds for a few megabytes.
 * It stops at the first problem found.
 */
export function checkSqliteHealth(
  connection: BetterSqlite3.Database,
  identity: FileIdentity | null,
): StorageHealth {
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
  let checker: BetterSqlite3.Database | undefined;
  try {
    checker = new BetterSqlite3(identity.path, { readonly: true, fileMustExist: true });
    return quickCheck(checker);
  } catch (error) {
    return { ok: false, fault: 'damaged', detail: `${identity.path}: ${errorMessage(error)}` };
  } finally {
    checker?.close();
  }
}

function quickCheck(connection: BetterSqlite3.Database): StorageHealth {
  try {
    const result: unknown = connection.pragma('quick_check(1)', { simple: true });
    if (result === 'ok') return { ok: true };
    return { ok: false, fault: 'damaged', detail: `quick_check: ${String(result)}` };
  } catch (error) {
    return { ok: false, fault: 'damaged', detail: errorMessage(error) };
  }
}
