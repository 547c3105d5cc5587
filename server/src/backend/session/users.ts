import type { UserInfo } from '@pest/shared';
import { accountAccessColumns } from '../common/account-access.ts';
import type { Queryable } from '../db/db.ts';
import type { Scope } from '../scope.ts';

interface Credentials {
  id: number;
  passwordHash: string;
  mustChangePassword: boolean;
  disabled: boolean;
}

/** Accounts are found case-blind, as they are kept unique. */
export async function findCredentials(db: Queryable, account: string): Promise<Credentials | null> {
  const [row] = await db.query<Credentials>(
    `select id, password_hash as "passwordHash", must_change_password as "mustChangePassword", disabled_at is not null as disabled
     from users where lower(account) = lower($1)`,
    [account],
  );
  return row ?? null;
}

export async function findPasswordHash(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.query<{ passwordHash: string }>('select password_hash as "passwordHash" from users where id = $1', [userId]);
  return row?.passwordHash ?? null;
}

/** The user's own password from now on: the flag of a given one goes with it. */
export async function setPassword(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query('update users set password_hash = $2, must_change_password = false where id = $1', [userId, passwordHash]);
}

/** The user as the console shows it: roles, avatar and the organisation it belongs to. */
export async function loadUserInfo(db: Queryable, userId: number): Promise<UserInfo | null> {
  const [row] = await db.query<Omit<UserInfo, 'avatar' | 'mustChangePassword'> & { mustChangePassword: boolean }>(
    `select access.permissions, u.id, u.account, u.name, u.head_portrait as "headPortrait", u.customer_id as "customerId",
            u.must_change_password as "mustChangePassword",
            coalesce(c.name, (select name from providers order by id limit 1)) as "organisationName",
            coalesce(
              (select json_agg(json_build_object('id', r.id, 'roleName', r.role_name, 'roleKey', r.role_key) order by r.id)
               from user_roles ur join roles r on r.id = ur.role_id
               where ur.user_id = u.id),
              '[]'
            ) as "roleListVoList"
     from users u left join customers c on c.id = u.customer_id
     cross join lateral (select ${accountAccessColumns('u')}) access
     where u.id = $1`,
    [userId],
  );
  if (!row) return null;
  const { mustChangePassword, ...user } = row;
  // The original API sends the picture under both names; the console reads either. The flag is
  // sent only when set, as at the login: the original answer has no such field.
  return { ...user, avatar: row.headPortrait, ...(mustChangePassword ? { mustChangePassword } : {}) };
}

/**
 * A display scope as the signed-in "user": a synthetic id and account per (link, scope), so the
 * live hub, which keys its polls by user, never shares one between scopes or links.
 */
export function displayUserInfo(scope: Scope & { display: NonNullable<Scope['display']> }): UserInfo {
  const { display } = scope;
  return {
    id: scope.userId,
    account: `display:${display.linkId}:${display.scopeIndex}`,
    name: display.linkName,
    roleListVoList: [],
    permissions: [...scope.permissions],
    headPortrait: null,
    avatar: null,
    customerId: scope.customerId,
    organisationName: display.organisationName,
  };
}
