import type { AlarmListChange, AlarmRecord, AlarmStateCounts, Page } from '@pest/shared';

export type AlarmPage = Page<AlarmRecord>;

/**
 * A cached page of alarms with a live change applied. The hub sends every new or changed row
 * whole, and the page's ids in order whenever membership changed, so the new page can usually be
 * put together here without asking the server. `complete` is false when an id names a row this
 * side has never seen (a push missed): the caller asks for the page again.
 */
export function withAlarmChange(page: AlarmPage, change: AlarmListChange): { page: AlarmPage; complete: boolean } {
  const known = new Map(page.records.map((row) => [row.id, row]));
  for (const row of change.rows) known.set(row.id, row);
  const total = change.total ?? page.total;
  if (!change.ids) {
    if (change.rows.length === 0 && total === page.total) return { page, complete: true };
    return { page: { ...page, total, records: page.records.map((row) => known.get(row.id) ?? row) }, complete: true };
  }
  const records: AlarmRecord[] = [];
  let complete = true;
  for (const id of change.ids) {
    const row = known.get(id);
    if (row) records.push(row);
    else complete = false;
  }
  return { page: { ...page, total, records }, complete };
}

/** The tabs of 告警中心: one per state, and all of them. */
export type AlarmTab = keyof AlarmStateCounts | 'all';
export const ALARM_TABS: readonly AlarmTab[] = ['open', 'acknowledged', 'handled', 'all'];

export function tabCount(counts: AlarmStateCounts | undefined, tab: AlarmTab): number | undefined {
  if (!counts) return undefined;
  return tab === 'all' ? counts.open + counts.acknowledged + counts.handled : counts[tab];
}

/**
 * What an action's answer says to the one who acted: how many changed, and how many were left as
 * they were because someone else (or the system) had already done it. Rows out of scope look the
 * same from here; they cannot be chosen on a screen that lists only the user's scope.
 */
export function actionOutcome(asked: number, changed: number): { changed: number; untouched: number } {
  return { changed, untouched: Math.max(0, asked - changed) };
}
