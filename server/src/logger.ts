import { pino, type DestinationStream, type Logger } from 'pino';
import type { FastifyRequest } from 'fastify';
import { DISPLAY_CODE_PARAM, DISPLAY_URL_PARAM } from '@pest/shared';
import type { LogLevel } from './config.ts';

/**
 * Query parameters that carry credentials: the wallboard receives `token` and `phone` in its URL
 * (the console's big-screen link), or a display link's token in `display` or its short code in
 * `code` (a control-room TV).
 */
const SECRET_QUERY_PARAMS = ['token', 'phone', DISPLAY_URL_PARAM, DISPLAY_CODE_PARAM];
const SECRET_QUERY_PATTERN = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** Replaces the values of credential-carrying query parameters with `***`. */
export function maskUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY_PATTERN, '$1***') : url;
}

/**
 * The one logger of the process; gateway and backend log through children of it. Tokens never
 * reach the output: headers that carry them are redacted wherever they are logged, and logged
 * request URLs have their credential parameters masked.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'headers.cookie',
          'res.headers["set-cookie"]',
        ],
        censor: '***',
      },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: maskUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    // Asynchronous writes coalesce the lines of a busy moment into one write (pino flushes what
    // is pending when the process exits); a quiet server still writes each line at once.
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
