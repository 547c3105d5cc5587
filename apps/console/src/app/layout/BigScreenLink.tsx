import { lazy, Suspense, useState } from 'react';
import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconDesktop, IconDown } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { wallboardLink } from '../../navigation/wallboardLink.ts';
import { appConfig } from '../../session/appConfig.ts';
import { useSession } from '../../session/session.ts';

// Loaded on first use: the form and its organisation tree are not needed by most visits.
const DisplayLinkDialogs = lazy(() => import('../../features/displayLinks/DisplayLinkDialogs.tsx').then((m) => ({ default: m.DisplayLinkDialogs })));

/**
 * Opens the wallboard in a new window, handing it the token and the account as `phone`; its menu
 * creates a display link for a TV (issue 20) in place, without leaving the page.
 */
export function BigScreenLink({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { token, user } = useSession();
  const [creating, setCreating] = useState(false);
  const open = () => {
    // 'noopener' cuts the new window off from this one; the referrer stays, as the wallboard needs nothing from it.
    window.open(wallboardLink(appConfig().wallboardUrl, token ?? '', user?.account ?? ''), '_blank', 'noopener');
  };
  const menu = (
    <Menu onClickMenuItem={() => setCreating(true)}>
      <Menu.Item key="createDisplayLink" data-testid="create-display-link">
        {t('layout:createDisplayLink')}
      </Menu.Item>
    </Menu>
  );
  return (
    <>
      <Button.Group>
        <Button
          type="secondary"
          shape={compact ? 'circle' : 'round'}
          icon={<IconDesktop />}
          onClick={open}
          aria-label={t('layout:bigScreen')}
          title={t('layout:bigScreen')}
          data-testid="wallboard-link"
        >
          {compact ? null : t('layout:bigScreen')}
        </Button>
        <Dropdown droplist={menu} trigger="click" position="br">
          <Button type="secondary" shape={compact ? 'circle' : 'round'} icon={<IconDown />} aria-label={t('layout:bigScreenMenu')} title={t('layout:bigScreenMenu')} data-testid="wallboard-menu" />
        </Dropdown>
      </Button.Group>
      {creating && (
        <Suspense fallback={null}>
          <DisplayLinkDialogs onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
