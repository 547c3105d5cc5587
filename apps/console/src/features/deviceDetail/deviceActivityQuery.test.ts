import { describe, expect, it } from 'vitest';
import { deviceIdFromSearch, eventListBody, trendBody } from './deviceActivityQuery.ts';

describe('deviceIdFromSearch', () => {
  it('reads a positive integer id', () => {
    expect(deviceIdFromSearch(new URLSearchParams('id=42'))).toBe(42);
  });

  it('refuses anything else', () => {
    for (const search of ['', 'id=', 'id=0', 'id=-3', 'id=4.5', 'id=abc', 'id=99999999999999999999']) {
      expect(deviceIdFromSearch(new URLSearchParams(search))).toBeUndefined();
    }
  });
});

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
