import { Suspense, useRef, useState } from 'react';
import { Drawer, Layout } from '@arco-design/web-react';
import { Outlet, useLocation } from 'react-router-dom';
import { Layout as LayoutSize } from '@pest/shared';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useSettings } from '../settings/settings.ts';
import { Navbar } from './Navbar.tsx';
import { Sidebar } from './Sidebar.tsx';
import { readSidebarOpened, storeSidebarOpened } from './sidebarState.ts';
import { DemoFillNotice } from './DemoFillNotice.tsx';
import { KeptPages } from './KeptPages.tsx';
import { TagsView } from './TagsView.tsx';
import { useIsMobile } from '../../components/useIsMobile.ts';
import { usePreloadScreens } from './usePreloadScreens.ts';
import { useVisitedTags } from './useVisitedTags.ts';
import './layout.css';

const COLLAPSED_WIDTH = 48;

/** Sidebar, navbar, tags and the screens of the open tags. Below 992px the sidebar becomes a drawer. */
export function AppLayout() {
  const isMobile = useIsMobile();
  const { tagsView, fixedHeader } = useSettings();
  const { pathname } = useLocation();
  const visitedTags = useVisitedTags();
  const [sidebarOpened, setSidebarOpened] = useState(readSidebarOpened);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const scrollContainer = useRef<HTMLElement>(null);
  usePreloadScreens();

  // On mobile the drawer closes once the page changes, whatever changed it (menu, back button).
  // Closed during the render that sees the change, so no frame shows it still open over the new
  // page. Not derived from the page it was opened on: going back to that page must not reopen it.
  const [drawerPage, setDrawerPage] = useState({ pathname, isMobile });
  if (drawerPage.pathname !== pathname || drawerPage.isMobile !== isMobile) {
    setDrawerPage({ pathname, isMobile });
    setDrawerOpened(false);
  }

  const toggleSidebar = () => {
    if (isMobile) {
      setDrawerOpened((opened) => !opened);
      return;
    }
    storeSidebarOpened(!sidebarOpened);
    setSidebarOpened(!sidebarOpened);
  };

  return (
    <Layout className={`app-layout${fixedHeader ? ' app-layout-fixed-header' : ''}`}>
      {isMobile ? (
        <Drawer
          placement="left"
          width={LayoutSize.sidebarWidth}
          visible={drawerOpened}
          onCancel={() => setDrawerOpened(false)}
          title={null}
          footer={null}
          closable={false}
          className="app-sidebar-drawer"
        >
          <Sidebar collapsed={false} testId="mobile-sidebar" onNavigate={() => setDrawerOpened(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          className="app-sider"
          width={LayoutSize.sidebarWidth}
          collapsedWidth={COLLAPSED_WIDTH}
          collapsed={!sidebarOpened}
          collapsible
          trigger={null}
        >
          <Sidebar collapsed={!sidebarOpened} testId="sidebar" />
        </Layout.Sider>
      )}
      <Layout className="app-main" ref={scrollContainer}>
        <header className="app-header">
          <Navbar isMobile={isMobile} sidebarCollapsed={!sidebarOpened} onToggleSidebar={toggleSidebar} />
          {tagsView && <TagsView {...visitedTags} />}
        </header>
        <Layout.Content className="app-content">
          <DemoFillNotice />
          {/* Without tags there is nothing to return to or close: pages come and go with the router. */}
          {tagsView ? (
            <KeptPages tags={visitedTags.tags} scrollContainer={scrollContainer} />
          ) : (
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
