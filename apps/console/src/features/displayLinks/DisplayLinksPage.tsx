import { useCallback, useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISPLAY_HEARTBEAT_MS, DisplayEndpoints, type DisplayLink, type DisplayLinkSecret } from '@pest/shared';
import { displayLinkKeys, displayLinkQueries } from '../../api/displayLinkQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { DisplayLinkDialogs } from './DisplayLinkDialogs.tsx';
import { DisplayLinkTable } from './DisplayLinkTable.tsx';
import { LinkAddressDialog } from './LinkAddressDialog.tsx';
import './displayLinks.css';

type Editing = { link?: DisplayLink } | null;

const ignore = () => undefined;

/**
 * 大屏链接 (issue 20): read-only, revocable links for control-room TVs. The list is asked again
 * at the screens' heartbeat, so last seen and screens in use follow the TVs while it is open.
 */
export function DisplayLinksPage() {
  const { t } = useTranslation(['display', 'route']);
  const links = useQuery({ ...displayLinkQueries.list(), refetchInterval: DISPLAY_HEARTBEAT_MS });
  const [editing, setEditing] = useState<Editing>(null);
  const [copying, setCopying] = useState<{ name: string; secret: DisplayLinkSecret } | null>(null);

  const edit = useCallback((link: DisplayLink) => setEditing({ link }), []);
  // Each resolves once done, so the row's confirmation and button wait for it; a failure has been told.
  const { mutateAsync: revokeLink } = useEndpointMutation(DisplayEndpoints.revoke, { success: () => t('display:revoked'), invalidates: () => [displayLinkKeys.all] });
  const revoke = useCallback((link: DisplayLink) => revokeLink({ id: link.id }).then(ignore, ignore), [revokeLink]);

  // The list shows the copy just recorded.
  const { mutateAsync: reveal } = useEndpointMutation(DisplayEndpoints.reveal, { invalidates: () => [displayLinkKeys.all] });
  const copyAgain = useCallback(
    (link: DisplayLink) => reveal({ id: link.id }).then((secret) => setCopying({ name: link.name, secret }), ignore),
    [reveal],
  );

  return (
    <section className="display-page" data-testid="display-links-page">
      <div className="display-toolbar">
        <h2 className="display-title">{t('route:displayLinks')}</h2>
        <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({})} data-testid="display-add">
          {t('display:create')}
        </Button>
      </div>
      <DisplayLinkTable links={links.data ?? []} loading={links.isFetching && !links.data} onEdit={edit} onRevoke={revoke} onCopyAgain={copyAgain} />
      {editing && <DisplayLinkDialogs editing={editing.link} onClose={() => setEditing(null)} />}
      {copying && (
        <LinkAddressDialog
          title={t('display:copyAgainTitle', { name: copying.name })}
          notice={t('display:copyAgainNotice')}
          secret={copying.secret}
          onClose={() => setCopying(null)}
        />
      )}
    </section>
  );
}
