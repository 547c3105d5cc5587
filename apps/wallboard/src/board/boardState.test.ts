import { describe, expect, it } from 'vitest';
import type { AlarmRecord, AlarmStatistics, MouseBoxStatistics } from '@pest/shared';
import { FEED_CAPACITY } from './alarmFeed.ts';
import { alarmRecord } from './alarmRecordFixture.ts';
import { boardReducer, initialBoard, type BoardState } from './boardState.ts';

const alarm = (id: number, minute: number, overrides: Partial<AlarmRecord> = {}): AlarmRecord =>
  alarmRecord(id, {
    boxId: id,
    deviceName: `鼠盒${id}`,
    deviceCode: `MB-${id}`,
    type: 1,
    content: '设备离线',
    severity: 'major',
    createTime: `2026-11-22 10:${String(minute).padStart(2, '0')}:00`,
    ...overrides,
  });
const statistics: MouseBoxStatistics = { total: 10, online: 8, offline: 1, fault: 1, lowBattery: 2, unhandledAlarm: 3, alarmsToday: 4 };
const today = (median: number | null): AlarmStatistics => ({
  openBySeverity: { critical: 1, major: 1, minor: 0 },
  acknowledged: 1,
  handled: 2,
  timeToAcknowledge: { median, p90: median },
  timeToHandle: { median: null, p90: null },
  oldestOpenSeconds: 600,
});
const catchAlarm = (id: number, minute: number) => alarm(id, minute, { type: 5, content: '触发捕鼠', severity: 'critical' });

const withSnapshot = (): BoardState =>
  boardReducer(initialBoard, {
    type: 'snapshot',
    snapshot: { statistics, unhandled: { total: 2, records: [alarm(2, 2), alarm(1, 1)] }, unacknowledged: 2, today: today(120) },
    at: '2026-11-22T02:00:00.000Z',
  });
const push = (state: BoardState, change: Omit<Parameters<typeof boardReducer>[1] & { type: 'overview' }, 'type' | 'full' | 'asOf'>['change'], full = false) =>
  boardReducer(state, { type: 'overview', change, full, asOf: '2026-11-22T02:00:03.000Z' });

