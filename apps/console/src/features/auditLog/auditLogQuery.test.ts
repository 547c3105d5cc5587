import { describe, expect, it } from 'vitest';
import { auditListBody } from './auditLogQuery.ts';

describe('操作日志', () => {
  it('asks page 1 of what the filters say, leaving out the ones not set', () => {
    expect(auditListBody({}, 20)).toEqual({ current: 1, size: 20 });
    expect(auditListBody({ objectId: '  ' }, 20)).toEqual({ current: 1, size: 20 });
    expect(auditListBody({ objectType: 'device', objectId: ' 42 ', dates: ['2026-11-01', '2026-11-28'] }, 50)).toEqual({
      current: 1,
      size: 50,
      objectType: 'device',
      objectId: '42',
      startTime: '2026-11-01',
      endTime: '2026-11-28',
    });
  });
});
