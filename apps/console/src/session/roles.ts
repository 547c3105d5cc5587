import type { UserInfo } from '@pest/shared';

/** The role given to a user whose info lists none (console-spec section 6). */
export const PLACEHOLDER_ROLE = 'ROLE_DEFAULT';

export function rolesOf(user: Pick<UserInfo, 'roleListVoList'>): string[] {
  const roles = (user.roleListVoList ?? []).map((role) => role.roleKey).filter((key) => key !== '');
  return roles.length > 0 ? roles : [PLACEHOLDER_ROLE];
}

/** The role keys and the permissions they grant: a route or a button needing either is checked against these. */
export function grantsOf(user: Pick<UserInfo, 'roleListVoList' | 'permissions'>): string[] {
  return [...rolesOf(user), ...(user.permissions ?? [])];
}
