import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { affixRoutes, findRoute } from '../routeQueries.ts';
import { routePaths } from '../../navigation/routePaths.ts';
import { routes } from '../routes.tsx';
import { closeAllTags, closeOtherTags, closeTag, pageAfterClosing, visitTag, type VisitedTag } from './visitedTags.ts';

const initialTags = (): VisitedTag[] =>
  affixRoutes(routes).map((route) => ({ path: route.path, fullPath: route.path, title: route.title, affix: true }));

/** The tags view's state: every page visited since login gets a tag; closing the current one moves on. */
export function useVisitedTags() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [tags, setTags] = useState(initialTags);
  const current = findRoute(routes, pathname);

  useEffect(() => {
    if (!current?.title || current.redirect) return;
    const tag: VisitedTag = { path: current.path, fullPath: current.path + search, title: current.title, affix: current.affix ?? false };
    setTags((open) => visitTag(open, tag));
  }, [current, search]);

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
