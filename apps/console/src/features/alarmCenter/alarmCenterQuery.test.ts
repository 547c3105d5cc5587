import { describe, expect, it } from 'vitest';
import { alarmCountsBody } from '../../api/alarmQueries.ts';
import { FIRST_ALARM_PAGE, alarmCenterBody, alarmStatisticsBody, pagedAlarms, tabSort, withTab } from './alarmCenterQuery.ts';

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
  // 2026-11-24 01:30 in Beijing is still 2026-11-23 in UTC.
  const now = Date.parse('2026-11-23T17:30:00Z');

  it('covers the last seven Beijing days, today included, when no days were chosen', () => {
    expect(alarmStatisticsBody({}, now)).toStrictEqual({ startDate: '2026-11-18', endDate: '2026-11-24' });
  });

  it('takes the searched days and stores', () => {
    expect(alarmStatisticsBody({ range: ['2026-11-01', '2026-11-10'], customerIds: [7], types: [5] }, now)).toStrictEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-10',
      customerIds: [7],
    });
  });
});
