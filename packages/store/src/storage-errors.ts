/**
 * The database ran out of room (disk full, or a size limit). The write was rolled back whole, so
 * the last good data stands; the caller keeps serving it and tells the operator to free space.
 */
export class StorageFullError extends Error {
  override name = 'StorageFullError';
}

/**
 * The database is not the one the repository opened, or is damaged (see `checkHealth`). The
 * repository refuses writes until a check passes again, so nothing is written over a bad file;
 * the caller keeps serving what it already holds and tells the operator to restore the file.
 */
export class StorageFaultError extends Error {
  override name = 'StorageFaultError';
}

/**
 * Node's codes for a database server that cannot be reached, and PostgreSQL's SQLSTATEs for a
 * connection lost or refused (class 08), a server shutting down or starting (57P01-57P03) and one
 * with no connection left (53300).
 */
const UNREACHABLE =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|08\w{3}|57P0[123]|53300)$/;

/**
 * Whether a store call failed because the storage cannot take it for now (full, failing, or its
 * server out of reach), rather than for what was asked: the caller may answer 'try again later'.
 */
export function isStorageUnavailable(error: unknown): boolean {
  if (error instanceof StorageFullError || error instanceof StorageFaultError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNREACHABLE.test(code);
}
