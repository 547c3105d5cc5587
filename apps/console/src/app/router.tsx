import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootRoute } from './RootRoute.tsx';
import { routePaths } from '../navigation/routePaths.ts';
import { layoutRoutes, publicRoutes, type AppRoute } from './routes.tsx';

/** The main layout is its own chunk: the login page needs none of the menu, tags or drawers. */
const AppLayout = lazy(() => import('./layout/AppLayout.tsx').then((m) => ({ default: m.AppLayout })));

/** Every route of the table as a flat list of router routes (paths in the table are absolute). */
function toRouterRoutes(routes: readonly AppRoute[]): RouteObject[] {
  return routes.flatMap((route): RouteObject[] => {
    const Screen = route.screen;
    const own: RouteObject[] = route.redirect
      ? [{ path: route.path, element: <Navigate to={route.redirect} replace /> }]
      : Screen
        ? [{ path: route.path, element: <Screen /> }]
        : [];
    return [...own, ...(route.children ? toRouterRoutes(route.children) : [])];
  });
}

export const router = createBrowserRouter([
  {
    element: <RootRoute />,
    children: [
      ...toRouterRoutes(publicRoutes),
      { element: <AppLayout />, children: toRouterRoutes(layoutRoutes) },
      { path: '*', element: <Navigate to={routePaths.notFound} replace /> },
    ],
  },
]);
