import type { FastifyRequest } from 'fastify';
import { ApiMessages } from '@pest/shared';
import { ApiError } from './envelope.ts';

/**
 * What the signed-in user may see. Every domain query filters through this, in one place:
 * provider staff (customerId null) see all customers; a customer's manager sees only that
 * customer and its stores. Admins additionally get the organisation tree in the console.
 */
export interface Scope {
  userId: number;
  isAdmin: boolean;
  customerId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on every protected route. */
    scope: Scope | null;
  }
}

export function buildScope(user: { id: number; customerId: number | null }, adminUserIds: ReadonlySet<number>): Scope {
  return { userId: user.id, isAdmin: adminUserIds.has(user.id), customerId: user.customerId };
}

/** The scope of an authenticated request; a route reached without one is refused. */
export function requestScope(request: FastifyRequest): Scope {
  if (!request.scope) throw new ApiError(401, ApiMessages.sessionExpired);
  return request.scope;
}
