import { describe, expect, it } from 'vitest';
import { alarmCountsBody } from '../../api/alarmQueries.ts';
import type { AlarmKind, AlarmSeverity } from '@pest/shared';
import { FIRST_ALARM_PAGE, alarmCenterBody, alarmStatisticsBody, linkedAlarmPage, pagedAlarms, tabSort, withTab } from './alarmCenterQuery.ts';

describe('alarmCenterBody', () => {
  it('opens on the unacknowledged alarms, most urgent first, alarms only', () => {
    expect(alarmCenterBody(FIRST_ALARM_PAGE)).toStrictEqual({ current: 1, size: 20, alarmOnly: true, sort: 'urgency', states: ['open'] });
  });

  it('lists handled alarms and everything newest first, 全部 without a state', () => {
    expect(tabSort('acknowledged')).toBe('urgency');
    expect(tabSort('handled')).toBe('newest');
    expect(alarmCenterBody({ ...FIRST_ALARM_PAGE, tab: 'all' })).toStrictEqual({ current: 1, size: 20, alarmOnly: true, sort: 'newest' });
  });

  it('sends the chosen filters and leaves empty ones out', () => {
    const body = alarmCenterBody({
      ...FIRST_ALARM_PAGE,
      filters: { customerIds: [3, 4], types: [5], severities: [], range: ['2026-11-01', '2026-11-24'] },
    });
    expect(body).toStrictEqual({
      current: 1,
      size: 20,
      alarmOnly: true,
      sort: 'urgency',
      states: ['open'],
      customerIds: [3, 4],
      types: [5],
      startDate: '2026-11-01',
      endDate: '2026-11-24',
    });
  });
});

describe('paging and tabs', () => {
  it('goes back to page 1 on another tab or another size, keeps the size on another page', () => {
    const onPage3 = { ...FIRST_ALARM_PAGE, current: 3 };
    expect(withTab(onPage3, 'handled')).toMatchObject({ tab: 'handled', current: 1, size: 20 });
    expect(pagedAlarms(onPage3, 4, 20)).toMatchObject({ current: 4, size: 20 });
    expect(pagedAlarms(onPage3, 4, 50)).toMatchObject({ current: 1, size: 50 });
  });
});

describe('alarmCountsBody', () => {
  it('is the same for every tab and page of one search, so the tabs share their counts', () => {
    const filters = { customerIds: [3], types: [5 as const] };
    const counted = (tab: 'open' | 'handled' | 'all', current: number) => alarmCountsBody(alarmCenterBody({ ...FIRST_ALARM_PAGE, filters, tab, current }));
    expect(counted('open', 1)).toStrictEqual({ alarmOnly: true, customerIds: [3], types: [5] });
    expect(counted('handled', 2)).toStrictEqual(counted('all', 1));
  });
});

describe('alarmStatisticsBody', () => {
  it('asks for every alarm when nothing was chosen, as the tabs count them', () => {
    expect(alarmStatisticsBody({})).toStrictEqual({});
  });

  it('takes every filter the list takes: days, stores, kinds and severities', () => {
    const filters = { range: ['2026-11-01', '2026-11-10'] as [string, string], customerIds: [7], types: [5, 7] as AlarmKind[], severities: ['major'] as AlarmSeverity[] };
    const { current: _current, size: _size, sort: _sort, alarmOnly: _alarmOnly, ...listFilters } = alarmCenterBody({ ...FIRST_ALARM_PAGE, tab: 'all', filters });
    expect(alarmStatisticsBody(filters)).toStrictEqual(listFilters);
    expect(alarmStatisticsBody(filters)).toStrictEqual({ startDate: '2026-11-01', endDate: '2026-11-10', customerIds: [7], types: [5, 7], severities: ['major'] });
  });
});

describe('linkedAlarmPage', () => {
  it('opens the tab, days, kinds and severities a link names', () => {
    const page = linkedAlarmPage(new URLSearchParams('tab=all&startDate=2026-11-24&endDate=2026-11-24&types=7,1&severities=major'));
    expect(page).toStrictEqual({ ...FIRST_ALARM_PAGE, tab: 'all', filters: { range: ['2026-11-24', '2026-11-24'], types: [7, 1], severities: ['major'] } });
  });

  it('leaves out what is malformed and opens on 未确认 without a tab', () => {
    const page = linkedAlarmPage(new URLSearchParams('tab=closed&startDate=2026-02-30&endDate=2026-03-01&types=9,x&severities=low'));
    expect(page).toStrictEqual(FIRST_ALARM_PAGE);
    expect(linkedAlarmPage(new URLSearchParams('startDate=2026-11-24&endDate=2026-11-01')).filters).toStrictEqual({});
  });
});
