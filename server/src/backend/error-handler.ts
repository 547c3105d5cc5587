import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { ApiMessages, InputMessages } from '@pest/shared';
import { QueryAbandoned } from './db/query-context.ts';
import { ApiError, failure } from './envelope.ts';

/** SQLSTATE of a statement cancelled by statement_timeout or pg_cancel_backend. */
const QUERY_CANCELED = '57014';

/**
 * Every error leaves as an envelope. Client mistakes get their own status and a readable reason;
 * anything unexpected is logged and answered with a generic 500 that reveals nothing.
 */
export function sendErrorEnvelope(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof QueryAbandoned || error.code === QUERY_CANCELED) {
    // The deadline has answered already, or the client is gone: nothing is wrong with the server.
    if (reply.sent) return reply;
    return reply.code(503).send(failure(503, ApiMessages.queryTimeout));
  }
  if (isDataError(error)) {
    // A schema missed a limit: the input is still wrong, not the server; warn so the gap gets closed.
    request.log.warn({ err: error }, 'database refused a request value');
    return reply.code(400).send(failure(400, `${ApiMessages.badRequest}: ${InputMessages.outOfRange}`));
  }
  const { status, message } = describe(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.code(status).send(failure(status, message, error instanceof ApiError ? error.field : undefined));
}

/**
 * A PostgreSQL refusal of a value sent to it (SQLSTATE class 22, data exception: integer out of
 * range 22003, datetime overflow 22008, bad text for a type 22P02/22007, NUL 22021; and 54000,
 * program limit exceeded, e.g. too large an array). Both drivers carry the SQLSTATE as `code`.
 */
function isDataError(error: { code?: unknown }): boolean {
  return typeof error.code === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(error.code);
}

export function sendNotFoundEnvelope(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(failure(404, ApiMessages.notFound));
}

/**
 * Validation errors as one readable line, e.g. `body/account Expected string`. TypeBox reports
 * every failed rule, so a missing field also "is not a string": keep the first reason per field.
 */
export function formatValidationErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const reasons = new Map<string, string>();
  for (const error of errors) {
    const field = `${dataVar}${error.instancePath}`;
    if (!reasons.has(field)) reasons.set(field, `${field} ${error.message ?? 'is invalid'}`);
  }
  return new Error([...reasons.values()].join(', '));
}

function describe(error: FastifyError): { status: number; message: string } {
  if (error instanceof ApiError) return { status: error.statusCode, message: error.message };
  if (error.validation) return { status: 400, message: `${ApiMessages.badRequest}: ${error.message}` };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: `${ApiMessages.badRequest}: ${ApiMessages.invalidJson}` };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: ApiMessages.payloadTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: ApiMessages.unsupportedMediaType };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: `${ApiMessages.badRequest}: ${error.message}` };
  return { status: 500, message: ApiMessages.internalError };
}
