import { AccountState, AuditObjectType, PERMISSION_LABELS } from '@pest/shared';
import type { AuditedKind } from '../common/audit-log.ts';
import type { Scope } from '../scope.ts';
import { findAccount, roleList } from './account-queries.ts';

/** An account as its entries show it: names, never its password. */
interface AuditedAccount {
  account: string;
  name: string;
  phone: string | null;
  customer: string | null;
  roles: string;
  state: string;
}

/** An account's entries belong to the customer it is bound to (the provider's own for staff). */
export function auditedAccount(scope: Scope): AuditedKind<AuditedAccount> {
  const customers = new Map<number, number | null>();
  return {
    objectType: AuditObjectType.user,
    async read(tx, id) {
      const row = await findAccount(tx, scope, id);
      if (!row) return null;
      customers.set(id, row.customerId);
      return {
        account: row.account,
        name: row.name,
        phone: row.phone,
        customer: row.customerName,
        roles: row.roles.map((role) => role.roleName).join('、'),
        state: row.state === AccountState.active ? '正常' : '已停用',
      };
    },
    ownerOf: (_row, id) => customers.get(id) ?? null,
  };
}

/** A role as its entries show it: its permissions by name. */
export const auditedRole: AuditedKind<{ name: string; permissions: string }> = {
  objectType: AuditObjectType.role,
  async read(tx, id) {
    const [role] = await roleList(tx, id);
    return role ? { name: role.roleName, permissions: role.permissions.map((permission) => PERMISSION_LABELS[permission].zh).join('、') } : null;
  },
  ownerOf: () => null,
};
