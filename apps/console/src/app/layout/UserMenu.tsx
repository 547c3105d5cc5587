import { lazy, Suspense, useState } from 'react';
import { Avatar, Dropdown, Menu } from '@arco-design/web-react';
import { IconDown, IconPoweroff, IconSettings } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { signOut, useSession } from '../../session/session.ts';

// Loaded when first opened, with the login texts it needs.
const ChangePasswordDialog = lazy(() => import('../../features/login/ChangePasswordDialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })));

/** Avatar and name; the dropdown holds who is signed in, 修改密码 and the logout entry. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [changingPassword, setChangingPassword] = useState(false);
  if (!user) return null;
  const picture = user.headPortrait || user.avatar;
  const chosen = (key: string) => {
    if (key === 'logout') void signOut();
    if (key === 'password') setChangingPassword(true);
  };
  const droplist = (
    <Menu className="app-user-droplist" onClickMenuItem={chosen}>
      <Menu.Item key="profile" disabled className="app-user-card">
        <div className="app-user-card-name">{user.name || user.account}</div>
        <div className="app-user-card-meta">{user.account}</div>
        {user.organisationName && <div className="app-user-card-meta">{user.organisationName}</div>}
      </Menu.Item>
      <Menu.Item key="password" data-testid="change-password">
        <IconSettings className="app-user-droplist-icon" />
        {t('layout:changePassword')}
      </Menu.Item>
      <Menu.Item key="logout" data-testid="logout">
        <IconPoweroff className="app-user-droplist-icon" />
        {t('layout:logout')}
      </Menu.Item>
    </Menu>
  );
  return (
    <>
      <Dropdown droplist={droplist} position="br" trigger="click">
        <button type="button" className="app-user" data-testid="user-menu">
          <Avatar size={30} className="app-user-avatar">
            {picture ? <img src={picture} alt="" /> : (user.name || user.account).slice(0, 1).toUpperCase()}
          </Avatar>
          {!compact && (
            <span className="app-user-name" data-testid="user-name">
              {user.name || user.account}
            </span>
          )}
          <IconDown className="app-user-caret" />
        </button>
      </Dropdown>
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </>
  );
}
