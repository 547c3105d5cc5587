import type { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

/**
 * SQL expression naming the store row `store` where a risk or a visit is: the store's name, or
 * `organisation / store` when the customers asked for (organisations, groups or stores), as far as
 * `scope` sees them, span several organisations: there a store's name alone does not say whose it
 * is, and within one the organisation on every row would be noise. Counted once per query.
 */
export function sqlStoreLabel(store: string, customerIds: readonly number[], scope: Scope, params: SqlParams): string {
  const asked = `select c.path[1] from customers c where c.id = any(${params.add(customerIds)}::int[]) and ${inScope(scope, 'c.id', params)}`;
  const organisation = `(select o.name from customers o where o.id = ${store}.path[1])`;
  return `case when (select count(distinct a.path) from (${asked}) as a(path)) > 1 then ${organisation} || ' / ' || ${store}.name else ${store}.name end`;
}
