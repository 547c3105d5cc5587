import { routePaths } from '../../navigation/routePaths.ts';

/**
 * Where the 401 page's Back button goes: to the dashboard when the query has `noGoBack` (console-spec
 * section 2) or when this tab has no earlier page of ours to return to; else one step back.
 */
export function backTarget(search: string, historyIndex: number | undefined): 'history' | typeof routePaths.dashboard {
  if (new URLSearchParams(search).has('noGoBack')) return routePaths.dashboard;
  return historyIndex !== undefined && historyIndex > 0 ? 'history' : routePaths.dashboard;
}
