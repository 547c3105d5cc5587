import {
  ALL_PERMISSIONS,
  BuiltInRole,
  PERMISSION_GROUPS,
  PERMISSION_LABELS,
  VIEW_OF_ACTION,
  roleProblem,
  type Permission,
  type RoleRow,
  type RoleSaveBody,
  type TextLanguage,
} from '@pest/shared';
import { editedIdentity } from '../../api/editedRecord.ts';

/** The role dialog's fields as it holds them. */
export interface RoleValues {
  name: string;
  permissions: Permission[];
}

export const newRoleValues = (): RoleValues => ({ name: '', permissions: [] });

/** The built-in administrator: its permissions are all of them, shown checked and not to be changed. */
export const isAdministratorRole = (role: Pick<RoleRow, 'id'> | undefined): boolean => role?.id === BuiltInRole.admin.id;

export function roleValuesOf(role: RoleRow): RoleValues {
  return { name: role.roleName, permissions: isAdministratorRole(role) ? [...ALL_PERMISSIONS] : inOrder(role.permissions) };
}

/** In the order the editor lists them, so a body does not depend on the order of the clicks. */
const inOrder = (permissions: readonly Permission[]): Permission[] => ALL_PERMISSIONS.filter((permission) => permissions.includes(permission));

/**
 * A checkbox clicked. A manage action is no use without its screen (the server adds the view when
 * it saves), so checking one checks its view; unchecking a view unchecks the actions that need it,
 * so the editor never shows what the server would not keep.
 */
export function togglePermission(permissions: readonly Permission[], permission: Permission, checked: boolean): Permission[] {
  if (checked) {
    const view = VIEW_OF_ACTION[permission];
    return inOrder([...permissions, permission, ...(view ? [view] : [])]);
  }
  return inOrder(permissions.filter((other) => other !== permission && VIEW_OF_ACTION[other] !== permission));
}

/** The save body, or the first problem by the server's own rule (roleProblem). An edit carries the version it loaded. */
export function roleBody(values: RoleValues, editing?: RoleRow): { ok: true; body: RoleSaveBody } | { ok: false; problem: string } {
  const body: RoleSaveBody = { ...editedIdentity(editing), name: values.name.trim(), permissions: inOrder(values.permissions) };
  const problem = roleProblem(body);
  return problem ? { ok: false, problem } : { ok: true, body };
}

/** The editor's sections: each group's view first, then its actions; `view` null for the actions of no screen. */
export const PERMISSION_SECTIONS: readonly { view: Permission | null; permissions: readonly Permission[] }[] = PERMISSION_GROUPS.map((group) => ({
  view: group.view,
  permissions: [...(group.view ? [group.view] : []), ...group.actions],
}));

/** The table's 权限 cell: every label in the editor's order, or null when the role holds them all. */
export function permissionSummary(permissions: readonly Permission[], language: TextLanguage): string[] | null {
  if (ALL_PERMISSIONS.every((permission) => permissions.includes(permission))) return null;
  return inOrder(permissions).map((permission) => PERMISSION_LABELS[permission][language]);
}
