import { describe, expect, it } from 'vitest';
import type { AlarmRecord } from '@pest/shared';
import { actionOutcome, tabCount, withAlarmChange, type AlarmPage } from './alarmPage.ts';

const row = (id: number, state: AlarmRecord['state'] = 'open') => ({ id, state }) as AlarmRecord;
const page: AlarmPage = { total: 3, records: [row(1), row(2), row(3)] };

describe('withAlarmChange', () => {
  it('puts changed rows in place by id, keeping the order', () => {
    const { page: next, complete } = withAlarmChange(page, { rows: [row(2, 'acknowledged')] });
    expect(complete).toBe(true);
    expect(next.records).toEqual([row(1), row(2, 'acknowledged'), row(3)]);
    expect(next.total).toBe(3);
  });

  it('keeps the very page when nothing changed, so nothing redraws', () => {
    expect(withAlarmChange(page, { rows: [] }).page).toBe(page);
  });

  it('builds the new page from the order the hub sends: a new alarm on top, one that left the tab gone', () => {
    const { page: next, complete } = withAlarmChange(page, { rows: [row(9)], ids: [9, 1, 3], total: 3 });
    expect(complete).toBe(true);
    expect(next.records.map((r) => r.id)).toEqual([9, 1, 3]);
  });

  it('takes the new total', () => {
    expect(withAlarmChange(page, { rows: [], ids: [1, 2], total: 2 }).page.total).toBe(2);
  });

  it('says the page is incomplete when the order names a row it never received', () => {
    const { page: next, complete } = withAlarmChange(page, { rows: [], ids: [1, 7] });
    expect(complete).toBe(false);
    expect(next.records.map((r) => r.id)).toEqual([1]);
  });

  it('replaces the page with a full state', () => {
    const full = { total: 1, rows: [row(5)], ids: [5], counts: { open: 1, acknowledged: 0, handled: 0 } };
    expect(withAlarmChange(page, full).page).toEqual({ total: 1, records: [row(5)] });
  });
});

describe('tabCount', () => {
  const counts = { open: 4, acknowledged: 2, handled: 10 };
  it('counts each state, and all of them for 全部', () => {
    expect(tabCount(counts, 'open')).toBe(4);
    expect(tabCount(counts, 'acknowledged')).toBe(2);
    expect(tabCount(counts, 'handled')).toBe(10);
    expect(tabCount(counts, 'all')).toBe(16);
  });
  it('knows nothing before the counts arrive', () => {
    expect(tabCount(undefined, 'open')).toBeUndefined();
  });
});

describe('actionOutcome', () => {
  it('names the alarms someone else had already moved', () => {
    expect(actionOutcome(5, 3)).toEqual({ changed: 3, untouched: 2 });
    expect(actionOutcome(2, 2)).toEqual({ changed: 2, untouched: 0 });
    expect(actionOutcome(1, 0)).toEqual({ changed: 0, untouched: 1 });
  });
});
