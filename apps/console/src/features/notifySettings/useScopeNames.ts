import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { filterQueries } from '../../api/filterQueries.ts';
import { appConfig } from '../../session/appConfig.ts';
import { useSession } from '../../session/session.ts';

export type RuleScopeKind =
  | { kind: 'organisation'; organisationId: number; organisationName: string }
  | { kind: 'tree' }
  | { kind: 'stores' };

/** How the signed-in user picks a rule's scope: see ScopeField. */
export function useRuleScopeKind(): RuleScopeKind {
  const { user } = useSession();
  if (user?.customerId != null) return { kind: 'organisation', organisationId: user.customerId, organisationName: user.organisationName };
  return user !== null && appConfig().adminUserIds.includes(user.id) ? { kind: 'tree' } : { kind: 'stores' };
}

/**
 * Names for the ids a rule lists, from what the console already has: the user's own organisation
 * and, for admins, the organisations at the top of the tree (reference data, cached). A store or
 * group chosen deeper in the tree has no name here; the table counts those instead.
 */
export function useScopeNames(): ReadonlyMap<number, string> {
  const scope = useRuleScopeKind();
  const tops = useQuery({ ...filterQueries.customerTreeTops({}), enabled: scope.kind === 'tree' });
  const own = scope.kind === 'organisation' ? scope : undefined;
  const ownId = own?.organisationId;
  const ownName = own?.organisationName;
  return useMemo(() => {
    const names = new Map<number, string>();
    if (ownId !== undefined && ownName !== undefined) names.set(ownId, ownName);
    for (const node of tops.data ?? []) names.set(node.id, node.name);
    return names;
  }, [ownId, ownName, tops.data]);
}
