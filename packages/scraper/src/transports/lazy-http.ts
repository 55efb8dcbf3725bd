import type { HttpTransport, HttpTransportOptions } from './http';

/** The http transport, loaded when first asked: see `lazyHttpTransport`. */
export interface LazyHttpTransport extends HttpTransport {
  /** The transport itself, loaded (and its witness of the network with it). */
  ready(): Promise<HttpTransport>;
}

/**
 * The http transport with its module (and undici with it) loaded on the first request, not at
 * start: a restarted service serves its stored deals before it fetches anything, and undici is a
 * large part of what a start would otherwise read and run. `networkFailure` judges by what the
 * transport has seen, so it is for callers that awaited `ready()`; before any load, nothing has
 * been seen and the error is given back as it is.
 */
export function lazyHttpTransport(options: HttpTransportOptions): LazyHttpTransport {
  let loading: Promise<HttpTransport> | undefined;
  let loaded: HttpTransport | undefined;
  let closed = false;
  const ready = () =>
    (loading ??= import('./http').then(({ createHttpTransport }) => {
      loaded = createHttpTransport(options);
      // Closed while loading: the transport opens closed, so a late request fails as after close.
      if (closed) loaded.close();
      return loaded;
    }));
  return {
    ready,
    fetch: async (request, signal) => (await ready()).fetch(request, signal),
    checkRobots: async (url, signal) => (await ready()).checkRobots(url, signal),
    networkFailure: (error, url) => (loaded ? loaded.networkFailure(error, url) : error),
    close() {
      closed = true;
      loaded?.close();
    },
  };
}
