import type { RouteTitleKey } from '../routeQueries.ts';

/** One open tag of the tags view: a page, keyed by its route path, remembering its last query. */
export interface VisitedTag {
  path: string;
  /** Path with query, so returning to a detail tag reopens the same record. */
  fullPath: string;
  title: RouteTitleKey;
  affix: boolean;
}

/** Opens a tag for the page, or refreshes the query of the one already open. */
export function visitTag(tags: readonly VisitedTag[], tag: VisitedTag): VisitedTag[] {
  const index = tags.findIndex((open) => open.path === tag.path);
  if (index === -1) return [...tags, tag];
  return tags.map((open, i) => (i === index ? { ...open, fullPath: tag.fullPath } : open));
}

export function closeTag(tags: readonly VisitedTag[], path: string): VisitedTag[] {
  return tags.filter((tag) => tag.affix || tag.path !== path);
}

export function closeOtherTags(tags: readonly VisitedTag[], path: string): VisitedTag[] {
  return tags.filter((tag) => tag.affix || tag.path === path);
}

export function closeAllTags(tags: readonly VisitedTag[]): VisitedTag[] {
  return tags.filter((tag) => tag.affix);
}

/** After the current page's tag closes, show the most recently opened tag left, or home. */
export function pageAfterClosing(remaining: readonly VisitedTag[], currentPath: string, home: string): string | undefined {
  if (remaining.some((tag) => tag.path === currentPath)) return undefined;
  return remaining.at(-1)?.fullPath ?? home;
}
