import { ContentKind, parseQueryInteger, type ContentListBody, type ContentState } from '@pest/shared';

export const CONTENT_PAGE_SIZE = 20;

/** The tab a link names (`?kind=`): notices unless it says articles. */
export function kindFromSearch(search: URLSearchParams): ContentKind {
  return search.get('kind') === ContentKind.article ? ContentKind.article : ContentKind.notice;
}

/** The item a page is about (`?id=`), when the link names a proper one. */
export function contentIdFromSearch(search: URLSearchParams): number | undefined {
  const raw = search.get('id');
  return raw === null ? undefined : parseQueryInteger(raw);
}

/** Page `current` of one tab, in one state or all; the same list is the same cache entry. */
export function contentListBody(kind: ContentKind, state: ContentState | undefined, current = 1): ContentListBody {
  return { current, size: CONTENT_PAGE_SIZE, kind, ...(state ? { state } : {}) };
}
