import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./devices.ts', () => ({
  fetchAlarmRecords: vi.fn(),
  fetchAlarmTrend: vi.fn(),
  fetchDevice: vi.fn(),
  fetchDevicePlacement: vi.fn(),
  fetchDevices: vi.fn(),
}));

const { deviceKeys, deviceQueries } = await import('./deviceQueries.ts');

const eventPage = (boxId: number, current: number) => ({ boxId, current, size: 10, startDate: '2026-11-16', endDate: '2026-11-23' });
const trend = (boxId: number, startDate: string) => ({ boxId, startDate, endDate: '2026-11-23' });

describe('device query keys', () => {
  it('put every entry of one device under that device, so a push reaches exactly them', () => {
    const client = new QueryClient();
    for (const boxId of [1, 2]) {
      for (const current of [1, 2]) client.setQueryData(deviceQueries.eventPage(eventPage(boxId, current)).queryKey, { total: 0, records: [] });
      client.setQueryData(deviceQueries.info(boxId).queryKey, { id: boxId } as never);
    }
    void client.invalidateQueries({ queryKey: deviceKeys.events(1) });
    const stale = client
      .getQueryCache()
      .findAll({ stale: true })
      .map((query) => query.queryKey);
    expect(stale).toEqual([deviceKeys.eventPage(eventPage(1, 1)), deviceKeys.eventPage(eventPage(1, 2))]);
  });

  it('let a live trend reach every cached range of the device and no other device', () => {
    const client = new QueryClient();
    client.setQueryData(deviceQueries.trend(trend(1, '2026-11-17')).queryKey, { dateList: ['a'] } as never);
    client.setQueryData(deviceQueries.trend(trend(1, '2026-11-01')).queryKey, { dateList: ['b'] } as never);
    client.setQueryData(deviceQueries.trend(trend(2, '2026-11-17')).queryKey, { dateList: ['c'] } as never);
    const reached = client.getQueriesData({ queryKey: deviceKeys.trends(1) }).map(([key]) => key);
    expect(reached).toHaveLength(2);
    expect(reached.every((key) => key[2] === 1)).toBe(true);
  });

  it('keep device-list pages apart from single devices, so an edit can make every page stale at once', () => {
    const body = { current: 1, size: 10, isCustomer: true, filters: {} };
    expect(deviceQueries.list(body).queryKey.slice(0, 2)).toEqual(deviceKeys.lists());
    expect(deviceQueries.info(3).queryKey.slice(0, 2)).not.toEqual(deviceKeys.lists());
  });
});
