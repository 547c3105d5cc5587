import { describe, expect, it } from 'vitest';
import type { AlarmRecord } from '@pest/shared';
import { alarmRecord } from './alarmRecordFixture.ts';
import { beijingTimeToEpoch, elapsedSince, FEED_CAPACITY, feedSeverity, mergeFeed, unseenAlarms } from './alarmFeed.ts';

const alarm = (id: number, createTime: string, overrides: Partial<AlarmRecord> = {}): AlarmRecord =>
  alarmRecord(id, { createTime, ...overrides });

describe('mergeFeed', () => {
  it('puts new alarms first and keeps createTime order, ties by the higher id', () => {
    const feed = [alarm(2, '2026-11-22 10:00:00'), alarm(1, '2026-11-22 09:00:00')];
    const merged = mergeFeed(feed, [alarm(4, '2026-11-22 10:00:00'), alarm(3, '2026-11-22 11:00:00')]);
    expect(merged.map((a) => a.id)).toEqual([3, 4, 2, 1]);
  });

  it('keeps each alarm once, with the fresher copy', () => {
    const merged = mergeFeed([alarm(1, '2026-11-22 09:00:00')], [alarm(1, '2026-11-22 09:00:00', { handled: true })]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.handled).toBe(true);
  });

  it('is capped, dropping the oldest, however many arrive', () => {
    let feed: AlarmRecord[] = [];
    for (let i = 0; i < 100; i++) feed = mergeFeed(feed, [alarm(i, `2026-11-22 10:${String(i % 60).padStart(2, '0')}:00`)]);
    expect(feed).toHaveLength(FEED_CAPACITY);
    expect(mergeFeed([], Array.from({ length: 30 }, (_, i) => alarm(i, '2026-11-22 10:00:00')), 5).map((a) => a.id)).toEqual([29, 28, 27, 26, 25]);
  });
});

describe('unseenAlarms', () => {
  it('answers only the alarms the feed does not show yet, newest first', () => {
    const feed = [alarm(1, '2026-11-22 09:00:00')];
    expect(unseenAlarms(feed, [alarm(1, '2026-11-22 09:00:00'), alarm(2, '2026-11-22 09:01:00'), alarm(3, '2026-11-22 09:02:00')]).map((a) => a.id)).toEqual([3, 2]);
  });
});

describe('severity and time since', () => {
  it('colours an alarm by the severity stored with it, and an event without one as minor', () => {
    expect(feedSeverity(alarm(1, '2026-11-22 09:00:00', { severity: 'critical' }))).toBe('critical');
    expect(feedSeverity(alarm(2, '2026-11-22 09:00:00', { type: 1, severity: 'major' }))).toBe('major');
    expect(feedSeverity(alarm(3, '2026-11-22 09:00:00', { type: 6, severity: null }))).toBe('minor');
  });

  it('reads createTime as Beijing time', () => {
    expect(new Date(beijingTimeToEpoch('2026-11-22 08:00:00')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('rounds elapsed time down to the coarse unit', () => {
    const t = Date.parse('2026-11-22T00:00:00Z');
    expect(elapsedSince(t, t + 59_000)).toEqual({ unit: 'justNow' });
    expect(elapsedSince(t, t - 5_000)).toEqual({ unit: 'justNow' });
    expect(elapsedSince(t, t + 125_000)).toEqual({ unit: 'minutes', count: 2 });
    expect(elapsedSince(t, t + 3 * 3_600_000 + 1)).toEqual({ unit: 'hours', count: 3 });
    expect(elapsedSince(t, t + 2 * 86_400_000)).toEqual({ unit: 'days', count: 2 });
  });
});