describe('boardReducer', () => {
  it('takes a snapshot as the starting point, most urgent (here: oldest) first, nothing announced', () => {
    const state = withSnapshot();
    expect(state.feed!.map((a) => a.id)).toEqual([1, 2]);
    expect(state).toMatchObject({ unhandledTotal: 2, unacknowledged: 2, announcement: null, dataAsOf: '2026-11-22T02:00:00.000Z' });
    expect(state.today!.timeToAcknowledge.median).toBe(120);
  });

  it('dims an alarm acknowledged elsewhere: the pushed list replaces the old copy, and the counts follow', () => {
    const next = push(withSnapshot(), {
      newAlarms: [],
      unhandled: { total: 2, records: [alarm(2, 2), alarm(1, 1, { state: 'acknowledged', ackBy: '张三', ackTime: '2026-11-22 10:05:00' })] },
      unacknowledged: 1,
      today: today(240),
    });
    // Unacknowledged before acknowledged: the acknowledged one moves down.
    expect(next.feed!.map((a) => [a.id, a.state])).toEqual([
      [2, 'open'],
      [1, 'acknowledged'],
    ]);
    expect(next.feed![1]!.ackBy).toBe('张三');
    expect(next.unacknowledged).toBe(1);
    expect(next.today!.timeToAcknowledge.median).toBe(240);
    expect(next.announcement).toBeNull();
  });

  it('drops a handled alarm when the push says so, and keeps no stale copy of it', () => {
    const next = push(withSnapshot(), { newAlarms: [], unhandled: { total: 1, records: [alarm(2, 2)] }, unacknowledged: 1 });
    expect(next.feed!.map((a) => a.id)).toEqual([2]);
    expect(next.unhandledTotal).toBe(1);
    // The next push without a list leaves the feed as it is: the handled alarm does not come back.
    const later = push(next, { newAlarms: [], statistics: { ...statistics, unhandledAlarm: 1 } });
    expect(later.feed!.map((a) => a.id)).toEqual([2]);
    expect(later.unacknowledged).toBe(1);
  });

  it('keeps what a push leaves out: counts and statistics stay until they change', () => {
    const next = push(withSnapshot(), { newAlarms: [], statistics: { ...statistics, online: 7 } });
    expect(next).toMatchObject({ unhandledTotal: 2, unacknowledged: 2 });
    expect(next.today!.timeToAcknowledge.median).toBe(120);
    expect(next.statistics!.online).toBe(7);
  });

  it('announces a pushed critical alarm and marks it fresh when it joins the feed', () => {
    const raised = catchAlarm(3, 3);
    const next = push(withSnapshot(), { newAlarms: [raised], unhandled: { total: 3, records: [raised, alarm(1, 1), alarm(2, 2)] }, unacknowledged: 3, statistics: { ...statistics, alarmsToday: 5 } });
    expect(next.feed!.map((a) => a.id)).toEqual([3, 1, 2]);
    expect(next.announcement?.id).toBe(3);
    expect([...next.fresh]).toEqual([3]);
    expect(next.statistics!.alarmsToday).toBe(5);
    expect(next.dataAsOf).toBe('2026-11-22T02:00:03.000Z');
    expect(boardReducer(next, { type: 'announced', id: 3 }).announcement).toBeNull();
  });

  it('announces a critical alarm even when older critical ones fill the feed, and no minor one', () => {
    const older = Array.from({ length: FEED_CAPACITY }, (_, i) => catchAlarm(10 + i, i));
    let state = boardReducer(initialBoard, { type: 'snapshot', snapshot: { unhandled: { total: older.length, records: older } }, at: 'x' });
    const raised = catchAlarm(99, 59);
    state = push(state, { newAlarms: [raised], unhandled: { total: older.length + 1, records: [...older, raised] } });
    expect(state.feed!.map((a) => a.id)).not.toContain(99);
    expect(state.announcement?.id).toBe(99);
    expect(state.fresh.size).toBe(0);

    const quiet = push(withSnapshot(), { newAlarms: [alarm(4, 4, { type: 3, content: '电量低', severity: 'minor' })] });
    expect(quiet.announcement).toBeNull();
    expect(quiet.feed!.map((a) => a.id)).toEqual([1, 2, 4]);
  });

  it('does not announce the full state sent on (re)subscribing, nor alarms already shown', () => {
    const full = push(withSnapshot(), { newAlarms: [catchAlarm(9, 9), alarm(2, 2)], unhandled: { total: 3, records: [catchAlarm(9, 9), alarm(2, 2), alarm(1, 1)] } }, true);
    expect(full.announcement).toBeNull();
    expect(full.feed!.map((a) => a.id)).toEqual([9, 1, 2]);
    const repeat = push(withSnapshot(), { newAlarms: [alarm(2, 2, { severity: 'critical' })] });
    expect(repeat.announcement).toBeNull();
    expect(repeat.fresh.size).toBe(0);
  });

  it('keeps the feed and its fresh marks bounded under a flood of pushes', () => {
    let state = withSnapshot();
    for (let i = 10; i < 500; i++) state = push(state, { newAlarms: [catchAlarm(i, i % 60)] });
    expect(state.feed).toHaveLength(FEED_CAPACITY);
    expect(state.fresh.size).toBeLessThanOrEqual(FEED_CAPACITY);
  });

  it('keeps the last good data time while reconnecting', () => {
    const state = withSnapshot();
    const away = boardReducer(state, { type: 'connection', connection: 'reconnecting', asOf: null });
    expect(away).toMatchObject({ connection: 'reconnecting', dataAsOf: state.dataAsOf });
    const stale = boardReducer(state, { type: 'connection', connection: 'stale', asOf: '2026-03-01T08:00:00.000Z' });
    expect(stale).toMatchObject({ connection: 'stale', dataAsOf: '2026-03-01T08:00:00.000Z' });
  });
});
