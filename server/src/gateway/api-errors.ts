import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, ApiMessages } from '@pest/shared';

/**
 * What the gateway answers itself under /api, in the envelope the console reads (never Fastify's
 * `{"statusCode":400,...}`), and never cached: the upstream's own answers pass through unchanged.
 */
export function sendApiEnvelope<Reply extends EnvelopeReply>(reply: Reply, status: number, message: string): Reply {
  reply.code(status).header('cache-control', 'no-store').send(envelope(status, message));
  return reply;
}

const envelope = (status: number, message: string) => ({ status, message, data: null });

/** Any Fastify reply, whatever its server's type parameters (reply-from hands out the widest). */
export interface EnvelopeReply {
  code(status: number): EnvelopeReply;
  header(name: string, value: string): EnvelopeReply;
  send(payload: unknown): EnvelopeReply;
}

const MESSAGE_OF_STATUS: Record<number, string> = {
  401: ApiMessages.sessionExpired,
  404: ApiMessages.notFound,
  413: ApiMessages.payloadTooLarge,
  415: ApiMessages.unsupportedMediaType,
};

export function sendApiError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'gateway failed to answer');
  return sendApiEnvelope(reply, status, MESSAGE_OF_STATUS[status] ?? (status < 500 ? ApiMessages.badRequest : ApiMessages.internalError));
}

export function sendApiNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return sendApiEnvelope(reply, 404, ApiMessages.notFound);
}

const isApiUrl = (url: string) => url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);

/** Requests the router refuses before any route is chosen (a malformed URL): enveloped under /api. */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  if (isApiUrl(request.url)) return sendApiEnvelope(reply, status, status < 500 ? ApiMessages.badRequest : ApiMessages.internalError);
  return reply.code(status).type('text/plain; charset=utf-8').send(`${STATUS_CODES[status] ?? 'Error'}\n`);
}

/**
 * Requests Node cannot parse (broken framing, headers too large, too slow): Fastify's default
 * writes its own JSON shape; this writes the envelope. The connection is closed, as Node does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(envelope(status, status === 408 ? ApiMessages.requestTimeout : ApiMessages.badRequest));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
