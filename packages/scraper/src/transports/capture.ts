import type { Response } from 'playwright-core';
import type { Adapter, Received } from '../adapters/types';

type LabelOf = NonNullable<Adapter['browser']>['labelOf'];

export interface CaptureLimits {
  /** A JSON response larger than this is left out, as the http transport would refuse it. */
  maxBytes: number;
  /** At most this many payloads are kept, the first ones. */
  maxPayloads: number;
}

export interface JsonCapture {
  /** Give it every response of the page. */
  onResponse: (response: Response) => void;
  /** The labelled payloads, in the order their responses arrived, once all are read. */
  received(): Promise<Received[]>;
}

/** Keeps the JSON responses a page receives that the adapter's `labelOf` names. */
export function captureJson(labelOf: LabelOf, limits: CaptureLimits): JsonCapture {
  const pending: Promise<Received | null>[] = [];
  return {
    onResponse(response) {
      if (/json/i.test(response.headers()['content-type'] ?? '')) {
        pending.push(labelled(response, labelOf, limits.maxBytes));
      }
    },
    async received() {
      const all = await Promise.all(pending);
      return all.filter((payload) => payload !== null).slice(0, limits.maxPayloads);
    },
  };
}

async function labelled(
  response: Response,
  labelOf: LabelOf,
  maxBytes: number,
): Promise<Received | null> {
  let bytes: Buffer;
  try {
    bytes = await response.body();
  } catch {
    // The page navigated away or dropped the request: there is no body left to read.
    return null;
  }
  if (bytes.byteLength > maxBytes) return null;
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const label = labelOf(response.url(), body);
  return label === null ? null : { label, url: response.url(), body };
}
