import { STATUS_CODES } from 'node:http';
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
  413: `The request body is larger than ${BODY_LIMIT_BYTES} bytes.`,
  414: 'The address is too long.',
  415: 'The request body has a type this service does not take.',
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
 * is a 500 whose detail is logged, never sent.
 */
export function handleErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = statusOf(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .send(errorBody(status, error instanceof HttpError ? error.message : undefined));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404)));
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
