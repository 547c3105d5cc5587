import type { SqlParams } from '../db/sql-params.ts';
import type { Scope } from '../scope.ts';

/**
 * Whose a channel, rule or display link is. Provider staff (admins, staff with no customer) own theirs as the
 * provider (null) and see everyone's; a customer's manager owns and sees only his customer's, so
 * he can neither read nor send through the provider's robots.
 */
export const ownerOf = (scope: Scope): number | null => (scope.isAdmin || scope.customerId === null ? null : scope.customerId);

/** SQL condition: the row's owner column is visible in `scope`. */
export function ownedInScope(scope: Scope, column: string, params: SqlParams): string {
  const owner = ownerOf(scope);
  return owner === null ? 'true' : `${column} = ${params.add(owner)}`;
}
