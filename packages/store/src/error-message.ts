import { inspect } from 'node:util';

/** The message of anything thrown: drivers and migrations may throw values that are not errors. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : inspect(error);
}
