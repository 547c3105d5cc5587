import { Button } from '@arco-design/web-react';
import { IconDesktop } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../session/appConfig.ts';
import { useSession } from '../../session/session.ts';
import { wallboardLink } from './wallboardLink.ts';

/** Opens the wallboard in a new window, handing it the token and the account as `phone`. */
export function BigScreenLink({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { token, user } = useSession();
  const open = () => {
    // 'noopener' cuts the new window off from this one; the referrer stays, as the wallboard needs nothing from it.
    window.open(wallboardLink(appConfig().wallboardUrl, token ?? '', user?.account ?? ''), '_blank', 'noopener');
  };
  return (
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
  );
}
