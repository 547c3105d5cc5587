import { Avatar, Dropdown, Menu } from '@arco-design/web-react';
import { IconDown, IconPoweroff } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { signOut, useSession } from '../../session/session.ts';

/** Avatar and name; the dropdown holds who is signed in and the logout entry. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const picture = user.headPortrait || user.avatar;
  const droplist = (
    <Menu className="app-user-droplist" onClickMenuItem={(key) => key === 'logout' && void signOut()}>
      <Menu.Item key="profile" disabled className="app-user-card">
        <div className="app-user-card-name">{user.name || user.account}</div>
        <div className="app-user-card-meta">{user.account}</div>
        {user.organisationName && <div className="app-user-card-meta">{user.organisationName}</div>}
      </Menu.Item>
      <Menu.Item key="logout" data-testid="logout">
        <IconPoweroff className="app-user-droplist-icon" />
        {t('layout:logout')}
      </Menu.Item>
    </Menu>
  );
  return (
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
  );
}
