import { useCallback } from 'react';
import type { Permission } from '@pest/shared';
import { useSession } from './session.ts';

/** Whether the signed-in user's roles grant a permission: buttons of actions the server would refuse are not offered. */
export function useCan(): (permission: Permission) => boolean {
  const { grants } = useSession();
  return useCallback((permission: Permission) => grants.includes(permission), [grants]);
}
