import { AccountMessages, BuiltInRole, newPasswordProblem, userProblem, type Permission, type UserSaveBody } from '@pest/shared';
import { hashPassword } from '../common/password.ts';
import { lockForEdit } from '../common/edit-version.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import type { Scope } from '../scope.ts';
import { endAllSessions } from '../common/end-sessions.ts';
import { findAccount, otherActiveAdministrators } from './account-queries.ts';
import { refusedAsTaken } from '../common/unique-violation.ts';

const unrestricted = (scope: Scope) => scope.isAdmin || scope.customerId === null;

/** Nobody grants what they may not do themselves: a manager cannot make an account mightier than their own. */
export function refuseBeyondOwn(scope: Scope, permissions: readonly Permission[]): void {
  if (!scope.isAdmin && permissions.some((permission) => !scope.permissions.has(permission))) throw new ApiError(403, AccountMessages.roleBeyondOwn);
}

/** The roles an account is given, checked: they exist, the administrator's goes to staff only, and they grant nothing beyond the giver's. */
async function checkedRoles(tx: Queryable, scope: Scope, roleIds: readonly number[], customerId: number | null): Promise<void> {
  const roles = await tx.query<{ id: number; permissions: Permission[] }>(`select id, coalesce(permissions, '{}') as permissions from roles where id = any($1::int[])`, [[...roleIds]]);
  if (roles.length !== new Set(roleIds).size) throw new ApiError(400, AccountMessages.roleNotFound);
  if (roleIds.includes(BuiltInRole.admin.id)) {
    if (customerId !== null) throw new ApiError(400, AccountMessages.adminIsStaff);
    if (!scope.isAdmin) throw new ApiError(403, AccountMessages.roleBeyondOwn);
  }
  refuseBeyondOwn(scope, roles.flatMap((role) => role.permissions));
}

/** The customer an account is bound to: one the caller sees, and for a manager one within their own. */
async function checkedCustomer(tx: Queryable, scope: Scope, customerId: number | null): Promise<void> {
  if (customerId === null) {
    if (!unrestricted(scope)) throw new ApiError(403, AccountMessages.outsideOwnCustomer);
    return;
  }
  const [customer] = await tx.query<{ path: number[] }>('select path from customers where id = $1 and suspended_at is null', [customerId]);
  if (!customer) throw new ApiError(400, AccountMessages.customerNotFound);
  if (!unrestricted(scope) && !customer.path.includes(scope.customerId!)) throw new ApiError(403, AccountMessages.outsideOwnCustomer);
}

/** Locks the account for an edit the caller may make (404 outside their reach, 409 over someone else's save). */
async function lockedAccount(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<void> {
  if (!(await findAccount(tx, scope, id)) || !(await lockForEdit(tx, 'users', id, version))) throw new ApiError(404, AccountMessages.notFound);
}

/** Someone must still be able to manage accounts: the last active administrator stays one. */
async function keepAnAdministrator(tx: Queryable): Promise<void> {
  if ((await otherActiveAdministrators(tx, 0)) === 0) throw new ApiError(400, AccountMessages.lastAdministrator);
}

/**
 * Creates an account (no id), which must choose its own password at its first sign-in, or edits
 * one; answers its id. Its roles are replaced by those sent.
 */
export async function saveUser(tx: Queryable, scope: Scope, body: UserSaveBody): Promise<number> {
  const problem = userProblem(body);
  if (problem) throw new ApiError(400, problem);
  await checkedCustomer(tx, scope, body.customerId);
  await checkedRoles(tx, scope, body.roleIds, body.customerId);
  const account = body.account.trim();
  const taken = await tx.query('select 1 from users where lower(account) = lower($1) and id is distinct from $2', [account, body.id ?? null]);
  if (taken.length > 0) throw new ApiError(400, AccountMessages.accountTaken);
  const fields = [account, body.name.trim(), body.phone?.trim() || null, body.customerId];
  let id: number;
  if (body.id === undefined) {
    const hash = await hashPassword(body.password!);
    [{ id }] = (await refusedAsTaken(AccountMessages.accountTaken, () =>
      tx.query<{ id: number }>(
        `insert into users (account, name, phone, customer_id, password_hash, must_change_password) values ($1, $2, $3, $4, $5, true) returning id`,
        [...fields, hash],
      ),
    )) as [{ id: number }];
  } else {
    id = body.id;
    await lockedAccount(tx, scope, id, body.version);
    await refusedAsTaken(AccountMessages.accountTaken, () => tx.query('update users set account = $2, name = $3, phone = $4, customer_id = $5, version = version + 1 where id = $1', [id, ...fields]));
    await tx.query('delete from user_roles where user_id = $1', [id]);
  }
  await tx.query('insert into user_roles (user_id, role_id) select $1, unnest($2::int[]) on conflict do nothing', [id, [...new Set(body.roleIds)]]);
  await keepAnAdministrator(tx);
  return id;
}

/** Disables (its sessions end) or enables an account. */
export async function setAccountDisabled(tx: Queryable, scope: Scope, id: number, version: number | undefined, disabled: boolean): Promise<void> {
  if (disabled && id === scope.userId) throw new ApiError(400, AccountMessages.notYourself);
  await lockedAccount(tx, scope, id, version);
  await tx.query(`update users set disabled_at = ${disabled ? 'coalesce(disabled_at, now())' : 'null'}, version = version + 1 where id = $1`, [id]);
  if (!disabled) return;
  await endAllSessions(tx, id);
  await keepAnAdministrator(tx);
}

/** Gives the account a password it must change at its next sign-in; whoever is signed in with the old one is signed out. */
export async function resetAccountPassword(tx: Queryable, scope: Scope, id: number, password: string): Promise<void> {
  const problem = newPasswordProblem(password);
  if (problem) throw new ApiError(400, problem);
  await lockedAccount(tx, scope, id, undefined);
  await tx.query('update users set password_hash = $2, must_change_password = true, version = version + 1 where id = $1', [id, await hashPassword(password)]);
  await endAllSessions(tx, id);
}
