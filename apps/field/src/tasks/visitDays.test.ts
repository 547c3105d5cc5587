import { describe, expect, it } from 'vitest';
import { JobOrderState, ServiceType, type FieldVisitSummary } from '@pest/shared';
import { mapLink, visitDays } from './visitDays.ts';

const visit = (id: number, plannedDate: string, state: JobOrderState = JobOrderState.planned): FieldVisitSummary => ({
  id,
  code: `JO${id}`,
  name: `门店${id}`,
  customerName: '客户',
  address: null,
  serviceType: ServiceType.routine,
  state,
  plannedDate,
  timeWindow: '09:00–11:00',
  pointCount: 3,
  alarmCount: 0,
});

describe('the task list by day', () => {
  it("puts today's first, an earlier visit in progress with them, and later days in order", () => {
    const days = visitDays([visit(1, '2026-12-01', JobOrderState.inProgress), visit(2, '2026-12-02'), visit(3, '2026-12-04'), visit(4, '2026-12-03')], '2026-12-02');
    expect(days.map((day) => [day.date, day.visits.map((v) => v.id)])).toEqual([
      ['2026-12-02', [1, 2]],
      ['2026-12-03', [4]],
      ['2026-12-04', [3]],
    ]);
  });

  it('always has today, even empty', () => {
    expect(visitDays([], '2026-12-02')).toEqual([{ date: '2026-12-02', visits: [] }]);
  });

  it('links the address to the map search', () => {
    expect(mapLink('上海市 徐汇区 漕溪北路 1号')).toBe('https://uri.amap.com/search?keyword=%E4%B8%8A%E6%B5%B7%E5%B8%82%20%E5%BE%90%E6%B1%87%E5%8C%BA%20%E6%BC%95%E6%BA%AA%E5%8C%97%E8%B7%AF%201%E5%8F%B7');
  });
});
