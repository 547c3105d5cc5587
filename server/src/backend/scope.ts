import type { FastifyRequest } from 'fastify';
import { ApiMessages } from '@pest/shared';
import type { SqlParams } from './db/sql-params.ts';
import { ApiError } from './envelope.ts';

/**
 * What the signed-in user may see. Every domain query filters through `inScope`, in one place:
 * admins and provider staff (customerId null) see all customers; a customer's manager sees only
 * that customer's subtree (its groups and stores). Admins additionally get the organisation tree
 * in the console.
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

const unrestricted = (scope: Scope) => scope.isAdmin || scope.customerId === null;

/**
 * SQL condition: the customer id in `column` (an organisation, group or store, e.g. a row's
 * `customer_id`) is visible in `scope`. Its parameter is added to `params`. A row outside the
 * scope is simply not found, so asking for another organisation's ids returns nothing.
 */
export function inScope(scope: Scope, column: string, params: SqlParams): string {
  if (unrestricted(scope)) return 'true';
  return `${column} in (select id from customers where path @> array[${params.add(scope.customerId)}::int])`;
}

/** SQL condition: the customer row `alias` is a top of what `scope` sees (an organisation, or the manager's own customer). */
export function isScopeTop(scope: Scope, alias: string, params: SqlParams): string {
  if (unrestricted(scope)) return `${alias}.parent_id is null`;
  return `${alias}.id = ${params.add(scope.customerId)}`;
}
