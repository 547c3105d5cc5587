import { describe, expect, it } from 'vitest';
import { deliveryListBody, reasonOf } from './deliveryLogQuery.ts';

describe('通知记录', () => {
  it('words a delivery by why it was sent: one alarm, a digest of several, an escalation, a test', () => {
    expect(reasonOf({ reason: 'alarm', alarmIds: [1] })).toBe('single');
    expect(reasonOf({ reason: 'alarm', alarmIds: [1, 2, 3] })).toBe('digest');
    expect(reasonOf({ reason: 'escalation', alarmIds: [1, 2] })).toBe('escalation');
    expect(reasonOf({ reason: 'test', alarmIds: [] })).toBe('test');
  });

  it('asks page 1 of what the filters say, leaving out the ones not set', () => {
    expect(deliveryListBody({}, 20)).toEqual({ current: 1, size: 20 });
    expect(deliveryListBody({ status: 'failed', channelId: 4, dates: ['2026-11-01', '2026-11-24'] }, 10)).toEqual({
      current: 1,
      size: 10,
      status: 'failed',
      channelId: 4,
      startDate: '2026-11-01',
      endDate: '2026-11-24',
    });
  });
});
