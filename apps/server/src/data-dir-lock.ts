import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config';

/** The file in DATA_DIR that names the process owning it: its pid, and a newline. */
export const OWNER_FILE = 'owner.pid';

/**
 * Another live process owns the data folder. A setting to fix (DATA_DIR, or DATABASE_URL for
 * several processes), so the entry point prints this message alone and exits 1.
 */
export class DataDirInUseError extends ConfigError {
  override name = 'DataDirInUseError';

  constructor(
    readonly dataDir: string,
    readonly ownerPid: number | undefined,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another process of this service (pid ${ownerPid ?? 'unknown'}): ` +
        'two processes on one SQLite file would both scrape and write. Stop the other process, ' +
        `or give this one its own DATA_DIR; for several processes on one store set DATABASE_URL. ` +
        `If no such process runs, delete ${join(dataDir, OWNER_FILE)}.`,
    );
  }
}

/**
 * DATA_DIR cannot be made or written by the service's user (a read-only volume, a folder owned
 * by another user, a path through a file). A setting to fix, so it is told in one line.
 */
export class DataDirUnwritableError extends ConfigError {
  override name = 'DataDirUnwritableError';

  constructor(
    readonly dataDir: string,
    readonly code: string,
  ) {
    super(
      `DATA_DIR ${dataDir} cannot be written (${code}): the service keeps its store there. ` +
        "Make the folder writable by the service's user, or set DATA_DIR to a folder that is " +
        '(or DATABASE_URL to store in PostgreSQL).',
    );
  }
}

/** The system's answers for a folder that cannot be made or written. */
const UNWRITABLE_CODES = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOTDIR',
  'EEXIST',
  'ENOSPC',
  'EDQUOT',
]);

export interface DataDirLock {
  /** The owner file, which names this process while it holds the folder. */
  readonly file: string;
  /** Gives the folder up: deletes the owner file if it still names this process. */
  release(): void;
}

export interface LockOptions {
  /** The pid written; default this process's. */
  pid?: number;
  /** Whether a process runs under `pid`; default a signal-0 probe. */
  isAlive?: (pid: number) => boolean;
}

/**
 * Whether a process with this pid runs (one of another user's counts: EPERM). A process that was
 * killed but not yet reaped by its parent (a zombie, state Z in /proc/<pid>/stat; X: being
 * reaped) still answers the signal probe, yet holds nothing: it counts as dead. Where /proc
 * cannot be read (not Linux), the probe alone decides.
 */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const state = processState(pid);
  return state !== 'Z' && state !== 'X';
}

/**
 * The state letter of /proc/<pid>/stat, or undefined when it cannot be read. It follows the
 * command name, which is in parentheses and may itself hold spaces and parentheses.
 */
export function processState(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  return /^ ([A-Za-z])/.exec(stat.slice(stat.lastIndexOf(')') + 1))?.[1];
}

/** The pid an owner file names, or undefined when it is gone or holds no pid. */
function ownerOf(file: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return /^\d+\n?$/.test(text) ? Number.parseInt(text, 10) : undefined;
}

/**
 * Takes the data folder for this process, or throws DataDirInUseError naming the folder and the
 * owner's pid (DataDirUnwritableError when the folder cannot be made or written). The owner file appears whole or not at all (written aside, then linked into
 * place, which fails if one exists), so a second starter never reads it half written. An owner
 * file whose pid no longer runs is stale (a process that was killed) and is taken over, and so
 * is one naming this very pid: a container restarted on the same volume often gets the pid its
 * predecessor had. Pids are this machine's: processes in other containers sharing the folder are
 * not seen.
 */
export function lockDataDir(dataDir: string, options: LockOptions = {}): DataDirLock {
  const pid = options.pid ?? process.pid;
  const isAlive = options.isAlive ?? processIsAlive;
  const file = join(dataDir, OWNER_FILE);
  const draft = `${file}.${pid}.tmp`;
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(draft, `${pid}\n`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (UNWRITABLE_CODES.has(code)) throw new DataDirUnwritableError(dataDir, code);
    throw error;
  }
  try {
    // Twice at most: once more after a stale owner file is removed.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        linkSync(draft, file);
        return {
          file,
          release: () => {
            if (ownerOf(file) === pid) rmSync(file, { force: true });
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = ownerOf(file);
      if (owner !== undefined && owner !== pid && isAlive(owner)) {
        throw new DataDirInUseError(dataDir, owner);
      }
      rmSync(file, { force: true });
    }
    // Another starter took the folder between the removal and the link.
    throw new DataDirInUseError(dataDir, ownerOf(file));
  } finally {
    unlinkSync(draft);
  }
}

/**
 * What an entry point on SQLite calls first: the data folder is this process's until it exits
 * (a shutdown, an error or a signal's exit gives it up; a killed process leaves a stale file
 * that the next start takes over).
 */
export function holdDataDir(dataDir: string): void {
  const lock = lockDataDir(dataDir);
  process.once('exit', () => lock.release());
}
