import type { FastifyRequest } from 'fastify';
import { ApiMessages, DISPLAY_SCOPES_MAX, type Permission } from '@pest/shared';
import type { AccountAccess } from './common/account-access.ts';
import type { SqlParams } from './db/sql-params.ts';
import { ApiError } from './envelope.ts';

/**
 * What the signed-in user may see. Every domain query filters through `inScope`, in one place:
 * admins and provider staff (customerId null) see all customers; a customer's manager sees only
 * that customer's subtree (its groups and stores). Admins additionally get the organisation tree
 * in the console. A display token (display/) narrows its creator's scope further.
 */
export interface Scope {
  userId: number;
  isAdmin: boolean;
  customerId: number | null;
  /** What the user's roles grant (a display token: its creator's). */
  permissions: ReadonlySet<Permission>;
  /** Set for a display token: isAdmin and customerId are then its creator's. */
  display?: DisplayRestriction;
}

/** One scope of a display link, as its token resolved it. */
export interface DisplayRestriction {
  linkId: number;
  scopeIndex: number;
  linkName: string;
  /** The creator's organisation (the provider's name for provider staff). */
  organisationName: string;
  /** Subtrees the screen shows; empty: all the creator sees. */
  customerIds: readonly number[];
  /** Sales areas the screen shows; empty: any. */
  areaIds: readonly number[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on every protected route. */
    scope: Scope | null;
  }
}

/**
 * The user id a display scope acts as, negative so it is never an account's: every (link, scope)
 * is its own viewer to what keys by user (the live hub's polls, shared answers, fair limits).
 */
export const displayUserId = (linkId: number, scopeIndex: number): number => -(linkId * DISPLAY_SCOPES_MAX + scopeIndex + 1);

export function buildScope(user: AccountAccess): Scope {
  return { userId: user.id, isAdmin: user.isAdmin, customerId: user.customerId, permissions: new Set(user.permissions) };
}

/** The scope of an authenticated request; a route reached without one is refused. */
export function requestScope(request: FastifyRequest): Scope {
  if (!request.scope) throw new ApiError(401, ApiMessages.sessionExpired);
  return request.scope;
}

const unrestricted = (scope: Scope) => scope.isAdmin || scope.customerId === null;

/** SQL conditions on the customer row `alias` that make it visible in `scope`; none: everything is. */
function visibleConditions(scope: Scope, alias: string, params: SqlParams): string[] {
  const conditions = unrestricted(scope) ? [] : [`${alias}.path @> array[${params.add(scope.customerId)}::int]`];
  const display = scope.display;
  if (display?.customerIds.length) conditions.push(`${alias}.path && ${params.add(display.customerIds)}::int[]`);
  if (display?.areaIds.length) conditions.push(`${alias}.area_id = any(${params.add(display.areaIds)}::int[])`);
  return conditions;
}

/**
 * SQL condition: the customer id in `column` (an organisation, group or store, e.g. a row's
 * `customer_id`) is visible in `scope`. Its parameter is added to `params`. A row outside the
 * scope is simply not found, so asking for another organisation's ids returns nothing.
 */
export function inScope(scope: Scope, column: string, params: SqlParams): string {
  if (!scope.display) {
    if (unrestricted(scope)) return 'true';
    return `${column} in (select id from customers where path @> array[${params.add(scope.customerId)}::int])`;
  }
  const conditions = visibleConditions(scope, 'v', params);
  if (conditions.length === 0) return 'true';
  return `${column} in (select v.id from customers v where ${conditions.join(' and ')})`;
}

/** Whether `scope` sees every customer: the provider's staff, or a display link of theirs naming no customers or areas. */
export function seesEverything(scope: Scope): boolean {
  return unrestricted(scope) && !scope.display?.customerIds.length && !scope.display?.areaIds.length;
}

/**
 * The organisations `scope` sees whole, when it does: every one (organisationId null) or the
 * manager's customer (the caller checks that it is an organisation, not a group or a store),
 * optionally only their stores of some sales areas. Null for a display naming subtrees, which
 * may cut through an organisation.
 */
export function seesWholeOrganisations(scope: Scope): { organisationId: number | null; areaIds: readonly number[] } | null {
  if (scope.display?.customerIds.length) return null;
  return { organisationId: unrestricted(scope) ? null : scope.customerId, areaIds: scope.display?.areaIds ?? [] };
}

/**
 * SQL condition: the customer row `alias` is a top of what `scope` sees (an organisation, or the
 * manager's own customer; for a display scope naming customers, those of them not below another).
 */
export function isScopeTop(scope: Scope, alias: string, params: SqlParams): string {
  const named = scope.display?.customerIds ?? [];
  if (named.length > 0) {
    const ids = params.add(named);
    const below = `${alias}.path[1:array_length(${alias}.path, 1) - 1] && ${ids}::int[]`;
    return [`${alias}.id = any(${ids}::int[])`, `not (${below})`, ...visibleConditions({ ...scope, display: undefined }, alias, params)].join(' and ');
  }
  if (unrestricted(scope)) return `${alias}.parent_id is null`;
  return `${alias}.id = ${params.add(scope.customerId)}`;
}
