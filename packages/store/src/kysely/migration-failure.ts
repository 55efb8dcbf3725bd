import type { MigrationResultSet } from 'kysely';
import { errorMessage } from '../error-message';

/** The error a failed migration run is reported as: which migration failed, and why. */
export function migrationFailure({ error, results }: MigrationResultSet): Error {
  const failed = results?.find((result) => result.status === 'Error')?.migrationName;
  const cause = errorMessage(error);
  return new Error(
    failed === undefined ? `migrations failed: ${cause}` : `migration ${failed} failed: ${cause}`,
    { cause: error },
  );
}
