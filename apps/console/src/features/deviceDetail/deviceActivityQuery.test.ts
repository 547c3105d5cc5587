import { describe, expect, it } from 'vitest';
import { eventListBody, trendBody } from './deviceActivityQuery.ts';

describe('activity requests', () => {
  it('asks for 10 events a page of one device between two inclusive days', () => {
    expect(eventListBody(7, ['2026-03-03', '2026-03-10'], 2)).toStrictEqual({
      current: 2,
      size: 10,
      boxId: 7,
      startDate: '2026-03-03',
      endDate: '2026-03-10',
    });
  });

  it('asks for the trend of the same device and days', () => {
    expect(trendBody(7, ['2026-03-03', '2026-03-10'])).toStrictEqual({ boxId: 7, startDate: '2026-03-03', endDate: '2026-03-10' });
  });
});
