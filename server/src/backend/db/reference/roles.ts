import type { Queryable } from '../db.ts';

/** The roles accounts are given: reference data, on every start, demo or not. */
export const Role = {
  admin: { id: 1, roleKey: 'admin', roleName: '超级管理员' },
  customerManager: { id: 2, roleKey: 'customer', roleName: '客户经理' },
} as const;

export async function seedRoles(tx: Queryable): Promise<void> {
  for (const role of Object.values(Role)) {
    await tx.query('insert into roles (id, role_key, role_name) values ($1, $2, $3)', [role.id, role.roleKey, role.roleName]);
  }
}

/** Explicit ids bypass the identity sequence: move it past them for users created later. */
export async function moveUserIdsPastSeeded(tx: Queryable): Promise<void> {
  await tx.query(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
}
