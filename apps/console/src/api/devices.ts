import {
  AlarmEndpoints,
  DeviceEndpoints,
  type AlarmRecord,
  type AlarmRecordListBody,
  type AlarmTrendBody,
  type DeviceListBody,
  type DeviceRow,
  type Page,
} from '@pest/shared';
import { call, type RequestOptions } from './http.ts';

/** Device calls (console-spec section 7, "Devices"). */

export type DevicePage = Page<DeviceRow>;
export type AlarmRecordPage = Page<AlarmRecord>;

/** Parts of a page that show their own spinner keep the page-wide overlay away. */
const OWN_SPINNER: RequestOptions = { skipLoading: true };

export const fetchDevices = (body: DeviceListBody, signal?: AbortSignal) => call(DeviceEndpoints.list, body, { ...OWN_SPINNER, signal });

export const fetchDevice = (id: number, signal?: AbortSignal) => call(DeviceEndpoints.get, { id }, { signal });

/**
 * The device's plan layout. Quiet: a device not placed at a point answers with an error envelope,
 * and the map shows that message in its own place rather than as a toast.
 */
export const fetchDevicePlacement = (id: number, signal?: AbortSignal) =>
  call(DeviceEndpoints.detail, { id }, { ...OWN_SPINNER, quiet: true, signal });

/** The URL of the device-import template (xlsx). */
export const fetchDeviceTemplateUrl = () => call(DeviceEndpoints.template);

export const fetchAlarmRecords = (body: AlarmRecordListBody, signal?: AbortSignal) =>
  call(AlarmEndpoints.list, body, { ...OWN_SPINNER, signal });

export const fetchAlarmTrend = (body: AlarmTrendBody, signal?: AbortSignal) =>
  call(AlarmEndpoints.trend, body, { ...OWN_SPINNER, signal });
