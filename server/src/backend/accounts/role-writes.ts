import { AccountMessages, BuiltInRole, roleProblem, VIEW_OF_ACTION, type Permission, type RoleSaveBody } from '@pest/shared';
import { lockForEdit } from '../common/edit-version.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import type { Scope } from '../scope.ts';
import { refuseBeyondOwn } from './account-writes.ts';
import { refusedAsTaken } from '../common/unique-violation.ts';

/** The permissions as saved: each action with the view of its screen, once each, in the contract's order. */
export function withViews(permissions: readonly Permission[]): Permission[] {
  const all = new Set(permissions.flatMap((permission) => [permission, ...(VIEW_OF_ACTION[permission] ? [VIEW_OF_ACTION[permission]] : [])]));
  return [...all].sort();
}

/** Creates a role (no id) or renames one and sets its permissions; provider staff only. Answers its id. */
export async function saveRole(tx: Queryable, scope: Scope, body: RoleSaveBody): Promise<number> {
  if (scope.customerId !== null && !scope.isAdmin) throw new ApiError(403, AccountMessages.rolesStaffOnly);
  const problem = roleProblem(body);
  if (problem) throw new ApiError(400, problem);
  const name = body.name.trim();
  const permissions = withViews(body.permissions);
  refuseBeyondOwn(scope, permissions);
  const taken = await tx.query('select 1 from roles where lower(role_name) = lower($1) and id is distinct from $2', [name, body.id ?? null]);
  if (taken.length > 0) throw new ApiError(400, AccountMessages.roleNameTaken);
  if (body.id === undefined) {
    const [{ id }] = (await refusedAsTaken(AccountMessages.roleNameTaken, () =>
      tx.query<{ id: number }>(`insert into roles (role_key, role_name, permissions) values ('role-' || md5(random()::text), $1, $2) returning id`, [name, permissions]),
    )) as [{ id: number }];
    return id;
  }
  if (!(await lockForEdit(tx, 'roles', body.id, body.version))) throw new ApiError(404, AccountMessages.roleNotFound);
  if (body.id === BuiltInRole.admin.id) {
    const [admin] = await tx.query<{ permissions: Permission[] }>('select permissions from roles where id = $1', [body.id]);
    if (withViews(admin!.permissions).join() !== permissions.join()) throw new ApiError(400, AccountMessages.adminRoleFixed);
  }
  await refusedAsTaken(AccountMessages.roleNameTaken, () => tx.query('update roles set role_name = $2, permissions = $3, version = version + 1 where id = $1', [body.id, name, permissions]));
  return body.id;
}
