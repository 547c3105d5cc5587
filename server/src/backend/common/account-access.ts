import { BuiltInRole, type Permission } from '@pest/shared';

/** What an account may do, as its roles say now: read on every call, so a changed role applies at the next one. */
export interface AccountAccess {
  id: number;
  customerId: number | null;
  /** Holds the administrator's role. */
  isAdmin: boolean;
  permissions: Permission[];
}

/** The select list of AccountAccess for the users row `alias`. */
export const accountAccessColumns = (alias: string): string => `
  ${alias}.id, ${alias}.customer_id as "customerId",
  exists (select 1 from user_roles ar where ar.user_id = ${alias}.id and ar.role_id = ${BuiltInRole.admin.id}) as "isAdmin",
  coalesce((select array_agg(distinct p order by p) from user_roles ar join roles r on r.id = ar.role_id, unnest(r.permissions) p
            where ar.user_id = ${alias}.id), '{}') as permissions`;
