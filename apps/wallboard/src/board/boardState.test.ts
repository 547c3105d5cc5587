import { describe, expect, it } from 'vitest';
import type { AlarmRecord, MouseBoxStatistics } from '@pest/shared';
import { FEED_CAPACITY } from './alarmFeed.ts';
import { alarmRecord } from './alarmRecordFixture.ts';
import { boardReducer, initialBoard, type BoardState } from './boardState.ts';

const alarm = (id: number, minute: number): AlarmRecord =>
  alarmRecord(id, {
    boxId: id,
    deviceName: `鼠盒${id}`,
    deviceCode: `MB-${id}`,
    type: 1,
    content: '设备离线',
    severity: 'major',
    createTime: `2026-11-22 10:${String(minute).padStart(2, '0')}:00`,
  });
const statistics: MouseBoxStatistics = { total: 10, online: 8, offline: 1, fault: 1, lowBattery: 2, unhandledAlarm: 3, alarmsToday: 4 };

const withSnapshot = (): BoardState =>
  boardReducer(initialBoard, { type: 'snapshot', snapshot: { statistics, feed: [alarm(1, 1), alarm(2, 2)] }, at: '2026-11-22T02:00:00.000Z' });

describe('boardReducer', () => {
  it('takes a snapshot as the starting point, newest alarm first, nothing announced', () => {
    const state = withSnapshot();
    expect(state.feed!.map((a) => a.id)).toEqual([2, 1]);
    expect(state.announcement).toBeNull();
    expect(state.dataAsOf).toBe('2026-11-22T02:00:00.000Z');
  });

  it('announces a pushed alarm, marks it fresh and takes the pushed statistics', () => {
    const next = boardReducer(withSnapshot(), {
      type: 'overview',
      change: { newAlarms: [alarm(3, 3)], statistics: { ...statistics, alarmsToday: 5 } },
      full: false,
      asOf: '2026-11-22T02:00:03.000Z',
    });
    expect(next.feed!.map((a) => a.id)).toEqual([3, 2, 1]);
    expect(next.announcement?.id).toBe(3);
    expect([...next.fresh]).toEqual([3]);
    expect(next.statistics!.alarmsToday).toBe(5);
    expect(next.dataAsOf).toBe('2026-11-22T02:00:03.000Z');
    expect(boardReducer(next, { type: 'announced', id: 3 }).announcement).toBeNull();
  });

  it('does not announce the full state sent on (re)subscribing, nor alarms already shown', () => {
    const full = boardReducer(withSnapshot(), { type: 'overview', change: { newAlarms: [alarm(9, 9), alarm(2, 2)] }, full: true, asOf: 'x' });
    expect(full.announcement).toBeNull();
    expect(full.feed!.map((a) => a.id)).toEqual([9, 2, 1]);
    const repeat = boardReducer(withSnapshot(), { type: 'overview', change: { newAlarms: [alarm(2, 2)] }, full: false, asOf: 'x' });
    expect(repeat.announcement).toBeNull();
    expect(repeat.fresh.size).toBe(0);
  });

  it('keeps the feed and its fresh marks bounded under a flood of pushes', () => {
    let state = withSnapshot();
    for (let i = 10; i < 500; i++) state = boardReducer(state, { type: 'overview', change: { newAlarms: [alarm(i, i % 60)] }, full: false, asOf: 'x' });
    expect(state.feed).toHaveLength(FEED_CAPACITY);
    expect(state.fresh.size).toBeLessThanOrEqual(FEED_CAPACITY);
  });

  it('keeps the last good data time while reconnecting', () => {
    const state = withSnapshot();
    const away = boardReducer(state, { type: 'connection', connection: 'reconnecting', asOf: null });
    expect(away).toMatchObject({ connection: 'reconnecting', dataAsOf: state.dataAsOf });
  });
});
