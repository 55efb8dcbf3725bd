import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from './ignore-bodies';

/** Every error answer: a name for programs and a sentence for people, nothing internal. */
export const ErrorSchema = z.object({ error: z.string(), message: z.string() });

/** An error whose message is written for the client and may be sent as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a client is told per status when the error is not an `HttpError`. */
const PUBLIC_MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  404: 'There is nothing at this address.',
  408: 'The request took too long to arrive.',
  413: `The request body is larger than ${BODY_LIMIT_BYTES} bytes.`,
  414: 'The address is too long.',
  415: 'The request body has a type this service does not take.',
  431: 'The request headers are too large.',
  429: 'Too many refresh requests; try again later.',
  500: 'Something went wrong on our side.',
  503: 'The service is not available right now.',
};

/** 'Not Found' -> 'NotFound'. */
function errorName(status: number): string {
  return (STATUS_CODES[status] ?? 'Error').replace(/[^A-Za-z]/g, '');
}

function errorBody(status: number, message = PUBLIC_MESSAGES[status]): z.infer<typeof ErrorSchema> {
  return { error: errorName(status), message: message ?? `The request failed (${status}).` };
}

/** An error's own status when it is a client or server error, else 500. */
function statusOf(error: FastifyError): number {
  const status = error.statusCode;
  return status !== undefined && status >= 400 && status < 600 ? status : 500;
}

/**
 * Every failure answers JSON `{error, message}`. Client errors keep their status; anything else
 * is a 500 whose detail is logged, never sent. With `maxParamLength` (the router's), a path none
 * of whose routes matched because one of its segments is longer than a parameter may be is a
 * 414, wherever the parameter stands: the router itself says so only for a path's last segment.
 */
export function handleErrors(app: FastifyInstance, maxParamLength?: number): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = statusOf(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .send(errorBody(status, error instanceof HttpError ? error.message : undefined));
  });
  app.setNotFoundHandler((request, reply) => {
    const status =
      maxParamLength !== undefined && longestSegment(request.url) > maxParamLength ? 414 : 404;
    return reply.code(status).send(errorBody(status));
  });
}

/** The length of the longest segment of a request's path (its query left out), as sent. */
function longestSegment(url: string): number {
  const path = url.split('?', 1)[0] ?? '';
  return Math.max(0, ...path.split('/').map((segment) => segment.length));
}

/**
 * Fastify's `frameworkErrors` option: the errors its router meets before any route or error
 * handler runs (a malformed percent-encoding, a path parameter over `maxParamLength`). Without
 * it Fastify answers them itself, with its error code and the raw URL in the message; here they
 * answer like every other error, with a fixed message.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = statusOf(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  void reply.code(status).send(errorBody(status));
}

/** What Node's parser refuses before Fastify sees a request; anything else is a 400. */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Writes a whole `{error, message}` answer to a socket no Fastify reply owns, then closes it
 * (as Node does with its own answers): the connection's framing cannot be trusted after what
 * made it necessary, and a client that stopped reading must not hold it open.
 */
export function writeRawError(
  socket: Duplex,
  status: number,
  { message, headers = {} }: { message?: string; headers?: Record<string, string> } = {},
): void {
  const body = JSON.stringify(errorBody(status, message));
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  socket.destroy();
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (headers over its limit, a
 * request not in whole within `requestTimeout`, a malformed request line) is answered with the
 * app's JSON body. Node and Fastify would answer these themselves, in their own shapes.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // As Node does: never into an answer already on its way, which would corrupt it.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    writeRawError(socket, CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400);
  } else {
    socket.destroy();
  }
}
