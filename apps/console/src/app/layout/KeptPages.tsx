import { Activity, Suspense, useState, type RefObject } from 'react';
import {
  Outlet,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigationType,
  type Location,
  type NavigationType,
} from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading.tsx';
import { findRoute, keepsAlive } from '../routeQueries.ts';
import { routes, type AppRoute } from '../routes.tsx';
import { keptPagesAfter, type KeptPage } from './keptPages.ts';
import { usePageScroll } from './usePageScroll.ts';
import type { VisitedTag } from './visitedTags.ts';

/** What a kept page sees of the router: the location it was last shown at, not the one on screen. */
interface RouterFrame {
  location: Location;
  navigationType: NavigationType;
}

interface KeptPagesProps {
  tags: readonly VisitedTag[];
  scrollContainer: RefObject<HTMLElement | null>;
}

/**
 * The screens of the open tags, like vue-element-admin's cachedViews: each page shown once stays
 * mounted while its tag is open, hidden by React's <Activity> when another is on screen, so its
 * filters, results, page and open dialogs are there on return. A hidden page's effects are cleaned
 * up (live subscriptions and timers stop) and run again when it shows. Closing the tag unmounts it.
 * A page that opts out (keepAlive: false) and the table's redirects render through the router.
 */
export function KeptPages({ tags, scrollContainer }: KeptPagesProps) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const route = findRoute(routes, location.pathname) as AppRoute | undefined;
  const shownPath = route?.screen && keepsAlive(routes, location.pathname) ? route.path : undefined;
  const openPaths = tags.map((tag) => tag.path);

  const [pages, setPages] = useState<readonly KeptPage<RouterFrame>[]>([]);
  // The frame is replaced only when the router moved, so a hidden page's context stays the same object.
  const current = pages.find((page) => page.path === shownPath);
  const frame = current && current.frame.location === location ? current.frame : { location, navigationType };
  const next = keptPagesAfter(pages, openPaths, shownPath ? { path: shownPath, frame } : undefined);
  if (next !== pages) setPages(next);

  usePageScroll(scrollContainer, location.pathname, openPaths);

  return (
    <>
      {next.map((page) => {
        const Screen = (findRoute(routes, page.path) as AppRoute | undefined)?.screen;
        if (!Screen) return null;
        return (
          <Activity key={page.path} mode={page.path === shownPath ? 'visible' : 'hidden'}>
            {/* The router's own context, set to this page's last location: a hidden detail page keeps its ?id=. */}
            <LocationContext.Provider value={page.frame}>
              <div className="app-kept-page" data-testid="kept-page" data-path={page.path}>
                <Suspense fallback={<PageLoading />}>
                  <Screen />
                </Suspense>
              </div>
            </LocationContext.Provider>
          </Activity>
        );
      })}
      {shownPath === undefined && (
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      )}
    </>
  );
}
