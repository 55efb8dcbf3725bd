import { createHash } from 'node:crypto';
import type { FastifyReply, onSendHookHandler } from 'fastify';

/**
 * A weak validator from the body's hash. Weak because one tag covers the identity, br and gzip
 * encodings of the same JSON, which a strong tag must not.
 */
export function etagOf(body: string | Buffer | Iterable<Buffer>): string {
  const hash = createHash('sha256');
  if (typeof body === 'string' || Buffer.isBuffer(body)) hash.update(body);
  // A body in pieces, each hashed before the next is asked for.
  else for (const piece of body) hash.update(piece);
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** Whether `tag` has the form `etagOf` gives (read back from storage, it is sent as a header). */
export function isEtagForm(tag: string): boolean {
  return /^W\/"[\w-]{27}"$/.test(tag);
}

/** `If-None-Match` by weak comparison (RFC 9110 section 13.1.2): any listed tag, or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Adds `accept-encoding` to the reply's `Vary` unless it is named there already (in any case).
 * Lower case, as @fastify/compress looks for it that way before adding its own.
 */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const fields = current === undefined ? [] : [current].flat().join(',').split(',');
  const named = fields.map((field) => field.trim()).filter((field) => field !== '');
  if (named.some((field) => field === '*' || field.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...named, 'accept-encoding'].join(', '));
}

/**
 * Gives every 200 answer with an in-memory body an ETag (unless the route set one) and answers
 * a GET or HEAD whose `If-None-Match` matches with 304 and no body. Streams (the page's files)
 * are left to @fastify/static, which validates them itself.
 */
export const etagHook: onSendHookHandler = (request, reply, payload, done) => {
  if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
    return done(null, payload);
  }
  // Any of these answers may be sent compressed (prepared, or by @fastify/compress over its
  // threshold), so caches must key on the encoding, and a 304 carries the Vary its 200 would.
  varyOnEncoding(reply);
  const existing = reply.getHeader('etag');
  const etag = typeof existing === 'string' ? existing : etagOf(payload);
  reply.header('etag', etag);
  const conditional = request.method === 'GET' || request.method === 'HEAD';
  if (!conditional || !matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    return done(null, payload);
  }
  reply.code(304).removeHeader('content-encoding');
  done(null, '');
};
