import { useEffect, useState } from 'react';

/** Where the technician is, kept in the URL's hash so a reload (offline too) comes back to it. */
export type Route =
  | { screen: 'tasks' }
  | { screen: 'visit'; visitId: number }
  | { screen: 'point'; visitId: number; pointId: number }
  | { screen: 'risks'; visitId: number }
  | { screen: 'materials'; visitId: number }
  | { screen: 'finish'; visitId: number };

export function parseRoute(hash: string): Route {
  const [, visit, visitId, part, partId] = hash.replace(/^#/, '').split('/');
  const id = Number(visitId);
  if (visit !== 'visit' || !Number.isInteger(id) || id <= 0) return { screen: 'tasks' };
  if (part === 'point' && Number.isInteger(Number(partId)) && Number(partId) > 0) return { screen: 'point', visitId: id, pointId: Number(partId) };
  if (part === 'risks' || part === 'materials' || part === 'finish') return { screen: part, visitId: id };
  return { screen: 'visit', visitId: id };
}

export function routeHash(route: Route): string {
  switch (route.screen) {
    case 'tasks':
      return '#/';
    case 'visit':
      return `#/visit/${route.visitId}`;
    case 'point':
      return `#/visit/${route.visitId}/point/${route.pointId}`;
    default:
      return `#/visit/${route.visitId}/${route.screen}`;
  }
}

export function go(route: Route): void {
  window.location.hash = routeHash(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const changed = () => {
      setRoute(parseRoute(window.location.hash));
      window.scrollTo(0, 0);
    };
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return route;
}
