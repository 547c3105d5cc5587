import { appConfig } from '../../../session/appConfig.ts';
import { useSession } from '../../../session/session.ts';
import { OrganisationTreeSelect } from './OrganisationTreeSelect.tsx';
import type { OrganisationSelectorProps } from './OrganisationSelectorProps.ts';
import { StoreSelect } from './StoreSelect.tsx';

/**
 * Admin users (the deployment's adminUserIds) choose in the organisation tree; everyone else in
 * their store list, a customer's manager with their organisation (every store of it) at its top.
 */
export function OrganisationSelector(props: OrganisationSelectorProps) {
  const { user } = useSession();
  const isAdmin = user !== null && appConfig().adminUserIds.includes(user.id);
  if (isAdmin) return <OrganisationTreeSelect {...props} />;
  const organisation = user?.customerId == null ? undefined : { id: user.customerId, name: user.organisationName };
  return <StoreSelect {...props} organisation={organisation} />;
}
