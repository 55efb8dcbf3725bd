import type { FastifyBaseLogger } from 'fastify';

/**
 * A warning for errors that repeat while the database is away (every poll, every reconnect
 * attempt): logged at most once per `everyMs`, the first at once.
 */
export function throttledWarning(
  logger: FastifyBaseLogger,
  message: string,
  everyMs = 60_000,
): (error: unknown) => void {
  let loggedAt = Number.NEGATIVE_INFINITY;
  return (error) => {
    if (Date.now() - loggedAt < everyMs) return;
    loggedAt = Date.now();
    logger.warn({ err: error }, message);
  };
}
