import type { preValidationAsyncHookHandler } from 'fastify';

/**
 * For POST routes whose body holds only optional filters: a request without one is validated
 * as `{}`. The console posts some of these calls bare.
 */
export const emptyBodyWhenAbsent: preValidationAsyncHookHandler = async (request) => {
  request.body ??= {};
};
