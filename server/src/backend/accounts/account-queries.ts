import { AccountState, BuiltInRole, type AccountRow, type Page, type RoleRow, type UserListBody } from '@pest/shared';
import { sqlServiceTime } from '../common/service-time.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

const ROW_COLUMNS = `u.id, u.version, u.account, u.name, u.phone, u.customer_id as "customerId", c.name as "customerName",
  coalesce((select json_agg(json_build_object('id', r.id, 'roleName', r.role_name) order by r.id)
            from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]') as roles,
  case when u.disabled_at is null then '${AccountState.active}' else '${AccountState.disabled}' end as state,
  ${sqlServiceTime('u.created_at')} as "createdAt",
  ${sqlServiceTime('u.last_login_at')} as "lastLoginAt"`;

/** SQL condition: the users row `u` is an account the caller manages (a manager's: bound within their customer). */
const managed = (scope: Scope, params: SqlParams) => inScope(scope, 'u.customer_id', params);

/** 系统管理's accounts: a page in account order, filtered. */
export async function userList(db: Queryable, scope: Scope, { current, size, keyword, roleId, state, customerId }: UserListBody): Promise<Page<AccountRow>> {
  const params = new SqlParams();
  const conditions = [managed(scope, params)];
  if (keyword?.trim()) {
    const text = params.add(keyword.trim());
    conditions.push(`(strpos(lower(u.account), lower(${text})) > 0 or strpos(lower(u.name), lower(${text})) > 0 or strpos(coalesce(u.phone, ''), ${text}) > 0)`);
  }
  if (roleId) conditions.push(`exists (select 1 from user_roles ur where ur.user_id = u.id and ur.role_id = ${params.add(roleId)})`);
  if (state === AccountState.active) conditions.push('u.disabled_at is null');
  if (state === AccountState.disabled) conditions.push('u.disabled_at is not null');
  if (customerId) conditions.push(`u.customer_id in (select id from customers where path @> array[${params.add(customerId)}::int])`);
  const from = `from users u left join customers c on c.id = u.customer_id where ${conditions.join(' and ')}`;
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n ${from}`, params.values);
  const records = await db.query<AccountRow>(
    `select ${ROW_COLUMNS} ${from} order by lower(u.account) limit ${params.add(size)} offset ${params.add((current - 1) * size)}`,
    params.values,
  );
  return { total: count!.n, records };
}

/** The account `id` if the caller manages it, else null. */
export async function findAccount(db: Queryable, scope: Scope, id: number): Promise<AccountRow | null> {
  const params = new SqlParams();
  const [row] = await db.query<AccountRow>(
    `select ${ROW_COLUMNS} from users u left join customers c on c.id = u.customer_id where u.id = ${params.add(id)} and ${managed(scope, params)}`,
    params.values,
  );
  return row ?? null;
}

/** Every role, the built-in ones first. */
export async function roleList(db: Queryable, roleId?: number): Promise<RoleRow[]> {
  return db.query<RoleRow>(
    `select r.id, r.version, r.role_key as "roleKey", r.role_name as "roleName", coalesce(r.permissions, '{}') as permissions, r.built_in as "builtIn",
            (select count(*)::int from user_roles ur join users u on u.id = ur.user_id where ur.role_id = r.id and u.disabled_at is null) as "userCount"
     from roles r ${roleId === undefined ? '' : 'where r.id = $1'}
     order by r.built_in desc, r.id`,
    roleId === undefined ? [] : [roleId],
  );
}

/** Active accounts holding the administrator's role, `exceptId` left out. */
export async function otherActiveAdministrators(db: Queryable, exceptId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from user_roles ur join users u on u.id = ur.user_id
     where ur.role_id = $1 and u.disabled_at is null and u.id <> $2`,
    [BuiltInRole.admin.id, exceptId],
  );
  return row!.n;
}
