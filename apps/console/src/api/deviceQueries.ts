import { queryOptions } from '@tanstack/react-query';
import type { AlarmRecordListBody, AlarmTrendBody, DeviceListBody } from '@pest/shared';
import { fetchAlarmRecords, fetchAlarmTrend, fetchDevice, fetchDevicePlacement, fetchDevices } from './devices.ts';
import { StaleTime } from './query/staleTimes.ts';

/** One device's calls name it, so their entries sit under that device's key. */
export type DeviceEventsBody = AlarmRecordListBody & { boxId: number };
export type DeviceTrendBody = AlarmTrendBody & { boxId: number };

/**
 * Device cache entries. One device's entries share a prefix, so a live push or an edit can reach
 * all of them (or only its events, or only its trends) with one key.
 */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (body: DeviceListBody) => [...deviceKeys.lists(), body] as const,
  alarms: (body: AlarmRecordListBody) => [...deviceKeys.all, 'alarms', body] as const,
  device: (id: number) => [...deviceKeys.all, 'device', id] as const,
  info: (id: number) => [...deviceKeys.device(id), 'info'] as const,
  placement: (id: number) => [...deviceKeys.device(id), 'placement'] as const,
  events: (boxId: number) => [...deviceKeys.device(boxId), 'events'] as const,
  eventPage: (body: DeviceEventsBody) => [...deviceKeys.events(body.boxId), body] as const,
  trends: (boxId: number) => [...deviceKeys.device(boxId), 'trend'] as const,
  trend: (body: DeviceTrendBody) => [...deviceKeys.trends(body.boxId), body] as const,
};

export const deviceQueries = {
  list: (body: DeviceListBody) =>
    queryOptions({ queryKey: deviceKeys.list(body), queryFn: ({ signal }) => fetchDevices(body, signal), staleTime: StaleTime.list }),
  /** Alarm records across devices (the navbar bell); a device's own are `eventPage`. */
  alarms: (body: AlarmRecordListBody) =>
    queryOptions({ queryKey: deviceKeys.alarms(body), queryFn: ({ signal }) => fetchAlarmRecords(body, signal), staleTime: StaleTime.list }),
  info: (id: number) =>
    queryOptions({ queryKey: deviceKeys.info(id), queryFn: ({ signal }) => fetchDevice(id, signal), staleTime: StaleTime.list }),
  placement: (id: number) =>
    queryOptions({ queryKey: deviceKeys.placement(id), queryFn: ({ signal }) => fetchDevicePlacement(id, signal), staleTime: StaleTime.list }),
  eventPage: (body: DeviceEventsBody) =>
    queryOptions({ queryKey: deviceKeys.eventPage(body), queryFn: ({ signal }) => fetchAlarmRecords(body, signal), staleTime: StaleTime.list }),
  trend: (body: DeviceTrendBody) =>
    queryOptions({ queryKey: deviceKeys.trend(body), queryFn: ({ signal }) => fetchAlarmTrend(body, signal), staleTime: StaleTime.chart }),
};
