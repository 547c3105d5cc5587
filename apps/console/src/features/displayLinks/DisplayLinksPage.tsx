import { useCallback, useState } from 'react';
import { Button, Message } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISPLAY_HEARTBEAT_MS, TOAST_DURATION_MS, type DisplayLink, type DisplayLinkSecret } from '@pest/shared';
import { displayLinkKeys, displayLinkQueries } from '../../api/displayLinkQueries.ts';
import { copyDisplayLinkAgain, revokeDisplayLink } from '../../api/displayLinks.ts';
import { DisplayLinkDialogs } from './DisplayLinkDialogs.tsx';
import { DisplayLinkTable } from './DisplayLinkTable.tsx';
import { LinkAddressDialog } from './LinkAddressDialog.tsx';
import './displayLinks.css';

type Editing = { link?: DisplayLink } | null;

/**
 * 大屏链接 (issue 20): read-only, revocable links for control-room TVs. The list is asked again
 * at the screens' heartbeat, so last seen and screens in use follow the TVs while it is open.
 */
export function DisplayLinksPage() {
  const { t } = useTranslation(['display', 'route']);
  const queryClient = useQueryClient();
  const links = useQuery({ ...displayLinkQueries.list(), refetchInterval: DISPLAY_HEARTBEAT_MS });
  const [editing, setEditing] = useState<Editing>(null);
  const [copying, setCopying] = useState<{ name: string; secret: DisplayLinkSecret } | null>(null);

  const edit = useCallback((link: DisplayLink) => setEditing({ link }), []);
  const revoke = useCallback(
    async (link: DisplayLink) => {
      try {
        await revokeDisplayLink(link.id);
        Message.success({ content: t('display:revoked'), duration: TOAST_DURATION_MS });
        await queryClient.invalidateQueries({ queryKey: displayLinkKeys.all });
      } catch {
        // The http client has shown the server's reason.
      }
    },
    [queryClient, t],
  );

  const copyAgain = useCallback(
    async (link: DisplayLink) => {
      try {
        setCopying({ name: link.name, secret: await copyDisplayLinkAgain(link.id) });
        // The list shows the copy just recorded.
        await queryClient.invalidateQueries({ queryKey: displayLinkKeys.all });
      } catch {
        // The http client has shown the server's reason.
      }
    },
    [queryClient],
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
