import type { FastifyBaseLogger } from 'fastify';

/**
 * Wraps a socket or timer handler so that whatever it throws, synchronously or as a rejected
 * promise, is logged rather than left as an unhandled rejection that would end the process.
 */
export function safely<A extends unknown[]>(logger: FastifyBaseLogger, what: string, handler: (...args: A) => unknown): (...args: A) => Promise<void> {
  // Async, so a timer's clock can wait for the work it started (clock/manual-clock.ts); the
  // handler still starts synchronously, before the caller's next statement.
  return async (...args: A) => {
    try {
      await handler(...args);
    } catch (error) {
      logger.error({ err: error }, `live: ${what} failed`);
    }
  };
}
