import type { Server } from 'node:http';

/**
 * Resolves once `server` has sent its first answer whole, or `maxWaitMs` after the call, whichever
 * comes first: for the start's work that no answer needs, put off until the first visitor is
 * served (see `runEntryPoint`).
 */
export function firstAnswer(server: Server, maxWaitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      server.off('request', watch);
      resolve();
    };
    const watch = (_request: unknown, response: NodeJS.EventEmitter) => {
      // 'close' too: an answer cut short is still the end of that request's work.
      response.once('finish', done).once('close', done);
    };
    const timer = setTimeout(done, maxWaitMs);
    server.on('request', watch);
  });
}
