import type { FastifyRequest } from 'fastify';
import { languageFromHeader, type TextLanguage } from '@pest/shared';

/** The language of the texts the backend writes into an answer: the request's Accept-Language (the console sends its own). */
export function requestLanguage(request: FastifyRequest): TextLanguage {
  return languageFromHeader(request.headers['accept-language']);
}
