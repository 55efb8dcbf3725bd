import { existsSync, readFileSync } from 'node:fs';

const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

/**
 * How many frames of a SQLite write-ahead log follow its last commit frame: pages of a
 * transaction that was writing when its process died. Zero when the log is absent or ends on a
 * commit. Reads the format described at https://www.sqlite.org/fileformat.html#the_write_ahead_log.
 * Must run before any connection opens the database, which would recover and reset the log.
 */
export function framesAfterLastCommit(walFile: string): number {
  if (!existsSync(walFile)) return 0;
  const wal = readFileSync(walFile);
  if (wal.length < WAL_HEADER_BYTES) return 0;
  const pageSize = wal.readUInt32BE(8);
  const salt1 = wal.readUInt32BE(16);
  const salt2 = wal.readUInt32BE(20);
  let uncommitted = 0;
  for (
    let offset = WAL_HEADER_BYTES;
    offset + FRAME_HEADER_BYTES + pageSize <= wal.length;
    offset += FRAME_HEADER_BYTES + pageSize
  ) {
    // Frames left from before the log was last reset carry other salts and are not part of it.
    if (wal.readUInt32BE(offset + 8) !== salt1 || wal.readUInt32BE(offset + 12) !== salt2) break;
    const isCommit = wal.readUInt32BE(offset + 4) !== 0;
    uncommitted = isCommit ? 0 : uncommitted + 1;
  }
  return uncommitted;
}
