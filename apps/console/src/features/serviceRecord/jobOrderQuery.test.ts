import { describe, expect, it } from 'vitest';
import { jobOrderListBody } from './jobOrderQuery.ts';

describe('jobOrderListBody', () => {
  it('asks for a page of 500 with no filters when none are set', () => {
    const body = jobOrderListBody({}, 1);
    expect(body).toEqual({ current: 1, size: 500 });
    expect(JSON.parse(JSON.stringify(body))).toEqual({ current: 1, size: 500 });
  });

  it('sends names trimmed and leaves blank ones out', () => {
    expect(jobOrderListBody({ advocateStaffName: '  张伟 ', jobOrderName: '   ' }, 2)).toEqual({
      current: 2,
      size: 500,
      advocateStaffName: '张伟',
    });
  });

  it('sends the stores chosen, and none when the picker is empty', () => {
    expect(jobOrderListBody({ customerIds: [12, 1] }, 1)).toEqual({ current: 1, size: 500, customerIds: [12, 1] });
    expect(jobOrderListBody({ customerIds: [] }, 1)).toEqual({ current: 1, size: 500 });
  });

  it('maps the start range to startTime/endTime and the end range to accomplishStartTime/accomplishEndTime', () => {
    const body = jobOrderListBody(
      {
        serviceStart: ['2025-01-01 00:00:00', '2025-01-31 23:59:59'],
        serviceEnd: ['2025-02-01 08:00:00', '2025-02-02 18:30:00'],
      },
      1,
    );
    expect(body).toMatchObject({
      startTime: '2025-01-01 00:00:00',
      endTime: '2025-01-31 23:59:59',
      accomplishStartTime: '2025-02-01 08:00:00',
      accomplishEndTime: '2025-02-02 18:30:00',
    });
  });
});
