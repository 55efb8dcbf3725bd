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
