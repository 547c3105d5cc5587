import { DASHBOARD_PATH } from '../../app/routes.tsx';

/**
 * Where the 401 page's Back button goes: to the dashboard when the query has `noGoBack` (console-spec
 * section 2) or when this tab has no earlier page of ours to return to; else one step back.
 */
export function backTarget(search: string, historyIndex: number | undefined): 'history' | typeof DASHBOARD_PATH {
  if (new URLSearchParams(search).has('noGoBack')) return DASHBOARD_PATH;
  return historyIndex !== undefined && historyIndex > 0 ? 'history' : DASHBOARD_PATH;
}
