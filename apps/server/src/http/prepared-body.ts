import { once } from 'node:events';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, varyOnEncoding } from './etag';

export type Encoding = 'br' | 'gzip';

/**
 * A JSON answer serialized and tagged once, then sent as is to every request. Each encoding is
 * compressed once, on Node's thread pool (never the event loop), when first asked for or when
 * warmed up front, and kept.
 */
export interface PreparedBody {
  readonly etag: string;
  /** The JSON itself ('identity') or compressed, made once and kept (see `prepareRemade`). */
  encoded(encoding: Encoding | 'identity'): Promise<Buffer>;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Brotli quality 6 and gzip level 9: measured on a 1.8 MB deals list, about 20 ms each on the
 * thread pool for 40-75 KB, where brotli's maximum quality takes seconds for 15% less.
 */
const brotliOptions = (length: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 6,
    [constants.BROTLI_PARAM_SIZE_HINT]: length,
  },
});
const GZIP_OPTIONS = { level: 9 };

const COMPRESS: Record<Encoding, (json: Buffer) => Promise<Buffer>> = {
  br: (json) => compressBrotli(json, brotliOptions(json.length)),
  gzip: (json) => compressGzip(json, GZIP_OPTIONS),
};

/**
 * A body whose encodings are made on first use, except those `made` already: its JSON by `json`,
 * the others by `compress` (by default from its JSON). Its JSON is kept once made unless
 * `keepsJson` is false: then `json` makes it again for each request that takes it uncompressed.
 */
function preparedBody(
  etag: string,
  json: () => Promise<Buffer>,
  made: ReadonlyArray<[Encoding, Promise<Buffer>]> = [],
  keepsJson = true,
  compress?: (encoding: Encoding) => Promise<Buffer>,
): PreparedBody {
  const encoded = new Map<Encoding | 'identity', Promise<Buffer>>(made);
  const compressed =
    compress ?? ((encoding: Encoding) => body.encoded('identity').then(COMPRESS[encoding]));
  const body: PreparedBody = {
    etag,
    encoded(encoding) {
      if (encoding === 'identity' && !keepsJson) return json();
      let bytes = encoded.get(encoding);
      if (!bytes) {
        bytes = encoding === 'identity' ? json() : compressed(encoding);
        encoded.set(encoding, bytes);
      }
      return bytes;
    },
  };
  return body;
}

/** `json` (serialized JSON) ready to send; the `warm` encodings are compressed now. */
export function prepareJson(json: Buffer, warm: readonly Encoding[] = []): PreparedBody {
  const body = preparedBody(etagOf(json), () => Promise.resolve(json));
  // A failure is the first request's to report (a 500); here it must not go unhandled.
  for (const encoding of warm) body.encoded(encoding).catch(() => {});
  return body;
}

/**
 * JSON that is not kept but written again when needed, in pieces: its length, and its bytes in
 * order. Each piece is read before the next is asked for, so a writer may hand the same buffer
 * back refilled.
 */
export interface JsonPieces {
  readonly byteLength: number;
  pieces(): Iterable<Buffer>;
}

/**
 * JSON written in pieces (`JsonPieces`) ready to send, keeping only its compressed encodings:
 * the `warm` ones, compressed now, and the others once asked. It is tagged and compressed from
 * its pieces, never whole; a request that takes it uncompressed gets it written whole again. For
 * the deals lists: megabytes that browsers always take compressed, put together from the deals'
 * bytes. Kept whole, or made whole only to be compressed, they would double what the deals take
 * at rest (a buffer that dies outside the JS heap is freed only at a collection, which may not
 * come for a while when nothing happens).
 */
export function prepareRemade(json: JsonPieces, warm: readonly Encoding[] = []): PreparedBody {
  const compress = (encoding: Encoding) => compressPieces(json, encoding);
  const made = warm.map((encoding): [Encoding, Promise<Buffer>] => {
    const compressed = compress(encoding);
    // A failure is the first request's to report (a 500); here it must not go unhandled.
    compressed.catch(() => {});
    return [encoding, compressed];
  });
  // A JSON that cannot be written rejects its request's promise rather than throwing.
  const whole = () => new Promise<Buffer>((resolve) => resolve(wholeOf(json)));
  return preparedBody(etagOf(json.pieces()), whole, made, false, compress);
}

/** The pieces copied into one buffer of their length. */
function wholeOf(json: JsonPieces): Buffer {
  const whole = Buffer.allocUnsafeSlow(json.byteLength);
  let at = 0;
  for (const piece of json.pieces()) at += piece.copy(whole, at);
  if (at !== json.byteLength) {
    throw new Error(`JSON pieces of ${at} bytes where ${json.byteLength} were announced`);
  }
  return whole;
}

/** The pieces compressed by a stream, on the thread pool, each piece read before the next. */
async function compressPieces(json: JsonPieces, encoding: Encoding): Promise<Buffer> {
  const stream =
    encoding === 'br'
      ? createBrotliCompress(brotliOptions(json.byteLength))
      : createGzip(GZIP_OPTIONS);
  const compressed: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = once(stream, 'end');
  // A failed write rejects below; the stream's error must not also go unhandled here.
  ended.catch(() => {});
  try {
    for (const piece of json.pieces()) {
      // Called once the stream has read the piece whole: its buffer may then be refilled.
      await new Promise<void>((resolve, reject) =>
        stream.write(piece, (error) => (error ? reject(error) : resolve())),
      );
    }
    stream.end();
    await ended;
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return Buffer.concat(compressed);
}

/**
 * A body sent before as `brotli` under `etag` (kept from a previous run), for the clients that
 * take brotli (every browser) only. It is never decompressed here: its JSON would be megabytes
 * made to be sent once or compressed again. Any other encoding is refused.
 */
export function prepareFromBrotli(brotli: Buffer, etag: string): PreparedBody {
  return {
    etag,
    encoded: (encoding) =>
      encoding === 'br'
        ? Promise.resolve(brotli)
        : Promise.reject(new Error(`a kept list is sent as brotli only, not as ${encoding}`)),
  };
}

/**
 * The encoding to send for an `Accept-Encoding` header: br or gzip by the client's q-values
 * (br on a tie, as it is smaller), or null for the identity body. `*` stands for an encoding
 * the header does not name.
 */
export function pickEncoding(header: string | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name !== '') weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce((a, b) => (weight(b) > weight(a) ? b : a));
  return weight(best) > 0 ? best : null;
}

/**
 * Sends a prepared body (JSON unless `type` says otherwise) in the encoding the client takes (the
 * ETag hook answers 304s), and resolves once it is sent.
 */
export async function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PreparedBody,
  type = 'application/json; charset=utf-8',
): Promise<void> {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  varyOnEncoding(reply);
  reply.type(type).header('etag', body.etag);
  if (encoding === null) await reply.send(await body.encoded('identity'));
  else await reply.header('content-encoding', encoding).send(await body.encoded(encoding));
}
