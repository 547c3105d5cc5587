import type { FastifyBaseLogger } from 'fastify';

/**
 * Wraps a socket or timer handler so that whatever it throws, synchronously or as a rejected
 * promise, is logged rather than left as an unhandled rejection that would end the process.
 */
export function safely<A extends unknown[]>(logger: FastifyBaseLogger, what: string, handler: (...args: A) => unknown): (...args: A) => void {
  return (...args: A) => {
    try {
      const result = handler(...args);
      if (result instanceof Promise) result.catch((error: unknown) => logger.error({ err: error }, `live: ${what} failed`));
    } catch (error) {
      logger.error({ err: error }, `live: ${what} failed`);
    }
  };
}
