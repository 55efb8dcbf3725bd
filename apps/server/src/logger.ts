import { ScrapeError } from '@stl-deals/scraper';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

/**
 * The service's JSON logger. A source's failure (a ScrapeError: offline, blocked, a changed
 * schema...) is expected and fully described by its kind and message, so it is logged without a
 * stack trace; an unexpected error keeps its stack. At debug and trace every stack is kept.
 */
export function createLogger(
  level: Config['LOG_LEVEL'],
  destination: DestinationStream = pino.destination(1),
): Logger {
  const everyStack = level === 'debug' || level === 'trace';
  return pino(
    { level, serializers: { err: everyStack ? stdSerializers.err : errorForLog } },
    destination,
  );
}

/** An error as the log shows it at info level and above: no stack for an expected failure. */
export function errorForLog(error: Error): ReturnType<typeof stdSerializers.err> {
  const serialized = stdSerializers.err(error);
  if (!(error instanceof ScrapeError)) return serialized;
  const { stack: _stack, ...described } = serialized;
  return described as ReturnType<typeof stdSerializers.err>;
}
