/**
 * The database ran out of room (disk full, or a size limit). The write was rolled back whole, so
 * the last good data stands; the caller keeps serving it and tells the operator to free space.
 */
export class StorageFullError extends Error {
  override name = 'StorageFullError';
}
