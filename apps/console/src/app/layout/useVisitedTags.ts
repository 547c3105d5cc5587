import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { affixRoutes, findRoute, type RouteNode } from '../routeQueries.ts';
import { routePaths } from '../../navigation/routePaths.ts';
import { routes } from '../routes.tsx';
import { closeAllTags, closeOtherTags, closeTag, pageAfterClosing, visitTag, type VisitedTag } from './visitedTags.ts';

const initialTags = (): VisitedTag[] =>
  affixRoutes(routes).map((route) => ({ path: route.path, fullPath: route.path, title: route.title, affix: true }));

function withVisit(tags: VisitedTag[], current: RouteNode | undefined, search: string): VisitedTag[] {
  if (!current?.title || current.redirect) return tags;
  return visitTag(tags, { path: current.path, fullPath: current.path + search, title: current.title, affix: current.affix ?? false });
}

/** The tags view's state: every page visited since login gets a tag; closing the current one moves on. */
export function useVisitedTags() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const current = findRoute(routes, pathname);
  const [tags, setTags] = useState(() => withVisit(initialTags(), current, search));

  // A tag is added (or its query updated) when the page or its query changes; closing tags in
  // between must not bring them back, so this follows the location rather than the tags.
  const [visited, setVisited] = useState({ current, search });
  if (visited.current !== current || visited.search !== search) {
    setVisited({ current, search });
    setTags((open) => withVisit(open, current, search));
  }

  const apply = (next: VisitedTag[]) => {
    setTags(next);
    const target = pageAfterClosing(next, current?.path ?? pathname, routePaths.home);
    if (target) navigate(target);
  };

  return {
    tags,
    activePath: current?.path,
    close: (path: string) => apply(closeTag(tags, path)),
    closeOthers: (path: string) => apply(closeOtherTags(tags, path)),
    closeAll: () => apply(closeAllTags(tags)),
  };
}
