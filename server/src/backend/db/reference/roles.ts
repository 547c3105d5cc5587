import { ALL_PERMISSIONS, BUILT_IN_ROLE_PERMISSIONS, BuiltInRole } from '@pest/shared';
import type { Queryable } from '../db.ts';

/**
 * The roles every start has, on every start (an upgraded database gets those it lacks): a role an
 * administrator renamed or narrowed keeps what they made of it, but the administrator's always
 * grants every permission, new ones included.
 */
export async function ensureBuiltInRoles(db: Queryable): Promise<void> {
  for (const [name, role] of Object.entries(BuiltInRole) as [keyof typeof BuiltInRole, (typeof BuiltInRole)[keyof typeof BuiltInRole]][]) {
    await db.query(
      `insert into roles (id, role_key, role_name, permissions, built_in) values ($1, $2, $3, $4, true)
       on conflict (id) do update set built_in = true, permissions = coalesce(roles.permissions, excluded.permissions)`,
      [role.id, role.roleKey, role.roleName, [...BUILT_IN_ROLE_PERMISSIONS[name]]],
    );
  }
  await db.query('update roles set permissions = $2 where id = $1 and permissions <> $2', [BuiltInRole.admin.id, [...ALL_PERMISSIONS]]);
}

/**
 * ADMIN_USER_IDS as a bootstrap only: while no active account holds the administrator's role, the
 * accounts it names get it, so a database from before roles (or one locked out) has an administrator.
 */
export async function bootstrapAdministrators(db: Queryable, adminUserIds: readonly number[]): Promise<void> {
  await db.query(
    `insert into user_roles (user_id, role_id)
     select u.id, $1 from users u
     where u.id = any($2::int[]) and u.disabled_at is null
       and not exists (select 1 from user_roles ur join users h on h.id = ur.user_id where ur.role_id = $1 and h.disabled_at is null)
     on conflict do nothing`,
    [BuiltInRole.admin.id, adminUserIds],
  );
}

/** Explicit ids bypass the identity sequence: move it past them for users created later. */
export async function moveUserIdsPastSeeded(tx: Queryable): Promise<void> {
  await tx.query(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
}
