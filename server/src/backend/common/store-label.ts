import type { SqlParams } from '../db/sql-params.ts';
import { isScopeTop, type Scope } from '../scope.ts';

/**
 * SQL expression naming the store row `store` where a risk or a visit is: the store's name, or
 * `organisation / store` when `scope` spans several organisations (the provider's staff), to whom
 * a store's name alone does not say whose it is. The scope's tops are counted once per query.
 */
export function sqlStoreLabel(store: string, scope: Scope, params: SqlParams): string {
  const spansOrganisations = `(select count(distinct t.path[1]) from customers t where ${isScopeTop(scope, 't', params)}) > 1`;
  const organisation = `(select o.name from customers o where o.id = ${store}.path[1])`;
  return `case when ${spansOrganisations} then ${organisation} || ' / ' || ${store}.name else ${store}.name end`;
}
