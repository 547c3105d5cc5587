import { lazy, Suspense, useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconMenu, IconMenuFold, IconMenuUnfold, IconSettings } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { AlarmBell } from './AlarmBell.tsx';
import { AppBreadcrumb } from './AppBreadcrumb.tsx';
import { BigScreenLink } from './BigScreenLink.tsx';
import { LiveIndicator } from './LiveIndicator.tsx';
import { NoticeMark } from './NoticeMark.tsx';
import { UserMenu } from './UserMenu.tsx';

// Loaded on first open: the colour picker in it is needed by few visits.
const SettingsPanel = lazy(() => import('./SettingsPanel.tsx').then((m) => ({ default: m.SettingsPanel })));

interface NavbarProps {
  isMobile: boolean;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
}

export function Navbar({ isMobile, sidebarCollapsed, onToggleSidebar }: NavbarProps) {
  const { t } = useTranslation();
  const [settingsOpened, setSettingsOpened] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);

  const toggleLabel = isMobile ? t('layout:openMenu') : sidebarCollapsed ? t('layout:expandMenu') : t('layout:collapseMenu');
  const toggleIcon = isMobile ? <IconMenu /> : sidebarCollapsed ? <IconMenuUnfold /> : <IconMenuFold />;

  return (
    <div className="app-navbar">
      <div className="app-navbar-left">
        <button
          type="button"
          className="app-navbar-toggle"
          onClick={onToggleSidebar}
          aria-label={toggleLabel}
          title={toggleLabel}
          data-testid={isMobile ? 'mobile-menu-toggle' : 'sidebar-toggle'}
        >
          {toggleIcon}
        </button>
        <AppBreadcrumb />
      </div>
      <div className="app-navbar-right">
        <LiveIndicator compact={isMobile} />
        <AlarmBell />
        <NoticeMark />
        <BigScreenLink compact={isMobile} />
        <LanguageSwitch />
        <Button
          type="secondary"
          shape="circle"
          icon={<IconSettings />}
          onClick={() => {
            setSettingsLoaded(true);
            setSettingsOpened(true);
          }}
          aria-label={t('layout:settings')}
          title={t('layout:settings')}
          data-testid="settings-button"
        />
        <UserMenu compact={isMobile} />
      </div>
      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsPanel visible={settingsOpened} onClose={() => setSettingsOpened(false)} />
        </Suspense>
      )}
    </div>
  );
}
