import { Writable } from 'node:stream';
import { OfflineError, SchemaChangedError } from '@stl-deals/scraper';
import { describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { createLogger } from '../src/logger';

/** The JSON lines a logger at `level` writes for `error`, read back. */
function logged(level: Config['LOG_LEVEL'], error: Error): Record<string, unknown> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  createLogger(level, sink).warn({ err: error }, 'scrape failed');
  expect(lines).toHaveLength(1);
  return (JSON.parse(lines[0]!) as { err: Record<string, unknown> }).err;
}

describe('the service log', () => {
  it.each([
    ['offline', new OfflineError('Network error reaching example.com: ENOTFOUND')],
    ['a changed schema', new SchemaChangedError('the menu answer has no products')],
  ])('writes a source failure (%s) without its stack, with its kind and message', (_, error) => {
    const err = logged('info', error);
    expect(err).not.toHaveProperty('stack');
    expect(err).toMatchObject({ type: error.name, message: error.message, kind: error.kind });
  });

  it('keeps the stack of an unexpected error', () => {
    const err = logged('info', new TypeError('cannot read properties of undefined'));
    expect(err.stack).toMatch(/^TypeError: cannot read properties of undefined\n\s+at /);
  });

  it('keeps every stack at debug level', () => {
    const err = logged('debug', new OfflineError('Network error reaching example.com'));
    expect(err.stack).toMatch(/^OfflineError: Network error reaching example\.com\n\s+at /);
  });
});
