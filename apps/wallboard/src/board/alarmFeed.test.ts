import { describe, expect, it } from 'vitest';
import type { AlarmRecord } from '@pest/shared';
import { alarmRecord } from './alarmRecordFixture.ts';
import { byUrgency, FEED_CAPACITY, feedAfter, feedContent, feedSeverity, orderFeed, unseenAlarms } from './alarmFeed.ts';

const alarm = (id: number, createTime: string, overrides: Partial<AlarmRecord> = {}): AlarmRecord => alarmRecord(id, { createTime, ...overrides });
const ids = (alarms: readonly AlarmRecord[]) => alarms.map((a) => a.id);

describe('byUrgency', () => {
  it('puts critical before major before minor, unacknowledged before acknowledged, then the oldest, then the lower id', () => {
    const alarms = [
      alarm(1, '2026-11-22 09:00:00', { severity: 'minor' }),
      alarm(2, '2026-11-22 11:00:00', { severity: 'critical', state: 'acknowledged' }),
      alarm(3, '2026-11-22 12:00:00', { severity: 'critical' }),
      alarm(4, '2026-11-22 08:00:00', { severity: 'major' }),
      alarm(5, '2026-11-22 10:00:00', { severity: 'critical' }),
      alarm(6, '2026-11-22 10:00:00', { severity: 'critical' }),
      alarm(7, '2026-11-22 07:00:00', { severity: 'major', state: 'acknowledged' }),
      alarm(8, '2026-11-22 06:00:00', { severity: null, type: 6 }),
    ];
    expect(ids([...alarms].sort(byUrgency))).toEqual([5, 6, 3, 2, 4, 7, 1, 8]);
  });

  it('is the order whatever order the alarms come in', () => {
    const alarms = [alarm(1, '2026-11-22 09:00:00', { severity: 'major' }), alarm(2, '2026-11-22 10:00:00', { severity: 'critical', state: 'acknowledged' }), alarm(3, '2026-11-22 11:00:00')];
    expect(ids([...alarms].sort(byUrgency))).toEqual(ids([...alarms].reverse().sort(byUrgency)));
    expect(ids([...alarms].sort(byUrgency))).toEqual([3, 2, 1]);
  });
});

describe('orderFeed', () => {
  it('keeps only alarms not yet handled, each once (the later copy), at most the capacity', () => {
    const feed = orderFeed([
      alarm(1, '2026-11-22 09:00:00'),
      alarm(2, '2026-11-22 09:01:00', { state: 'handled', handled: true }),
      alarm(1, '2026-11-22 09:00:00', { state: 'acknowledged', ackBy: '张三' }),
    ]);
    expect(ids(feed)).toEqual([1]);
    expect(feed[0]!.state).toBe('acknowledged');
    const many = Array.from({ length: 30 }, (_, i) => alarm(i + 1, `2026-11-22 10:${String(i).padStart(2, '0')}:00`));
    expect(ids(orderFeed(many))).toEqual(Array.from({ length: FEED_CAPACITY }, (_, i) => i + 1));
  });
});

describe('feedAfter', () => {
  const feed = orderFeed([alarm(1, '2026-11-22 09:00:00'), alarm(2, '2026-11-22 09:30:00', { severity: 'major' }), alarm(3, '2026-11-22 09:40:00', { severity: 'minor' })]);

  it('takes the server’s unhandled list as the whole feed, dropping what it no longer lists', () => {
    const next = feedAfter(feed, {
      newAlarms: [],
      unhandled: { total: 2, records: [alarm(1, '2026-11-22 09:00:00', { state: 'acknowledged', ackBy: '张三' }), alarm(3, '2026-11-22 09:40:00', { severity: 'minor' })] },
    });
    expect(ids(next)).toEqual([1, 3]);
    expect(next[0]).toMatchObject({ state: 'acknowledged', ackBy: '张三' });
  });

  it('orders the server’s list by urgency itself, and keeps it to the capacity', () => {
    const records = Array.from({ length: 20 }, (_, i) => alarm(100 - i, '2026-11-22 09:00:00', { severity: i % 2 ? 'major' : 'critical' }));
    const next = feedAfter([], { newAlarms: [], unhandled: { total: 57, records } });
    expect(next).toHaveLength(FEED_CAPACITY);
    expect(next.every((a) => a.severity === 'critical')).toBe(true);
    expect(ids(next)).toEqual([82, 84, 86, 88, 90, 92, 94, 96, 98, 100]);
  });

  it('without the list, merges new open alarms in urgency order and drops handled ones', () => {
    const next = feedAfter(feed, {
      newAlarms: [alarm(4, '2026-11-22 10:00:00', { severity: 'critical' }), alarm(5, '2026-11-22 10:01:00', { state: 'handled', handled: true }), alarm(3, '2026-11-22 09:40:00', { state: 'handled', handled: true })],
    });
    expect(ids(next)).toEqual([1, 4, 2]);
  });

  it('stays bounded when news keeps coming', () => {
    let next: AlarmRecord[] = [];
    for (let i = 0; i < 500; i++) next = feedAfter(next, { newAlarms: [alarm(i, `2026-11-22 10:${String(i % 60).padStart(2, '0')}:00`)] });
    expect(next).toHaveLength(FEED_CAPACITY);
  });
});

describe('unseenAlarms', () => {
  it('answers the open alarms the feed does not show yet, newest first', () => {
    const feed = [alarm(1, '2026-11-22 09:00:00')];
    const incoming = [alarm(1, '2026-11-22 09:00:00'), alarm(2, '2026-11-22 09:01:00'), alarm(3, '2026-11-22 09:02:00'), alarm(4, '2026-11-22 09:03:00', { state: 'handled', handled: true })];
    expect(ids(unseenAlarms(feed, incoming))).toEqual([3, 2]);
  });
});

describe('feedSeverity', () => {
  it('colours an alarm by the severity stored with it, and an event without one as minor', () => {
    expect(feedSeverity(alarm(1, '2026-11-22 09:00:00', { severity: 'critical' }))).toBe('critical');
    expect(feedSeverity(alarm(2, '2026-11-22 09:00:00', { type: 1, severity: 'major' }))).toBe('major');
    expect(feedSeverity(alarm(3, '2026-11-22 09:00:00', { type: 6, severity: null }))).toBe('minor');
  });
});

describe('feedContent', () => {
  it("writes the alarm in the board's language from its key, keeping a typed name as typed", () => {
    const outage = alarm(1, '2026-11-22 09:00:00', { content: '网关离线，13 台设备随之失联', contentKey: 'gatewayOfflineWithBoxes', contentParams: { boxes: 13 } });
    expect(feedContent(outage, 'zh')).toBe(outage.content);
    expect(feedContent(outage, 'en')).not.toMatch(/[\u4e00-\u9fff]/);
    expect(feedContent(outage, 'en')).toContain('13');
  });
});
