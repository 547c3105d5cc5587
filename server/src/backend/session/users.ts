import type { UserInfo } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import type { Scope } from '../scope.ts';

export async function findCredentials(db: Queryable, account: string): Promise<{ id: number; passwordHash: string } | null> {
  const [row] = await db.query<{ id: number; passwordHash: string }>(
    'select id, password_hash as "passwordHash" from users where account = $1',
    [account],
  );
  return row ?? null;
}

/** The user as the console shows it: roles, avatar and the organisation it belongs to. */
export async function loadUserInfo(db: Queryable, userId: number): Promise<UserInfo | null> {
  const [row] = await db.query<Omit<UserInfo, 'avatar'>>(
    `select u.id, u.account, u.name, u.head_portrait as "headPortrait", u.customer_id as "customerId",
            coalesce(c.name, (select name from providers order by id limit 1)) as "organisationName",
            coalesce(
              (select json_agg(json_build_object('id', r.id, 'roleName', r.role_name, 'roleKey', r.role_key) order by r.id)
               from user_roles ur join roles r on r.id = ur.role_id
               where ur.user_id = u.id),
              '[]'
            ) as "roleListVoList"
     from users u left join customers c on c.id = u.customer_id
     where u.id = $1`,
    [userId],
  );
  // The original API sends the picture under both names; the console reads either.
  return row ? { ...row, avatar: row.headPortrait } : null;
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
    headPortrait: null,
    avatar: null,
    customerId: scope.customerId,
    organisationName: display.organisationName,
  };
}
