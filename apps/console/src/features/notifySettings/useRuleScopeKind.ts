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
