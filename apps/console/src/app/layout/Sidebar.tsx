import { useMemo, useState } from 'react';
import { Menu } from '@arco-design/web-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo.tsx';
import { activeMenuFor, menuFromRoutes, type MenuEntry } from '../routeQueries.ts';
import { routes } from '../routes.tsx';
import { useSession } from '../../session/session.ts';
import { useSettings } from '../settings/settings.ts';
import { menuIcons } from './menuIcons.tsx';

interface SidebarProps {
  collapsed: boolean;
  testId: string;
  /** Called after a menu item is picked, even the current page's (the mobile drawer closes then). */
  onNavigate?: () => void;
}

/** The group holding the highlighted item, so reloading a page keeps its group open. */
function groupOf(menu: readonly MenuEntry[], key: string): string | undefined {
  return menu.find((entry) => entry.children?.some((child) => child.key === key))?.key;
}

/** Logo and the permission-filtered menu; the same content in the desktop sider and the mobile drawer. */
export function Sidebar({ collapsed, testId, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { grants } = useSession();
  const { sidebarLogo } = useSettings();
  const menu = useMemo(() => menuFromRoutes(routes, grants), [grants]);
  const selected = activeMenuFor(routes, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const group = groupOf(menu, selected);
    return group ? [group] : [];
  });

  // Each new page (or menu, when the roles change) opens its group again, even one the user closed
  // earlier; keyed on the page rather than the group so that moving within a closed group does too.
  const [shownFor, setShownFor] = useState({ menu, selected });
  if (shownFor.menu !== menu || shownFor.selected !== selected) {
    setShownFor({ menu, selected });
    const group = groupOf(menu, selected);
    if (group) setOpenKeys((keys) => (keys.includes(group) ? keys : [...keys, group]));
  }

  const renderEntry = (entry: MenuEntry) => {
    const icon = entry.icon ? menuIcons[entry.icon] : null;
    const label = (
      <>
        {icon}
        <span className="app-menu-label">{t(`route:${entry.title}`)}</span>
      </>
    );
    return entry.children ? (
      <Menu.SubMenu key={entry.key} title={label} data-testid={`menu-group-${entry.key}`}>
        {entry.children.map(renderEntry)}
      </Menu.SubMenu>
    ) : (
      <Menu.Item key={entry.key} data-testid={`menu-item-${entry.key}`}>
        {label}
      </Menu.Item>
    );
  };

  return (
    <nav className="app-sidebar" data-testid={testId} data-collapsed={collapsed}>
      {sidebarLogo && (
        <div className="app-sidebar-logo" data-testid="sidebar-logo">
          <BrandLogo size={30} />
          {!collapsed && <span className="app-sidebar-logo-text">{t('common:appShortName')}</span>}
        </div>
      )}
      <Menu
        className="app-menu"
        collapse={collapsed}
        selectedKeys={[selected]}
        openKeys={openKeys}
        onClickSubMenu={(_key, keys) => setOpenKeys(keys)}
        onClickMenuItem={(key) => {
          navigate(key);
          onNavigate?.();
        }}
      >
        {menu.map(renderEntry)}
      </Menu>
    </nav>
  );
}
